#include "MotionEditOperations.h"

#include "CliSupport.h"
#include "motionedit/MotionEditor.h"
#include "motionedit/OffsetSpec.h"

#include <cmath>

namespace bpat::cli {

namespace {

std::optional<double> parseNumber(const QString &text)
{
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    return ok && std::isfinite(v) ? std::optional<double>(v) : std::nullopt;
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
        QString error;
        const std::optional<OffsetSpec> spec = OffsetSpec::parse(value, &error);
        OffsetLayer layer;
        if (!spec || !spec->resolve(doc, context.order, &clip, &layer, &error))
            return QStringLiteral("--offset: %1").arg(error);
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
