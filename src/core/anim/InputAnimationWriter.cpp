#include "anim/InputAnimationWriter.h"

#include "io/AtomicFile.h"
#include "anim/InputAnimationReader.h"

#include <QtEndian>

#include <algorithm>
#include <cstring>

namespace bpat {

namespace {

// Appends little-endian fields into a buffer grown ahead of need (one resize, usually).
class ByteSink
{
public:
    explicit ByteSink(qsizetype expected)
        : m_bytes(expected, Qt::Uninitialized)
    {
    }
    template<typename T> void put(T value) { qToLittleEndian(value, reserve(sizeof(T))); }
    void putString(const QString &text) // .NET BinaryWriter.Write(string)
    {
        const QByteArray utf8 = text.toUtf8();
        quint32 length = quint32(utf8.size());
        do {
            const quint8 low = length & 0x7f;
            length >>= 7;
            put<quint8>(length ? (low | 0x80) : low);
        } while (length);
        std::memcpy(reserve(utf8.size()), utf8.constData(), size_t(utf8.size()));
    }
    void putFloatCurve(const FloatCurve &curve, bool simple)
    {
        putCurveHeader(curve.preWrap(), curve.postWrap(), curve.keyCount());
        const QList<Keyframe> &keys = curve.keys();
        if (!simple && Q_BYTE_ORDER == Q_LITTLE_ENDIAN) { // Keyframe mirrors the 28-byte layout
            if (!keys.isEmpty())
                std::memcpy(reserve(keys.size() * qsizetype(sizeof(Keyframe))), keys.constData(),
                            size_t(keys.size()) * sizeof(Keyframe));
            return;
        }
        for (const Keyframe &k : keys) {
            put(k.time);
            put(k.value);
            if (simple)
                continue;
            put(k.inTangent);
            put(k.outTangent);
            put(k.inWeight);
            put(k.outWeight);
            put<qint32>(k.weightedMode);
        }
    }
    void putBoolCurve(const BoolCurve &curve)
    {
        putCurveHeader(curve.preWrap(), curve.postWrap(), curve.keyCount());
        for (const BoolKey &k : curve.keys()) {
            put(k.time);
            put(k.value);
        }
    }
    QByteArray take()
    {
        m_bytes.truncate(m_size);
        return std::move(m_bytes);
    }

private:
    void putCurveHeader(WrapMode pre, WrapMode post, int count)
    {
        put<qint32>(qint32(pre));
        put<qint32>(qint32(post));
        put<qint32>(qint32(count));
    }
    char *reserve(qsizetype n)
    {
        if (m_size + n > m_bytes.size())
            m_bytes.resize(std::max(m_bytes.size() * 2, m_size + n));
        char *at = m_bytes.data() + m_size;
        m_size += n;
        return at;
    }

