#include "mesh/SideNaming.h"

namespace bpat {

QString SideNaming::describe() const
{
    const QString where = mark == Mark::Prefix ? QStringLiteral("prefix")
        : mark == Mark::Word                   ? QStringLiteral("word")
                                               : QStringLiteral("suffix");
    return QStringLiteral("%1 %2 / %3").arg(where, left, right);
}

qsizetype SideNaming::markAt(const QString &name, const QString &side) const
{
    if (name.size() <= side.size())
        return -1; // "L" alone names no side of anything
    switch (mark) {
    case Mark::Suffix: return name.endsWith(side) ? name.size() - side.size() : -1;
    case Mark::Prefix: return name.startsWith(side) ? 0 : -1;
    case Mark::Word: break;
    }
    return name.indexOf(side);
}

QString SideNaming::mirrored(const QString &boneName) const
{
    if (!isValid())
        return {};
    // The longer mark first, so a name that could carry either is read as the longer one's.
    const bool rightFirst = right.size() > left.size();
    for (const bool isRight : {rightFirst, !rightFirst}) {
        const QString &from = isRight ? right : left;
        const QString &to = isRight ? left : right;
        const qsizetype at = markAt(boneName, from);
        if (at >= 0)
            return QString(boneName).replace(at, from.size(), to);
    }
    return {};
}

QList<SideNaming::Pair> SideNaming::pairs(const QStringList &boneNames) const
{
    QList<Pair> out;
    if (!isValid())
        return out;
    const bool rightLonger = right.size() > left.size();
    for (int b = 0; b < boneNames.size(); ++b) {
        const QString &name = boneNames.at(b);
        // A left bone; one that carries both marks is the side of the longer one.
        if (markAt(name, left) < 0 || (rightLonger && markAt(name, right) >= 0))
            continue;
        const int partner = int(boneNames.indexOf(mirrored(name)));
        if (partner >= 0 && partner != b)
            out.append(Pair{b, partner});
    }
    return out;
}

QList<int> SideNaming::mirrorMap(const QStringList &boneNames) const
{
    QList<int> map(boneNames.size());
    for (int b = 0; b < map.size(); ++b)
        map[b] = b;
    for (const Pair &p : pairs(boneNames)) {
        map[p.left] = p.right;
        map[p.right] = p.left;
    }
    return map;
}

QList<SideNaming> SideNaming::conventions()
{
    const auto make = [](const char *l, const char *r, Mark m) { return SideNaming{QLatin1String(l), QLatin1String(r), m}; };
    return {make(".L", ".L.001", Mark::Suffix), make(".L", ".R", Mark::Suffix),    make(".l", ".r", Mark::Suffix),
            make("_L", "_R", Mark::Suffix),     make("_l", "_r", Mark::Suffix),    make("L_", "R_", Mark::Prefix),
            make("l_", "r_", Mark::Prefix),     make("Left", "Right", Mark::Word), make("left", "right", Mark::Word),
            make("L", "R", Mark::Suffix)};
}

std::optional<SideNaming> SideNaming::detect(const QStringList &boneNames)
{
    std::optional<SideNaming> best;
    qsizetype bestPairs = 0;
    for (const SideNaming &convention : conventions()) {
        const qsizetype n = convention.pairs(boneNames).size();
        if (n > bestPairs) {
            best = convention;
            bestPairs = n;
        }
    }
    return best;
}

} // namespace bpat
