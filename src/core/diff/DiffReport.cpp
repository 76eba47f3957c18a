#include "diff/DiffReport.h"

#include "diagnostics/ReportWriter.h"

#include <QJsonArray>
#include <QMap>

#include <cmath>

namespace bpat::diff {

QString kindKey(ChangeKind kind)
{
    switch (kind) {
    case ChangeKind::Header: return QStringLiteral("header");
    case ChangeKind::ClipAdded: return QStringLiteral("clip_added");
    case ChangeKind::ClipRemoved: return QStringLiteral("clip_removed");
    case ChangeKind::ClipRenamed: return QStringLiteral("clip_renamed");
    case ChangeKind::ClipMoved: return QStringLiteral("clip_moved");
    case ChangeKind::ClipMetadata: return QStringLiteral("clip_metadata");
    case ChangeKind::Motion: return QStringLiteral("motion");
    case ChangeKind::Contacts: return QStringLiteral("contacts");
    case ChangeKind::SocketAdded: return QStringLiteral("socket_added");
    case ChangeKind::SocketRemoved: return QStringLiteral("socket_removed");
    case ChangeKind::Socket: return QStringLiteral("socket");
    case ChangeKind::SocketMotion: return QStringLiteral("socket_motion");
    case ChangeKind::BindPalette: return QStringLiteral("bind_palette");
    case ChangeKind::Parents: return QStringLiteral("parents");
    case ChangeKind::FileAdded: return QStringLiteral("file_added");
    case ChangeKind::FileRemoved: return QStringLiteral("file_removed");
    case ChangeKind::Content: return QStringLiteral("content");
    }
    return QString();
}

namespace {

QString valueText(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null: return QStringLiteral("none");
    case QJsonValue::Bool: return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double: return QString::number(v.toDouble(), 'g', 7);
    case QJsonValue::String: return v.toString();
    case QJsonValue::Array: {
        QStringList parts;
        for (const QJsonValue x : v.toArray())
            parts.append(valueText(x));
        return QLatin1Char('(') + parts.join(QStringLiteral(", ")) + QLatin1Char(')');
    }
    default: return QString();
    }
}

QString boneText(int bone, const QString &name)
{
    return name.isEmpty() ? QStringLiteral("bone %1").arg(bone) : QStringLiteral("bone %1 (%2)").arg(bone).arg(name);
}

QString kindTitle(ChangeKind kind)
{
    return kindKey(kind).replace(QLatin1Char('_'), QLatin1Char(' '));
}

QJsonArray rangesJson(const QList<FrameRange> &ranges)
{
    QJsonArray out;
    for (const FrameRange &r : ranges)
        out.append(QJsonArray{double(r.first), double(r.last)});
    return out;
}

QJsonValue number(double v)
{
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue(QString::number(v));
}

} // namespace

QString DiffReport::degreesText(double degrees)
{
    if (!std::isfinite(degrees))
        return QString::number(degrees) + QStringLiteral(" deg");
    return (std::abs(degrees) >= 0.001 || degrees == 0.0 ? QString::number(degrees, 'f', 3) : QString::number(degrees, 'g', 3))
        + QStringLiteral(" deg");
}

QString DiffReport::metresText(double metres)
{
    return QString::number(metres, 'g', 4) + QStringLiteral(" m");
}

QString DiffReport::framesText(const Change &c)
{
    QStringList parts;
    constexpr int Shown = 4;
    for (qsizetype i = 0; i < c.ranges.size() && i < Shown; ++i) {
        const FrameRange &r = c.ranges.at(i);
        parts.append(r.first == r.last ? QString::number(r.first) : QStringLiteral("%1-%2").arg(r.first).arg(r.last));
    }
    QString text =
        (c.framesDiffering == 1 ? QStringLiteral("frame ") : QStringLiteral("frames ")) + parts.join(QStringLiteral(", "));
    if (c.rangeCount > quint64(parts.size()))
        text += QStringLiteral(" (+%1 more ranges)").arg(c.rangeCount - quint64(parts.size()));
    return text;
}

