#include "RebakeSummary.h"

#include <QVector3D>
#include <algorithm>

using namespace bpat;

namespace bpat::studio {

QString RebakeSummary::text(const RebakeOutcome &outcome, const RebakeRecipe &recipe, const BpatFile &file)
{
    if (!outcome.document)
        return QString();
    const BpatDocument &doc = *outcome.document;
    QStringList lines;
    lines << tr("Recipe %1: species %2, %3 bones, %4 sockets; file of %5 bytes with %6 clip(s), %7 frames in all.")
                 .arg(recipe.name)
                 .arg(doc.speciesId())
                 .arg(doc.boneCount())
                 .arg(doc.socketCount())
                 .arg(outcome.bytesWritten)
                 .arg(doc.clipCount())
                 .arg(doc.frameTotal());
    for (const BpatClip &c : doc.clips())
        lines << tr("  clip '%1': %2 frames at %3 fps%4")
                     .arg(c.name)
                     .arg(c.frameCount)
                     .arg(double(c.fps))
                     .arg(c.loops ? tr(", loops") : QString());
    for (const Diagnostic &d : outcome.validation)
        lines << tr("  validation %1: %2").arg(severityName(d.severity), d.message);
    // Bone travel over the rebaked clip (the last requested one): where each bone starts and ends
    // and how far its origin moves; collapsed (untracked) frames are counted. Read from the file
    // (the written one, or the preview's bytes): a written rebake streamed its palettes to disk.
    const int clipIndex = outcome.frameCounts.isEmpty() ? -1 : file.findClip(doc.clips().last().name);
    if (clipIndex >= 0) {
        const BpatClipInfo &c = file.clips().at(clipIndex);
        const quint32 bones = file.header().boneCount;
        lines << tr("Bone travel in '%1' (model space, metres):").arg(c.name);
        struct Travel
        {
            QVector3D lo{1e30f, 1e30f, 1e30f}, hi{-1e30f, -1e30f, -1e30f};
            quint32 collapsed = 0;
        };
        QList<Travel> travel(bones);
        for (quint32 f = 0; f < c.frameCount; ++f) { // frame by frame: one pass over the file
            for (quint32 b = 0; b < bones; ++b) {
                const std::optional<std::array<float, 16>> m = file.matrixFloats(c.frameOffset + f, b);
                if (!m)
                    continue;
                const QVector3D p((*m)[3], (*m)[7], (*m)[11]);
                Travel &t = travel[b];
                t.lo = QVector3D(std::min(t.lo.x(), p.x()), std::min(t.lo.y(), p.y()), std::min(t.lo.z(), p.z()));
                t.hi = QVector3D(std::max(t.hi.x(), p.x()), std::max(t.hi.y(), p.y()), std::max(t.hi.z(), p.z()));
                if (QVector3D((*m)[1], (*m)[5], (*m)[9]).isNull())
                    ++t.collapsed;
            }
        }
        for (quint32 b = 0; b < bones; ++b) {
            const Travel &t = travel.at(b);
            const QString name = int(b) < recipe.boneCount() ? recipe.bones.at(int(b)).name : QString::number(b);
            lines << tr("  %1: x %2..%3  y %4..%5  z %6..%7%8")
                         .arg(name, -22)
                         .arg(t.lo.x(), 0, 'f', 3)
                         .arg(t.hi.x(), 0, 'f', 3)
                         .arg(t.lo.y(), 0, 'f', 3)
                         .arg(t.hi.y(), 0, 'f', 3)
                         .arg(t.lo.z(), 0, 'f', 3)
                         .arg(t.hi.z(), 0, 'f', 3)
                         .arg(t.collapsed ? tr("  (untracked in %1 frames)").arg(t.collapsed) : QString());
        }
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace bpat::studio