    QByteArray m_bytes;
    qsizetype m_size = 0;
};

qsizetype estimateSize(const InputAnimation &animation, bool simple)
{
    qsizetype size = 16 + 3 + 4;
    for (const CurveRef &ref : animation.curves())
        size += 12 + qsizetype(ref.keyCount()) * (ref.floatCurve && !simple ? 28 : 8);
    for (const InputAnimationMarker &m : animation.markers())
        size += 4 + 5 + m.name.size() * 3;
    return size;
}

} // namespace

QByteArray InputAnimationWriter::toBytes(const InputAnimation &animation)
{
    m_diagnostics.clear();
    const auto [major, minor] = m_version.value_or(std::pair{animation.majorVersion(), animation.minorVersion()});
    if (major != 1 || (minor != 0 && minor != 1)) {
        m_diagnostics.append(
            {QStringLiteral("ANIM_UNSUPPORTED_VERSION"), Severity::Error,
             QStringLiteral("cannot write version %1.%2; supported versions are 1.0 and 1.1").arg(major).arg(minor), std::nullopt,
             QStringLiteral("header.version")});
        return QByteArray();
    }
    const bool v11 = minor == 1;
    const bool camera = v11 ? animation.hasCamera() : true;
    const bool hands = v11 ? animation.hasHands() : true;
    const bool eyeGaze = v11 && animation.hasEyeGaze();

    if (!v11) {
        if (animation.hasEyeGaze()) {
            m_diagnostics.append({QStringLiteral("ANIM_EYE_GAZE_DROPPED"), Severity::Warning,
                                  QStringLiteral("version 1.0 has no eye gaze section: the 6 EyeGaze curves are not written"),
                                  std::nullopt, QStringLiteral("EyeGaze")});
        }
        if (!animation.hasCamera() || !animation.hasHands()) {
            m_diagnostics.append(
                {QStringLiteral("ANIM_SECTION_FILLED"), Severity::Info,
                 QStringLiteral("version 1.0 always holds camera and hands: the absent %1 written as empty curves")
                     .arg(!animation.hasCamera() && !animation.hasHands() ? QStringLiteral("camera and hand curves are")
                              : !animation.hasCamera()                    ? QStringLiteral("camera curves are")
                                                                          : QStringLiteral("hand curves are")),
                 std::nullopt, QString()});
        }
    } else {
        qint64 dropped = 0;
        QString firstCurve;
        for (const CurveRef &ref : animation.curves()) {
            if (!ref.floatCurve)
                continue;
            for (const Keyframe &k : ref.floatCurve->keys()) {
                if (!k.isSimple()) {
                    if (!dropped)
                        firstCurve = ref.name;
                    ++dropped;
                }
            }
        }
        if (dropped) {
            m_diagnostics.append(
                {QStringLiteral("ANIM_TANGENTS_DROPPED"), Severity::Warning,
                 QStringLiteral("version 1.1 keys hold time and value only: tangents, weights or weighted mode of %1 "
                                "keys (first in %2) are not written; they read back as linear keys")
                     .arg(dropped)
                     .arg(firstCurve),
                 std::nullopt, firstCurve});
        }
    }

    static const InputAnimation blank; // empty curves for sections 1.0 needs but the animation lacks
    const InputAnimation &cameraSource = animation.hasCamera() ? animation : blank;
    const InputAnimation &handSource = animation.hasHands() ? animation : blank;

    ByteSink out(estimateSize(animation, v11));
    out.put<quint64>(InputAnimationReader::Magic);
    out.put<qint32>(major);
    out.put<qint32>(minor);
    if (v11) {
        out.put<quint8>(camera);
        out.put<quint8>(hands);
        out.put<quint8>(eyeGaze);
    }
    if (camera) {
        for (const FloatCurve &curve : cameraSource.camera().curves)
            out.putFloatCurve(curve, v11);
    }
    if (hands) {
        for (int b = 0; b < HandBoolCurveCount; ++b)
            out.putBoolCurve(handSource.handBool(HandBoolCurve(b)));
        for (int h = 0; h < HandCount; ++h) {
            for (int j = 0; j < HandJointCount; ++j) {
                for (const FloatCurve &curve : handSource.joint(Hand(h), HandJoint(j)).curves)
                    out.putFloatCurve(curve, v11);
            }
        }
    }
    if (eyeGaze) {
        for (const FloatCurve &curve : animation.eyeGaze().curves)
            out.putFloatCurve(curve, true);
    }
    out.put<qint32>(qint32(animation.markers().size()));
    for (const InputAnimationMarker &marker : animation.markers()) {
        out.put(marker.time);
        out.putString(marker.name);
    }
    return out.take();
}

bool InputAnimationWriter::writeFile(const InputAnimation &animation, const QString &path)
{
    const QByteArray bytes = toBytes(animation);
    if (hasErrors(m_diagnostics))
        return false;
    QString error;
    if (!AtomicFile::write(path, bytes, &error)) {
        m_diagnostics.append({QStringLiteral("ANIM_WRITE_FAILED"), Severity::Error, QStringLiteral("cannot write %1").arg(error),
                              std::nullopt, QString()});
        return false;
    }
    return true;
}

QString InputAnimationWriter::errorString() const
{
    for (const Diagnostic &d : m_diagnostics) {
        if (d.severity == Severity::Error)
            return d.message;
    }
    return QString();
}

} // namespace bpat
