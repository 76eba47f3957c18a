#include "bpat/DeepLocator.h"

#include "bpat/BpatFile.h"
#include "species/SpeciesRig.h"

#include <QStringList>
#include <algorithm>

namespace bpat {

DeepLocator::DeepLocator(const BpatFile &file)
    : m_file(file)
{
    m_clipsSorted = true;
    quint64 end = 0;
    for (const BpatClipInfo &c : m_file.clips()) {
        if (c.frameOffset < end) {
            m_clipsSorted = false;
            break;
        }
        end = quint64(c.frameOffset) + c.frameCount;
    }
}

DiagnosticLocation DeepLocator::palette(quint32 global, quint32 bone) const
{
    const QList<BpatClipInfo> &clips = m_file.clips();
    const auto at = [&](const BpatClipInfo &c) {
        const QString name = c.nameValid() ? c.name : QStringLiteral("#%1").arg(c.index);
        return DiagnosticLocation::palette(c.index, name, int(global - c.frameOffset), int(bone));
    };
    if (m_clipsSorted) {
        // The last clip starting at or before `global`; every earlier one ends before it starts.
        const auto after = std::upper_bound(clips.cbegin(), clips.cend(), global,
                                            [](quint32 frame, const BpatClipInfo &c) { return frame < c.frameOffset; });
        if (after != clips.cbegin()) {
            const BpatClipInfo &c = *(after - 1);
            if (quint64(global) < quint64(c.frameOffset) + c.frameCount)
                return at(c);
        }
        return DiagnosticLocation::palette(-1, QString(), int(global), int(bone));
    }
    for (const BpatClipInfo &c : clips) {
        if (global >= c.frameOffset && quint64(global) < quint64(c.frameOffset) + c.frameCount)
            return at(c);
    }
    return DiagnosticLocation::palette(-1, QString(), int(global), int(bone));
}

DiagnosticLocation DeepLocator::socket(quint32 global, quint32 socket, const QString &name) const
{
    const DiagnosticLocation at = palette(global, 0);
    return DiagnosticLocation::socketData(at.clip, at.clipName, at.frame, int(socket), name);
}

DiagnosticLocation DeepLocator::contact(quint32 global) const
{
    const DiagnosticLocation at = palette(global, 0);
    return DiagnosticLocation::contact(at.clip, at.clipName, at.frame);
}

QString DeepLocator::boneLabel(quint32 bone)
{
    // Every finding names its bone in the message too ("bone 12 'Hand_L'"), which is all a
    // command-line report shows: the rig's name when the game had a rig of this size.
    if (!m_rigLooked) {
        m_rigLooked = true;
        m_rig = SpeciesRig::game(m_file.header().speciesId, int(m_file.header().boneCount));
    }
    return m_rig && int(bone) < m_rig->boneCount()
        ? QStringLiteral("bone %1 '%2'").arg(bone).arg(m_rig->rig().bone(int(bone)).name)
        : QStringLiteral("bone %1").arg(bone);
}

QString DeepLocator::floats(const float *v, int n)
{
    QStringList parts;
    for (int i = 0; i < n; ++i)
        parts << QString::number(double(v[i]), 'g', 7);
    return parts.join(QLatin1Char(' '));
}

} // namespace bpat
