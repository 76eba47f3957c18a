#include "MotionEditOperations.h"

#include "CliSupport.h"
#include "motionedit/MotionEditor.h"
#include "motionedit/MotionSkeleton.h"

#include <cmath>

namespace bpat::cli {

namespace {

std::optional<double> parseNumber(const QString &text)
{
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    return ok && std::isfinite(v) ? std::optional<double>(v) : std::nullopt;
}

// CLIP:BONE:CHANNEL=FRAME:VALUE[:MODE],...[@FIRST:LAST] into a layer (the clip name may hold ':').
QString parseOffset(const BpatDocument &doc, const QString &value, const MotionOperationContext &context, int *clip,
                    OffsetLayer *layer)
{
    const QString form = QStringLiteral("--offset expects CLIP:BONE:CHANNEL=FRAME:VALUE[:MODE],...[@FIRST:LAST], got '%1'");
    const qsizetype eq = value.indexOf(QLatin1Char('='));
    if (eq <= 0)
        return form.arg(value);
    const QString target = value.left(eq);
    QString keys = value.mid(eq + 1);
    const qsizetype channelAt = target.lastIndexOf(QLatin1Char(':'));
    const qsizetype boneAt = channelAt > 0 ? target.lastIndexOf(QLatin1Char(':'), channelAt - 1) : -1;
    if (boneAt <= 0)
        return form.arg(value);
    const QString clipName = target.left(boneAt);
    const QString boneName = target.mid(boneAt + 1, channelAt - boneAt - 1);
    const QString channelName = target.mid(channelAt + 1);
    *clip = context.clipIndex(clipName);
    if (*clip < 0)
        return QStringLiteral("no clip named or numbered '%1'").arg(clipName);
    const MotionSkeleton skeleton = MotionSkeleton::forDocument(doc);
    int bone = skeleton.indexOf(boneName);
    if (bone < 0) {
        bool number = false;
        bone = boneName.toInt(&number);
        if (!number || bone < 0)
            return QStringLiteral("--offset: no bone named '%1' in the rig (%2) and it is not an index")
                .arg(boneName, skeleton.names().join(QStringLiteral(", ")));
    }
    const std::optional<OffsetChannel> channel = offsetChannelFromName(channelName);
    if (!channel)
        return QStringLiteral("--offset: no channel '%1' (expected %2)").arg(channelName, offsetChannelChoices());
    layer->setOrder(context.order);
    const qsizetype at = keys.indexOf(QLatin1Char('@'));
    if (at >= 0) {
        const QStringList range = keys.mid(at + 1).split(QLatin1Char(':'));
        const auto first = parseUInt(range.value(0));
        const auto last = parseUInt(range.value(1));
        if (range.size() != 2 || !first || !last)
            return QStringLiteral("--offset: the range '%1' is not FIRST:LAST frame numbers").arg(keys.mid(at + 1));
        layer->setRange(std::pair<quint32, quint32>{*first, *last});
        keys = keys.left(at);
    }
    for (const QString &key : keys.split(QLatin1Char(','))) {
        const QStringList parts = key.split(QLatin1Char(':'));
        const auto frame = parseNumber(parts.value(0));
        const auto offset = parseNumber(parts.value(1));
        const auto mode = parts.size() == 3 ? interpolationFromName(parts.at(2))
                                            : std::optional<OffsetInterpolation>(OffsetInterpolation::Auto);
        if (parts.size() < 2 || parts.size() > 3 || !frame || !offset)
            return QStringLiteral("--offset: the key '%1' is not FRAME:VALUE[:MODE] with finite numbers").arg(key);
        if (!mode)
            return QStringLiteral("--offset: no interpolation '%1' (expected auto, flat, linear or stepped)").arg(parts.at(2));
        layer->setKey(bone, *channel, {*frame, *offset, *mode});
    }
    return {};
}

} // namespace

const QList<std::pair<const char *, const char *>> &motionOperationOptions()
{
    static const QList<std::pair<const char *, const char *>> list{
        {"offset", "CLIP:BONE:CHANNEL=FRAME:VALUE,..."},
        {"resample", "CLIP=FRAMES"},
        {"time-warp", "CLIP=FROM:TO"},
        {"reverse", "CLIP"},
        {"mirror", "CLIP[=NEW]"},
        {"mirror-in-place", "CLIP"},
    };
    return list;
}

bool isMotionOperation(const QString &option)
{
    for (const auto &[name, form] : motionOperationOptions()) {
        Q_UNUSED(form);
        if (option == QLatin1String(name))
            return true;
    }
    return false;
}

QString applyMotionOperation(BpatDocument &doc, const QString &option, const QString &value,
                             const MotionOperationContext &context)
{
    MotionEditor editor(doc);
    MotionEditResult result;
    const qsizetype eq = value.indexOf(QLatin1Char('='));
    const QString left = eq > 0 ? value.left(eq) : value;
    const QString right = eq > 0 ? value.mid(eq + 1) : QString();
    const auto clipOf = [&](const QString &name, int *index) -> QString {
        *index = context.clipIndex(name);
        return *index >= 0 ? QString() : QStringLiteral("no clip named or numbered '%1'").arg(name);
    };
    int clip = -1;
    if (option == QLatin1String("offset")) {
        OffsetLayer layer;
        if (QString e = parseOffset(doc, value, context, &clip, &layer); !e.isEmpty())
            return e;
        result = editor.applyOffsets(clip, layer);
    } else if (option == QLatin1String("resample")) {
        const auto frames = parseUInt(right);
        if (eq <= 0 || !frames)
            return QStringLiteral("--resample expects CLIP=FRAMES, got '%1'").arg(value);
        if (QString e = clipOf(left, &clip); !e.isEmpty())
            return e;
        result = editor.resample(clip, *frames);
    } else if (option == QLatin1String("time-warp")) {
        const QStringList frames = right.split(QLatin1Char(':'));
        const auto from = parseNumber(frames.value(0));
        const auto to = parseNumber(frames.value(1));
        if (eq <= 0 || frames.size() != 2 || !from || !to)
            return QStringLiteral("--time-warp expects CLIP=FROM:TO frame numbers, got '%1'").arg(value);
        if (QString e = clipOf(left, &clip); !e.isEmpty())
            return e;
        result = editor.timeWarp(clip, *from, *to);
    } else if (option == QLatin1String("reverse")) {
        if (QString e = clipOf(value, &clip); !e.isEmpty())
            return e;
        result = editor.reverse(clip);
    } else if (option == QLatin1String("mirror") || option == QLatin1String("mirror-in-place")) {
        const bool inPlace = option == QLatin1String("mirror-in-place");
        if (QString e = clipOf(inPlace ? value : left, &clip); !e.isEmpty())
            return e;
        result = editor.mirror(clip, {inPlace, inPlace ? QString() : right});
    } else {
        return QStringLiteral("unknown operation --%1").arg(option);
    }
    if (!result.ok)
        return result.error;
    if (context.notes)
        *context.notes << result.notes;
    return {};
}

} // namespace bpat::cli
