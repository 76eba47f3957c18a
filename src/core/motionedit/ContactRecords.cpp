#include "motionedit/ContactRecords.h"

#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/VersionConverter.h"
#include "species/SpeciesRig.h"

#include <algorithm>
#include <limits>

namespace bpat {

ContactRecords ContactRecords::make(quint32 speciesId, quint32 boneCount, const QList<QMatrix4x4> &bind)
{
    ContactRecords r;
    const SpeciesRig *known = SpeciesRig::find(speciesId, int(boneCount));
    const RigDescription *rig = known ? &known->description() : nullptr;
    if (!rig || rig->footBones.isEmpty()) {
        r.m_why = QStringLiteral("no feet are known for species %1 with %2 bones: its contact records are kept as they are")
                      .arg(speciesId)
                      .arg(boneCount);
        return r;
    }
    r.m_feet = rig->footBones;
    r.m_humanoidSole = rig->soleRule == RigDescription::SoleRule::Humanoid;
    if (bind.size() == qsizetype(boneCount)) {
        r.m_bind = bind;
        for (const QMatrix4x4 &b : bind)
            r.m_inverseBind.append(b.inverted());
    }
    return r;
}

ContactRecords ContactRecords::forDocument(const BpatDocument &document)
{
    QList<QMatrix4x4> bind;
    if (document.hasBindPalette() && document.bindPalette().size() == qsizetype(document.boneCount()) * 16) {
        for (quint32 b = 0; b < document.boneCount(); ++b)
            bind.append(document.bindMatrix(b));
    }
    return make(document.speciesId(), document.boneCount(), bind);
}

ContactRecords ContactRecords::forFile(const BpatFile &file)
{
    QList<QMatrix4x4> bind;
    if (file.bindPaletteInBounds()) {
        for (quint32 b = 0; b < file.header().boneCount; ++b)
            bind.append(file.bindMatrix(b));
    }
    return make(file.header().speciesId, file.header().boneCount, bind);
}

std::pair<float, float> ContactRecords::record(const float *frame, quint32 boneCount, std::pair<float, float> stored) const
{
    if (m_feet.isEmpty())
        return stored;
    if (!m_bind.isEmpty()) {
        return VersionConverter::contactRecord(
            frame, boneCount, m_feet, m_humanoidSole ? RigDescription::SoleRule::Humanoid : RigDescription::SoleRule::Skin,
            m_bind, m_inverseBind);
    }
    float foot = std::numeric_limits<float>::max();
    for (int f : m_feet) {
        if (f >= 0 && quint32(f) < boneCount)
            foot = std::min(foot, frame[qsizetype(f) * 16 + 7]); // row-major: row 1, column 3
    }
    if (foot == std::numeric_limits<float>::max())
        return stored;
    return {stored.first + (foot - stored.second), foot};
}

} // namespace bpat