QString DiffReport::line(const Change &c)
{
    const QString prefix = c.path.isEmpty() ? QString() : c.path + QStringLiteral(": ");
    QString text;
    switch (c.kind) {
    case ChangeKind::Header:
        text = QStringLiteral("header: %1 %2 -> %3").arg(c.field, valueText(c.oldValue), valueText(c.newValue));
        break;
    case ChangeKind::ClipAdded: text = QStringLiteral("clip added: %1").arg(c.clip); break;
    case ChangeKind::ClipRemoved: text = QStringLiteral("clip removed: %1").arg(c.clip); break;
    case ChangeKind::ClipRenamed:
        text = QStringLiteral("clip renamed: %1 -> %2 (matched by content)").arg(c.clip, c.newName);
        break;
    case ChangeKind::ClipMoved:
        text = QStringLiteral("clip moved: %1 from index %2 to %3").arg(c.clip, valueText(c.oldValue), valueText(c.newValue));
        break;
    case ChangeKind::ClipMetadata:
        if (c.field == QLatin1String("markers") && !c.detail.isEmpty()) // named, with frames: the detail says it all
            return prefix + QStringLiteral("clip %1: markers: %2").arg(c.clip, c.detail);
        text = QStringLiteral("clip %1: %2 %3 -> %4").arg(c.clip, c.field, valueText(c.oldValue), valueText(c.newValue));
        break;
    case ChangeKind::Motion: {
        // The name of a bone beyond the tolerance, from the change's own list.
        const auto bone = [&c](int index) {
            for (const BoneDifference &b : c.bones) {
                if (b.bone == index)
                    return boneText(index, b.name);
            }
            return boneText(index, QString());
        };
        QStringList largest;
        if (c.rotationBeyond || !c.translationBeyond)
            largest.append(QStringLiteral("%1 at %2 frame %3")
                               .arg(degreesText(c.maxRotationDeg), bone(c.rotationBone))
                               .arg(c.rotationFrame));
        if (c.translationBeyond)
            largest.append(QStringLiteral("%1 at %2 frame %3")
                               .arg(metresText(c.maxTranslation), bone(c.translationBone))
                               .arg(c.translationFrame));
        text =
            QStringLiteral("clip %1: motion differs in %2 (%3 of %4 frames, %5 %6): largest %7")
                .arg(c.clip, framesText(c))
                .arg(c.framesDiffering)
                .arg(c.framesCompared)
                .arg(c.bones.size())
                .arg(c.bones.size() == 1 ? QStringLiteral("bone") : QStringLiteral("bones"), largest.join(QStringLiteral(", ")));
        break;
    }
    case ChangeKind::Contacts:
        text = QStringLiteral("clip %1: contacts differ in %2 (%3 of %4 frames): largest %5 (%6, frame %7)")
                   .arg(c.clip, framesText(c))
                   .arg(c.framesDiffering)
                   .arg(c.framesCompared)
                   .arg(QString::number(c.maxValue, 'g', 4), c.field)
                   .arg(c.frame);
        break;
    case ChangeKind::SocketAdded: text = QStringLiteral("socket added: %1 (%2)").arg(c.socket, c.detail); break;
    case ChangeKind::SocketRemoved: text = QStringLiteral("socket removed: %1 (%2)").arg(c.socket, c.detail); break;
    case ChangeKind::Socket:
        text = QStringLiteral("socket %1: %2 %3 -> %4").arg(c.socket, c.field, valueText(c.oldValue), valueText(c.newValue));
        break;
    case ChangeKind::SocketMotion:
        text =
            QStringLiteral(
                "socket %1: data differs where its anchor %2 did not move, in %3 frames of %4 clips: largest %5, %6 (clip %7 frame %8)")
                .arg(c.socket, boneText(c.bone, c.boneName))
                .arg(c.framesDiffering)
                .arg(c.clips.size())
                .arg(degreesText(c.maxRotationDeg), metresText(c.maxTranslation), c.clip)
                .arg(c.frame);
        break;
    case ChangeKind::BindPalette:
        text = QStringLiteral("bind palette: %1 %2 differ: largest %3, %4 (%5)")
                   .arg(c.bones.size())
                   .arg(c.bones.size() == 1 ? QStringLiteral("bone") : QStringLiteral("bones"))
                   .arg(degreesText(c.maxRotationDeg), metresText(c.maxTranslation), boneText(c.bone, c.boneName));
        break;
    case ChangeKind::Parents:
        text = QStringLiteral("parents: %1: %2 -> %3")
                   .arg(boneText(c.bone, c.boneName), valueText(c.oldValue), valueText(c.newValue));
        break;
    case ChangeKind::FileAdded: text = QStringLiteral("file added"); break;
    case ChangeKind::FileRemoved: text = QStringLiteral("file removed"); break;
    case ChangeKind::Content:
        text = QStringLiteral("%1 -> %2")
                   .arg(c.oldValue.isNull() ? QStringLiteral("(none)") : valueText(c.oldValue),
                        c.newValue.isNull() ? QStringLiteral("(none)") : valueText(c.newValue));
        break;
    }
    const bool detailShown = c.kind == ChangeKind::SocketAdded || c.kind == ChangeKind::SocketRemoved;
    if (!c.detail.isEmpty() && !detailShown)
        text += QStringLiteral(" (%1)").arg(c.detail);
    return prefix + text;
}

