#include "motionedit/OffsetSpec.h"

#include "bpat/BpatDocument.h"
#include "motionedit/MotionSkeleton.h"

#include <cmath>

namespace bpat {

namespace {

std::optional<double> number(const QString &text)
{
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    return ok && std::isfinite(v) ? std::optional<double>(v) : std::nullopt;
}

std::optional<quint32> frameNumber(const QString &text)
{
    bool ok = false;
    const uint v = text.trimmed().toUInt(&ok);
    return ok ? std::optional<quint32>(v) : std::nullopt;
}

} // namespace

std::optional<OffsetSpec> OffsetSpec::parse(const QString &text, QString *error)
{
    auto fail = [&](const QString &why) -> std::optional<OffsetSpec> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    const qsizetype eq = text.indexOf(QLatin1Char('='));
    const qsizetype channelAt = eq > 0 ? text.lastIndexOf(QLatin1Char(':'), eq - 1) : -1;
    const qsizetype boneAt = channelAt > 0 ? text.lastIndexOf(QLatin1Char(':'), channelAt - 1) : -1;
    if (boneAt <= 0)
        return fail(QStringLiteral("expected CLIP:BONE:CHANNEL=FRAME:VALUE[:MODE],...[@FIRST:LAST], got '%1'").arg(text));
    OffsetSpec spec;
    spec.clip = text.left(boneAt);
    spec.bone = text.mid(boneAt + 1, channelAt - boneAt - 1);
    const QString channel = text.mid(channelAt + 1, eq - channelAt - 1);
    const std::optional<OffsetChannel> c = offsetChannelFromName(channel);
    if (!c)
        return fail(QStringLiteral("no channel '%1' (expected %2)").arg(channel, offsetChannelChoices()));
    spec.channel = *c;
    QString keys = text.mid(eq + 1);
    const qsizetype at = keys.indexOf(QLatin1Char('@'));
    if (at >= 0) {
        const QStringList range = keys.mid(at + 1).split(QLatin1Char(':'));
        const auto first = frameNumber(range.value(0));
        const auto last = frameNumber(range.value(1));
        if (range.size() != 2 || !first || !last)
            return fail(QStringLiteral("the range '%1' is not FIRST:LAST frame numbers").arg(keys.mid(at + 1)));
        spec.range = std::pair<quint32, quint32>{*first, *last};
        keys = keys.left(at);
    }
    for (const QString &key : keys.split(QLatin1Char(','))) {
        const QStringList parts = key.split(QLatin1Char(':'));
        const auto frame = number(parts.value(0));
        const auto value = number(parts.value(1));
        if (parts.size() < 2 || parts.size() > 3 || !frame || !value)
            return fail(QStringLiteral("the key '%1' is not FRAME:VALUE[:MODE] with finite numbers").arg(key));
        const auto mode = parts.size() == 3 ? interpolationFromName(parts.at(2))
                                            : std::optional<OffsetInterpolation>(OffsetInterpolation::Auto);
        if (!mode)
            return fail(QStringLiteral("no interpolation '%1' (expected auto, flat, linear or stepped)").arg(parts.at(2)));
        spec.keys.append({*frame, *value, *mode});
    }
    return spec;
}

bool OffsetSpec::resolve(const BpatDocument &document, EulerOrder order, int *clipIndex, OffsetLayer *layer, QString *error) const
{
    auto fail = [&](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    int c = document.findClip(clip);
    bool isNumber = false;
    const uint asIndex = clip.toUInt(&isNumber);
    if (c < 0 && isNumber && asIndex < uint(document.clipCount()))
        c = int(asIndex);
    if (c < 0)
        return fail(QStringLiteral("no clip named or numbered '%1'").arg(clip));
    const MotionSkeleton skeleton = MotionSkeleton::forDocument(document);
    int b = skeleton.indexOf(bone);
    if (b < 0) {
        b = bone.toInt(&isNumber);
        if (!isNumber || b < 0)
            return fail(QStringLiteral("no bone named '%1' in the rig (%2) and it is not an index")
                            .arg(bone, skeleton.names().join(QStringLiteral(", "))));
    }
    *clipIndex = c;
    layer->setOrder(order);
    layer->setRange(range);
    for (const OffsetKey &key : keys)
        layer->setKey(b, channel, key);
    return true;
}

} // namespace bpat
