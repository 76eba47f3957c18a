#include "anim/InputAnimationParser.h"

#include "anim/InputAnimationReader.h" // Magic, versions

#include <QStringDecoder>
#include <QtEndian>

#include <cmath>
#include <cstring>
#include <limits>

namespace bpat {

namespace {

constexpr qint64 HeaderSize = 16;
constexpr qint64 FullKeySize = 28;  // 1.0: time, value, in/out tangent, in/out weight, mode
constexpr qint64 SimpleKeySize = 8; // 1.1 float keys and every bool key: time, value
constexpr qint64 MinMarkerSize = 5; // Float32 time + a one-byte length prefix

static_assert(sizeof(Keyframe) == FullKeySize, "Keyframe mirrors the 1.0 key layout");
static_assert(sizeof(BoolKey) == SimpleKeySize, "BoolKey mirrors the bool key layout");

QString num(qint64 v)
{
    return QString::number(v);
}

} // namespace

void InputAnimationParser::report(Severity severity, const QString &code, const QString &message, qint64 offset,
                                  const QString &location)
{
    m_diagnostics.append({code, severity, message, quint64(offset), location});
}

bool InputAnimationParser::need(qint64 size, const QString &what, const QString &location)
{
    if (remaining() >= size)
        return true;
    report(Severity::Error, QStringLiteral("ANIM_TRUNCATED"),
           QStringLiteral("file ends inside %1, at byte %2 (%3 bytes expected from byte %4, %5 present)")
               .arg(what, num(m_data.size()), num(size), num(m_pos), num(remaining())),
           m_data.size(), location);
    return false;
}

qint32 InputAnimationParser::i32()
{
    const qint32 v = qFromLittleEndian<qint32>(here());
    m_pos += 4;
    return v;
}

float InputAnimationParser::f32()
{
    const float v = qFromLittleEndian<float>(here());
    m_pos += 4;
    return v;
}

bool InputAnimationParser::readHeader(InputAnimation &animation)
{
    if (!need(HeaderSize, QStringLiteral("the header"), QStringLiteral("header")))
        return false;
    const quint64 magic = qFromLittleEndian<quint64>(here());
    if (magic != InputAnimationReader::Magic) {
        report(Severity::Error, QStringLiteral("ANIM_BAD_MAGIC"),
               QStringLiteral("not an input animation: magic at byte 0 is 0x%1, expected 0x%2")
                   .arg(QString::number(magic, 16).rightJustified(16, QLatin1Char('0')),
                        QString::number(InputAnimationReader::Magic, 16)),
               0, QStringLiteral("header.magic"));
        return false;
    }
    m_pos = 8;
    const qint32 major = i32();
    const qint32 minor = i32();
    if (major != 1 || minor < 0 || minor > InputAnimationReader::LatestMinorVersion) {
        const bool newer = major > 1 || (major == 1 && minor > 1);
        report(Severity::Error, QStringLiteral("ANIM_UNSUPPORTED_VERSION"),
               QStringLiteral("version %1.%2 at byte 8 is %3; supported versions are 1.0 and 1.1")
                   .arg(num(major), num(minor),
                        newer ? QStringLiteral("newer than this reader knows") : QStringLiteral("not a known version")),
               8, QStringLiteral("header.version"));
        return false;
    }
    animation.setVersion(major, minor);
    return true;
}

bool InputAnimationParser::readCurveHeader(const QString &name, WrapMode &pre, WrapMode &post, qint32 &count, qint64 keySize)
{
    if (!need(12, name + QStringLiteral(" (wrap modes and key count)"), name))
        return false;
    const qint64 headerStart = m_pos;
    pre = WrapMode(i32());
    post = WrapMode(i32());
    for (const WrapMode mode : {pre, post}) {
        if (!isKnownWrapMode(mode)) {
            report(Severity::Warning, QStringLiteral("ANIM_UNKNOWN_WRAP_MODE"),
                   QStringLiteral("%1: wrap mode %2 at byte %3 is not 0, 1, 2, 4 or 8; evaluated as clamp")
                       .arg(name, num(qint32(mode)), num(headerStart)),
                   headerStart, name + QStringLiteral(".wrap"));
            break;
        }
    }
    const qint64 countOffset = m_pos;
    count = i32();
    if (count < 0) {
        report(Severity::Error, QStringLiteral("ANIM_NEGATIVE_KEY_COUNT"),
               QStringLiteral("%1: key count %2 at byte %3 is negative").arg(name, num(count), num(countOffset)), countOffset,
               name + QStringLiteral(".key_count"));
        return false;
    }
    // Checked before anything is allocated: the keys must fit in what is left of the file.
    const qint64 needed = qint64(count) * keySize; // count < 2^31, keySize <= 28: no overflow
    if (needed > remaining()) {
        const qint64 fullKeys = remaining() / keySize;
        report(Severity::Error, QStringLiteral("ANIM_KEY_COUNT_TOO_LARGE"),
               QStringLiteral("file ends inside %1, key %2 of %3, at byte %4 (the key count at byte %5 "
                              "needs %6 bytes of keys from byte %7, %8 remain)")
                   .arg(name, num(fullKeys), num(count), num(m_data.size()), num(countOffset), num(needed), num(m_pos),
                        num(remaining())),
               m_data.size(), name + QStringLiteral(".keys[%1]").arg(fullKeys));
        return false;
    }
    return true;
}

template<typename Key>
bool InputAnimationParser::checkKeys(const QList<Key> &keys, const QString &name, qint64 keysStart, qint64 keySize)
{
    bool reportedOrder = false;
    bool reportedValue = false;
    const int count = int(keys.size());
    // Built only when something is reported: this loop runs over every key of the file.
    const auto where = [&](int i) {
        return QStringLiteral("%1, key %2 of %3, at byte %4").arg(name, num(i), num(count), num(keysStart + i * keySize));
    };
    for (int i = 0; i < count; ++i) {
        const Key &key = keys[i];
        if (!std::isfinite(key.time)) [[unlikely]] {
            report(Severity::Error, QStringLiteral("ANIM_NON_FINITE_TIME"),
                   QStringLiteral("%1: time is %2; key times must be finite").arg(where(i), QString::number(key.time)),
                   keysStart + i * keySize, name + QStringLiteral(".keys[%1].time").arg(i));
            return false;
        }
        if (!std::isfinite(key.value) && !reportedValue) [[unlikely]] {
            reportedValue = true;
            report(Severity::Warning, QStringLiteral("ANIM_NON_FINITE_VALUE"),
                   QStringLiteral("%1: value is %2").arg(where(i), QString::number(key.value)), keysStart + i * keySize + 4,
                   name + QStringLiteral(".keys[%1].value").arg(i));
        }
        if (i > 0 && key.time < keys[i - 1].time && !reportedOrder) [[unlikely]] {
            reportedOrder = true;
            report(Severity::Warning, QStringLiteral("ANIM_KEYS_OUT_OF_ORDER"),
                   QStringLiteral("%1: time %2 is before the previous key's %3; evaluation expects "
                                  "increasing times")
                       .arg(where(i), QString::number(key.time), QString::number(keys[i - 1].time)),
                   keysStart + i * keySize, name + QStringLiteral(".keys[%1].time").arg(i));
        }
    }
    return true;
}

bool InputAnimationParser::readFloatCurve(FloatCurve &curve, const QString &name, bool simpleKeys)
{
    WrapMode pre, post;
    qint32 count = 0;
    const qint64 keySize = simpleKeys ? SimpleKeySize : FullKeySize;
    if (!readCurveHeader(name, pre, post, count, keySize))
        return false;
    curve.setPreWrap(pre);
    curve.setPostWrap(post);
    const qint64 keysStart = m_pos;
    QList<Keyframe> keys(count);
    if (simpleKeys) {
        for (Keyframe &k : keys) {
            k.time = f32();
            k.value = f32();
        }
    } else if constexpr (Q_BYTE_ORDER == Q_LITTLE_ENDIAN) {
        // Keyframe mirrors the 28-byte key layout: one copy for the whole curve.
        if (count > 0) // an empty QList may have no storage at all
            std::memcpy(static_cast<void *>(keys.data()), here(), size_t(count) * FullKeySize);
        m_pos += count * FullKeySize;
    } else {
        for (Keyframe &k : keys) {
            k.time = f32();
            k.value = f32();
            k.inTangent = f32();
            k.outTangent = f32();
            k.inWeight = f32();
            k.outWeight = f32();
            k.weightedMode = i32();
        }
    }
    if (!simpleKeys) {
        for (qint32 i = 0; i < count; ++i) {
            if ((keys[i].weightedMode & ~WeightedMode::Both) == 0) [[likely]]
                continue;
            const qint64 offset = keysStart + i * FullKeySize + 24;
            report(Severity::Warning, QStringLiteral("ANIM_UNKNOWN_WEIGHTED_MODE"),
                   QStringLiteral("%1, key %2 of %3, at byte %4: weighted mode %5 is not 0..3; only bits 0 "
                                  "and 1 are used")
                       .arg(name, num(i), num(count), num(offset), num(keys[i].weightedMode)),
                   offset, name + QStringLiteral(".keys[%1].weighted_mode").arg(i));
            break;
        }
    }
    if (!checkKeys(keys, name, keysStart, keySize))
        return false;
    curve.setKeys(std::move(keys));
    return true;
}

bool InputAnimationParser::readBoolCurve(BoolCurve &curve, const QString &name)
{
    WrapMode pre, post;
    qint32 count = 0;
    if (!readCurveHeader(name, pre, post, count, SimpleKeySize))
        return false;
    curve.setPreWrap(pre);
    curve.setPostWrap(post);
    const qint64 keysStart = m_pos;
    QList<BoolKey> keys(count);
    if constexpr (Q_BYTE_ORDER == Q_LITTLE_ENDIAN) {
        if (count > 0)
            std::memcpy(static_cast<void *>(keys.data()), here(), size_t(count) * SimpleKeySize);
        m_pos += count * SimpleKeySize;
    } else {
        for (BoolKey &k : keys) {
            k.time = f32();
            k.value = f32();
        }
    }
    if (!checkKeys(keys, name, keysStart, SimpleKeySize))
        return false;
    curve.setKeys(std::move(keys));
    return true;
}

bool InputAnimationParser::readPose(PoseCurves &pose, const std::function<QString(PoseComponent)> &name, bool simple)
{
    for (int c = 0; c < PoseComponentCount; ++c) {
        if (!readFloatCurve(pose[PoseComponent(c)], name(PoseComponent(c)), simple))
            return false;
    }
    return true;
}

bool InputAnimationParser::readMarkers(QList<InputAnimationMarker> &markers)
{
    if (!need(4, QStringLiteral("the marker count"), QStringLiteral("markers.count")))
        return false;
    const qint64 countOffset = m_pos;
    const qint32 count = i32();
    if (count < 0) {
        report(Severity::Error, QStringLiteral("ANIM_NEGATIVE_MARKER_COUNT"),
               QStringLiteral("marker count %1 at byte %2 is negative").arg(num(count), num(countOffset)), countOffset,
               QStringLiteral("markers.count"));
        return false;
    }
    if (qint64(count) * MinMarkerSize > remaining()) {
        report(Severity::Error, QStringLiteral("ANIM_MARKER_COUNT_TOO_LARGE"),
               QStringLiteral("file ends inside the markers, marker %1 of %2, at byte %3 (the marker count at "
                              "byte %4 needs at least %5 bytes, %6 remain)")
                   .arg(num(remaining() / MinMarkerSize), num(count), num(m_data.size()), num(countOffset),
                        num(qint64(count) * MinMarkerSize), num(remaining())),
               m_data.size(), QStringLiteral("markers.count"));
        return false;
    }
    markers.reserve(count);
    for (qint32 i = 0; i < count; ++i) {
        const QString what = QStringLiteral("marker %1 of %2").arg(num(i), num(count));
        const QString location = QStringLiteral("markers[%1]").arg(i);
        if (!need(4, what + QStringLiteral(" (time)"), location))
            return false;
        InputAnimationMarker marker;
        const qint64 timeOffset = m_pos;
        marker.time = f32();
        if (!std::isfinite(marker.time)) {
            report(Severity::Warning, QStringLiteral("ANIM_NON_FINITE_MARKER_TIME"),
                   QStringLiteral("%1 at byte %2: time is %3").arg(what, num(timeOffset), QString::number(marker.time)),
                   timeOffset, location + QStringLiteral(".time"));
        }
        // .NET 7-bit encoded Int32: 7 bits per byte, low first, at most 5 bytes.
        const qint64 prefixOffset = m_pos;
        quint64 length = 0;
        for (int shift = 0;; shift += 7) {
            if (!need(1, what + QStringLiteral(" (name length)"), location))
                return false;
            const quint8 byte = quint8(*here());
            ++m_pos;
            length |= quint64(byte & 0x7f) << shift;
            if (!(byte & 0x80))
                break;
            if (shift == 28) {
                report(Severity::Error, QStringLiteral("ANIM_BAD_STRING_LENGTH"),
                       QStringLiteral("%1: name length prefix at byte %2 runs past 5 bytes").arg(what, num(prefixOffset)),
                       prefixOffset, location + QStringLiteral(".name"));
                return false;
            }
        }
        if (length > quint64(std::numeric_limits<qint32>::max())) {
            report(Severity::Error, QStringLiteral("ANIM_BAD_STRING_LENGTH"),
                   QStringLiteral("%1: name length %2 at byte %3 is over 2^31 - 1")
                       .arg(what, QString::number(length), num(prefixOffset)),
                   prefixOffset, location + QStringLiteral(".name"));
            return false;
        }
        if (!need(qint64(length), what + QStringLiteral(" (name of %1 bytes)").arg(length), location))
            return false;
        QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
        marker.name = utf8.decode(QByteArrayView(here(), qsizetype(length)));
        if (utf8.hasError()) {
            report(Severity::Warning, QStringLiteral("ANIM_INVALID_UTF8"),
                   QStringLiteral("%1: name at byte %2 is not valid UTF-8 (invalid bytes replaced)").arg(what, num(m_pos)), m_pos,
                   location + QStringLiteral(".name"));
        }
        m_pos += qint64(length);
        markers.append(std::move(marker));
    }
    return true;
}

std::optional<InputAnimation> InputAnimationParser::parse()
{
    InputAnimation a;
    if (!readHeader(a))
        return std::nullopt;
    const bool v11 = a.minorVersion() == 1;
    if (v11) {
        if (!need(3, QStringLiteral("the section flags"), QStringLiteral("sections")))
            return std::nullopt;
        bool flags[3];
        for (int i = 0; i < 3; ++i) {
            const quint8 byte = quint8(*here());
            if (byte > 1) {
                report(Severity::Warning, QStringLiteral("ANIM_BAD_SECTION_FLAG"),
                       QStringLiteral("section flag %1 at byte %2 is %3, expected 0 or 1; read as true")
                           .arg(num(i), num(m_pos), num(byte)),
                       m_pos, QStringLiteral("sections[%1]").arg(i));
            }
            flags[i] = byte != 0;
            ++m_pos;
        }
        a.setHasCamera(flags[0]);
        a.setHasHands(flags[1]);
        a.setHasEyeGaze(flags[2]);
    } else {
        a.setHasCamera(true);
        a.setHasHands(true);
        a.setHasEyeGaze(false);
    }
    if (a.hasCamera() && !readPose(a.camera(), InputAnimation::cameraCurveName, v11))
        return std::nullopt;
    if (a.hasHands()) {
        for (int b = 0; b < HandBoolCurveCount; ++b) {
            if (!readBoolCurve(a.handBool(HandBoolCurve(b)), InputAnimation::handBoolCurveName(HandBoolCurve(b))))
                return std::nullopt;
        }
        for (int h = 0; h < HandCount; ++h) {
            for (int j = 0; j < HandJointCount; ++j) {
                const auto name = [h, j](PoseComponent c) { return InputAnimation::jointCurveName(Hand(h), HandJoint(j), c); };
                if (!readPose(a.joint(Hand(h), HandJoint(j)), name, v11))
                    return std::nullopt;
            }
        }
    }
    if (a.hasEyeGaze()) {
        for (int c = 0; c < RayComponentCount; ++c) {
            if (!readFloatCurve(a.eyeGaze()[RayComponent(c)], InputAnimation::eyeGazeCurveName(RayComponent(c)), true))
                return std::nullopt;
        }
    }
    if (!readMarkers(a.markers()))
        return std::nullopt;
    if (remaining() > 0) {
        report(Severity::Warning, QStringLiteral("ANIM_TRAILING_BYTES"),
               QStringLiteral("%1 bytes after the marker list, from byte %2 to the end at byte %3, are ignored")
                   .arg(num(remaining()), num(m_pos), num(m_data.size())),
               m_pos, QStringLiteral("trailer"));
    }
    return a;
}

} // namespace bpat
