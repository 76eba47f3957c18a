#pragma once
// The colours BPAT Studio gives a body's colour roles (the viewport's materials, the glTF
// export's materials). The game colours the roles per unit (team colours, coats) from its own
// role palette, and role 0 takes the unit's base colour; the studio has no unit, so these are
// picked to tell the roles apart. Role 2 is skin (the game's shader treats it so), role 8 the
// horse's eyes, 4 its hooves, 5 and 6 mane and tail, 7 its muzzle.
#include <QList>
#include <QString>
#include <QVector3D>

namespace bpat::BodyColors {

inline constexpr int Count = 16; // roles from 15 up take the last colour

QList<QVector3D> roles();
QVector3D role(int role);
QString roleName(int role); // "role 2"

} // namespace bpat::BodyColors
