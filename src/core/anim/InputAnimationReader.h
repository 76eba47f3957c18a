#pragma once
// Reads input animation recordings (`.bin`, versions 1.0 and 1.1; newer versions are refused).
// The file is hostile until validated: every count is checked against the bytes that remain
// before anything is allocated, and every problem becomes a Diagnostic with a stable code
// (listed in docs/validation.md, "Input animation (.bin) codes"), the byte offset and the curve
// and key concerned, e.g. "file ends inside LeftHand/IndexTip/RotationW, key 17 of 334, at
// byte 123456". Errors stop the read (no animation is returned); warnings do not.
#include "diagnostics/Diagnostic.h"
#include "anim/InputAnimation.h"

#include <QByteArrayView>
#include <QString>
#include <optional>

namespace bpat {

class InputAnimationReader
{
public:
    static constexpr quint64 Magic = 0x6a8faf6e0f9e42c6ULL; // little-endian Int64
    static constexpr int LatestMajorVersion = 1;
    static constexpr int LatestMinorVersion = 1;

    // Recordings are read whole: the real ones are up to 3.3 MB; an hour of hand tracking with
    // a key per curve at 60 Hz is about 660 MB in 1.1. A file that is not regular (a directory,
    // FIFO, device) or is larger than this is ANIM_FILE_UNREADABLE.
    static constexpr qint64 MaxFileBytes = qint64(1) << 30;

    std::optional<InputAnimation> read(QByteArrayView data);
    std::optional<InputAnimation> readFile(const QString &path);

    // Findings of the last read: warnings, and the error that stopped it if any.
    const Diagnostics &diagnostics() const { return m_diagnostics; }
    // The first error's message (empty after a successful read).
    QString errorString() const;
    // Bytes the last read decoded (the whole file after a successful read without
    // ANIM_TRAILING_BYTES).
    qint64 bytesConsumed() const { return m_bytesConsumed; }

private:
    Diagnostics m_diagnostics;
    qint64 m_bytesConsumed = 0;
};

} // namespace bpat
