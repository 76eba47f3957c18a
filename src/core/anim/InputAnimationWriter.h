#pragma once
// Writes input animation recordings (`.bin`) as version 1.0 or 1.1, exactly as the toolkit's
// serializer lays them out, so a file read and written back in its own version is byte-identical.
// Converting reports what the target version cannot hold (as warnings, see docs/validation.md):
// 1.1 float keys are time and value only (tangents, weights and weighted mode are dropped);
// 1.0 has no eye gaze, and always holds camera and hands (absent sections are written empty).
// Files are written through QSaveFile: a failed write leaves the original untouched.
#include "diagnostics/Diagnostic.h"
#include "anim/InputAnimation.h"

#include <QByteArray>
#include <QString>
#include <optional>

namespace bpat {

class InputAnimationWriter
{
public:
    // The version to write; without one, the animation's own version is used.
    void setVersion(int major, int minor) { m_version = {major, minor}; }
    void clearVersion() { m_version.reset(); }

    // The file's bytes; empty (with an ANIM_UNSUPPORTED_VERSION error) for a version other
    // than 1.0 or 1.1.
    QByteArray toBytes(const InputAnimation &animation);
    bool writeFile(const InputAnimation &animation, const QString &path);

    // What the last write could not keep (warnings, infos) and why it failed (errors).
    const Diagnostics &diagnostics() const { return m_diagnostics; }
    QString errorString() const;

private:
    std::optional<std::pair<int, int>> m_version;
    Diagnostics m_diagnostics;
};

} // namespace bpat