QString DiffReport::summary(const DiffResult &r)
{
    const QString head = QStringLiteral("%1 -> %2").arg(r.pathA, r.pathB);
    if (!r.error.isEmpty())
        return head + QStringLiteral(": trouble: ") + r.error;
    if (r.cancelled)
        return head + QStringLiteral(": cancelled");
    if (r.changes.isEmpty())
        return head + QStringLiteral(": same within %1").arg(r.tolerance);
    QMap<int, int> counts;
    for (const Change &c : r.changes)
        ++counts[int(c.kind)];
    QStringList parts;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        parts.append(QStringLiteral("%1 %2").arg(it.value()).arg(kindTitle(ChangeKind(it.key()))));
    return head
        + QStringLiteral(": %1 %2 (%3)")
              .arg(r.changes.size())
              .arg(r.changes.size() == 1 ? QStringLiteral("change") : QStringLiteral("changes"),
                   parts.join(QStringLiteral(", ")));
}

QString DiffReport::text(const DiffResult &r)
{
    // Each line through the one report writer: a name in a file forges no line.
    QString out = ReportWriter::line(summary(r)) + QLatin1Char('\n');
    for (const QString &note : r.notes)
        out += ReportWriter::line(QStringLiteral("note: ") + note) + QLatin1Char('\n');
    for (const Change &c : r.changes)
        out += ReportWriter::line(line(c)) + QLatin1Char('\n');
    return out;
}

