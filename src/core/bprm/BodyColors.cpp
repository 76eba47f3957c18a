#include "bprm/BodyColors.h"

#include <algorithm>

namespace bpat::BodyColors {

QList<QVector3D> roles()
{
    return {
        {0.60f, 0.53f, 0.46f}, // 0: the unit's base colour in the game
        {0.56f, 0.38f, 0.24f}, // 1: coat, cloth
        {0.86f, 0.66f, 0.52f}, // 2: skin
        {0.30f, 0.42f, 0.66f}, // 3
        {0.24f, 0.22f, 0.21f}, // 4: hooves
        {0.42f, 0.27f, 0.16f}, // 5: mane
        {0.70f, 0.62f, 0.34f}, // 6: tail, wool
        {0.72f, 0.46f, 0.44f}, // 7: muzzle
        {0.07f, 0.07f, 0.08f}, // 8: eyes
        {0.45f, 0.60f, 0.32f}, // 9
        {0.62f, 0.30f, 0.55f}, // 10
        {0.25f, 0.62f, 0.62f}, // 11
        {0.80f, 0.78f, 0.35f}, // 12
        {0.78f, 0.36f, 0.28f}, // 13
        {0.50f, 0.50f, 0.78f}, // 14
        {0.85f, 0.85f, 0.85f}, // 15 and above
    };
}

QVector3D role(int role)
{
    static const QList<QVector3D> all = roles();
    return all.at(std::clamp(role, 0, Count - 1));
}

QString roleName(int role)
{
    return QStringLiteral("role %1").arg(role);
}

} // namespace bpat::BodyColors
