#include "crowd/FormationLayout.h"

#include <QtMath>
#include <algorithm>
#include <cmath>

namespace bpat {

float FormationLayout::unit(quint32 seed, quint32 index, quint32 salt)
{
    quint64 x = (quint64(seed) << 32 | index) ^ (quint64(salt) * 0x9e3779b97f4a7c15ULL);
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return float(x >> 40) / float(1u << 24);
}

float FormationLayout::defaultSpacing(float footprint)
{
    return std::max(0.1f, (std::isfinite(footprint) ? footprint : 1.0f) * 1.4f);
}

QList<CrowdMember> FormationLayout::place(const CrowdSpeciesSpec &species, const QList<double> &clipWeights, float footprint)
{
    QList<CrowdMember> members;
    const int count = std::clamp(species.count, 0, CrowdSpec::kMaxInstances);
    if (count == 0 || clipWeights.isEmpty())
        return members;
    double totalWeight = 0;
    for (double w : clipWeights)
        totalWeight += std::max(0.0, w);
    const CrowdFormation &f = species.formation;
    const float across = f.across ? float(*f.across) : defaultSpacing(footprint);
    const float between = f.between ? float(*f.between) : across * 1.3f;
    const float facing = float(qDegreesToRadians(f.facingDegrees));
    const float s = std::sin(facing), c = std::cos(facing);
    // Formation coordinates (u across, v forward) to the ground: v runs along the facing.
    auto toGround = [&](float u, float v, CrowdMember *m) {
        m->x = float(f.center.x()) + u * c + v * s;
        m->z = float(f.center.y()) - u * s + v * c;
    };
    const quint32 seed = species.seed;
    const int columns =
        std::max(1,
                 f.columns.value_or(f.type == CrowdFormation::Type::Ranks ? int(std::ceil(std::sqrt(double(count) * 4)))
                                                                          : int(std::ceil(std::sqrt(double(count))))));
    const int rows = (count + columns - 1) / columns;
    members.reserve(count);
    for (int i = 0; i < count; ++i) {
        CrowdMember m;
        const quint32 index = quint32(i);
        const int row = i / columns; // which row (rank) of the formation
        const int column = i % columns;
        switch (f.type) {
        case CrowdFormation::Type::Grid: {
            const float u = (float(column) - float(columns - 1) / 2) * across;
            const float v = (float(rows - 1) / 2 - float(row)) * across;
            toGround(u, v, &m);
            m.yaw = facing + (unit(seed, index, 1) - 0.5f) * 0.6f;
            break;
        }
        case CrowdFormation::Type::Ranks: {
            // Rank 0 in front; each rank centred on the formation's axis.
            const float u = (float(column) - float(columns - 1) / 2) * across;
            const float v = (float(rows - 1) / 2 - float(row)) * between;
            toGround(u, v, &m);
            m.yaw = facing;
            break;
        }
        case CrowdFormation::Type::Random: {
            const float side = std::sqrt(float(count)) * across * 1.2f;
            const QSizeF box = f.size.value_or(QSizeF(side, side));
            toGround((unit(seed, index, 2) - 0.5f) * float(box.width()), (unit(seed, index, 3) - 0.5f) * float(box.height()), &m);
            m.yaw = unit(seed, index, 4) * 2 * float(M_PI);
            break;
        }
        }
        // The clip by weight, the phase by the species' rule.
        double pick = double(unit(seed, index, 5)) * totalWeight;
        m.clip = int(clipWeights.size()) - 1;
        for (int k = 0; k < clipWeights.size(); ++k) {
            pick -= std::max(0.0, clipWeights.at(k));
            if (pick < 0) {
                m.clip = k;
                break;
            }
        }
        switch (species.phase) {
        case CrowdSpeciesSpec::Phase::Random: m.phase = unit(seed, index, 6); break;
        case CrowdSpeciesSpec::Phase::InStep: m.phase = 0; break;
        case CrowdSpeciesSpec::Phase::Fixed: m.phase = float(species.phaseOffset); break;
        }
        members.append(m);
    }
    return members;
}

} // namespace bpat