QJsonObject DiffReport::changeJson(const Change &c)
{
    QJsonObject o{{QStringLiteral("kind"), kindKey(c.kind)}, {QStringLiteral("text"), line(c)}};
    if (!c.path.isEmpty())
        o.insert(QStringLiteral("path"), c.path);
    if (!c.clip.isEmpty() || c.clipA >= 0 || c.clipB >= 0)
        o.insert(QStringLiteral("clip"), c.clip);
    if (c.clipA >= 0)
        o.insert(QStringLiteral("clip_index"), c.clipA);
    if (c.clipB >= 0)
        o.insert(QStringLiteral("new_clip_index"), c.clipB);
    if (c.kind == ChangeKind::ClipRenamed)
        o.insert(QStringLiteral("new_name"), c.newName);
    if (!c.socket.isEmpty() || c.socketA >= 0 || c.socketB >= 0)
        o.insert(QStringLiteral("socket"), c.socket);
    if (!c.field.isEmpty()) {
        o.insert(QStringLiteral("field"), c.field);
        if (c.kind != ChangeKind::Contacts) {
            o.insert(QStringLiteral("old"), c.oldValue);
            o.insert(QStringLiteral("new"), c.newValue);
        }
    } else if (c.kind == ChangeKind::Content) {
        o.insert(QStringLiteral("old"), c.oldValue);
        o.insert(QStringLiteral("new"), c.newValue);
    }
    if (c.bone >= 0) {
        o.insert(QStringLiteral("bone"), c.bone);
        if (!c.boneName.isEmpty())
            o.insert(QStringLiteral("bone_name"), c.boneName);
    }
    if (c.kind == ChangeKind::Motion || c.kind == ChangeKind::Contacts || c.kind == ChangeKind::SocketMotion)
        o.insert(QStringLiteral("frame"), double(c.frame));
    if (c.kind == ChangeKind::Motion || c.kind == ChangeKind::Contacts) {
        o.insert(QStringLiteral("frames"), QJsonArray{double(c.frames.first), double(c.frames.last)});
        o.insert(QStringLiteral("ranges"), rangesJson(c.ranges));
        o.insert(QStringLiteral("range_count"), double(c.rangeCount));
        o.insert(QStringLiteral("frames_differing"), double(c.framesDiffering));
        o.insert(QStringLiteral("frames_compared"), double(c.framesCompared));
    }
    if (c.kind == ChangeKind::Motion || c.kind == ChangeKind::SocketMotion || c.kind == ChangeKind::BindPalette) {
        o.insert(QStringLiteral("max_rotation_deg"), number(c.maxRotationDeg));
        o.insert(QStringLiteral("max_translation"), number(c.maxTranslation));
    }
    if (c.kind == ChangeKind::Motion) {
        o.insert(QStringLiteral("rotation_bone"), c.rotationBone);
        o.insert(QStringLiteral("rotation_frame"), double(c.rotationFrame));
        o.insert(QStringLiteral("translation_bone"), c.translationBone);
        o.insert(QStringLiteral("translation_frame"), double(c.translationFrame));
    }
    if (c.kind == ChangeKind::Contacts)
        o.insert(QStringLiteral("max_difference"), number(c.maxValue));
    if (c.kind == ChangeKind::SocketMotion) {
        o.insert(QStringLiteral("frames_differing"), double(c.framesDiffering));
        o.insert(QStringLiteral("clips"), QJsonArray::fromStringList(c.clips));
    }
    if (!c.bones.isEmpty()) {
        QJsonArray bones;
        for (const BoneDifference &b : c.bones) {
            QJsonObject x{{QStringLiteral("bone"), b.bone},
                          {QStringLiteral("max_rotation_deg"), number(b.rotationDeg)},
                          {QStringLiteral("max_translation"), number(b.translation)}};
            if (!b.name.isEmpty())
                x.insert(QStringLiteral("bone_name"), b.name);
            if (c.kind == ChangeKind::Motion)
                x.insert(QStringLiteral("frame"), double(b.frame));
            bones.append(x);
        }
        o.insert(QStringLiteral("bones"), bones);
    }
    if (!c.detail.isEmpty())
        o.insert(QStringLiteral("detail"), c.detail);
    if (c.alignment) { // frames of clips of different counts: how they were paired
        const FrameAlignment &x = *c.alignment;
        o.insert(QStringLiteral("alignment"),
                 QJsonObject{{QStringLiteral("kind"), FrameAlignment::kindKey(x.kind)},
                             {QStringLiteral("paired"), x.paired()},
                             {QStringLiteral("first_a"), double(x.firstA)},
                             {QStringLiteral("first_b"), double(x.firstB)},
                             {QStringLiteral("stride_a"), double(x.strideA)},
                             {QStringLiteral("stride_b"), double(x.strideB)},
                             {QStringLiteral("frames"), double(x.frames)},
                             {QStringLiteral("error"), number(x.error)},
                             {QStringLiteral("text"), x.text}});
    }
    return o;
}

QJsonObject DiffReport::json(const DiffResult &r)
{
    QJsonArray changes;
    for (const Change &c : r.changes)
        changes.append(changeJson(c));
    QJsonObject o{{QStringLiteral("same"), r.same()},
                  {QStringLiteral("a"), r.pathA},
                  {QStringLiteral("b"), r.pathB},
                  {QStringLiteral("tolerance"), r.tolerance},
                  {QStringLiteral("notes"), QJsonArray::fromStringList(r.notes)},
                  {QStringLiteral("changes"), changes}};
    if (!r.dialectA.isEmpty()) {
        o.insert(QStringLiteral("dialect_a"), r.dialectA);
        o.insert(QStringLiteral("dialect_b"), r.dialectB);
    }
    if (!r.error.isEmpty())
        o.insert(QStringLiteral("error"), r.error);
    return o;
}

} // namespace bpat::diff
