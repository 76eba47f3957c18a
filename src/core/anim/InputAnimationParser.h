#pragma once
// Decodes one input animation recording (`.bin`, 1.0 or 1.1) for InputAnimationReader: a cursor
// over the bytes where every read is bounds-checked first, and every problem becomes a
// Diagnostic with its code, byte offset and curve/key (see docs/validation.md). Counts are
// checked against the bytes left before anything is allocated.
#include "diagnostics/Diagnostic.h"
#include "anim/InputAnimation.h"

#include <QByteArrayView>
#include <QString>
#include <functional>
#include <optional>

namespace bpat {

class InputAnimationParser
{
public:
    InputAnimationParser(QByteArrayView data, Diagnostics &diagnostics)
        : m_data(data)
        , m_diagnostics(diagnostics)
    {
    }

    // The animation, or nullopt after an error (in the diagnostics, with the warnings).
    std::optional<InputAnimation> parse();
    qint64 position() const { return m_pos; } // bytes decoded so far

private:
    qint64 remaining() const { return m_data.size() - m_pos; }
    const char *here() const { return m_data.data() + m_pos; }
    void report(Severity severity, const QString &code, const QString &message, qint64 offset, const QString &location);
    // Error when fewer than `size` bytes remain; `what` completes "file ends inside ...".
    bool need(qint64 size, const QString &what, const QString &location);
    qint32 i32(); // callers check the range first (need, or a count checked against remaining())
    float f32();

    bool readHeader(InputAnimation &animation);
    bool readCurveHeader(const QString &name, WrapMode &pre, WrapMode &post, qint32 &count, qint64 keySize);
    bool readFloatCurve(FloatCurve &curve, const QString &name, bool simpleKeys);
    bool readBoolCurve(BoolCurve &curve, const QString &name);
    template<typename Key> bool checkKeys(const QList<Key> &keys, const QString &name, qint64 keysStart, qint64 keySize);
    bool readPose(PoseCurves &pose, const std::function<QString(PoseComponent)> &name, bool simple);
    bool readMarkers(QList<InputAnimationMarker> &markers);

    QByteArrayView m_data;
    Diagnostics &m_diagnostics;
    qint64 m_pos = 0;
};

} // namespace bpat
