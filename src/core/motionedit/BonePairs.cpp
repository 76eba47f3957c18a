#include "motionedit/BonePairs.h"

#include "species/SpeciesRig.h"

#include <QHash>
#include <algorithm>

namespace bpat {

namespace {

bool isSeparator(QChar c)
{
    return c == QLatin1Char('.') || c == QLatin1Char('_') || c == QLatin1Char('-') || c == QLatin1Char(' ');
}

// L <-> R keeping case; other characters stay.
QChar swapSide(QChar c)
{
    switch (c.unicode()) {
    case 'L': return QLatin1Char('R');
    case 'R': return QLatin1Char('L');
    case 'l': return QLatin1Char('r');
    case 'r': return QLatin1Char('l');
    default: return c;
    }
}

bool isSide(QChar c)
{
    return swapSide(c) != c;
}

bool isLeft(QChar c)
{
    return c == QLatin1Char('L') || c == QLatin1Char('l');
}

constexpr const char *BlenderCopy = ".L.001";

} // namespace

QList<std::pair<QString, bool>> BonePairs::partnerCandidates(const QString &name)
{
    QList<std::pair<QString, bool>> out;
    const qsizetype n = name.size();
    if (n < 2)
        return out;
    // A separator then the side at the end: BackLeg.L, hand_r, Arm-L.
    if (isSide(name.back()) && isSeparator(name.at(n - 2))) {
        QString p = name;
        p.back() = swapSide(name.back());
        out.append({p, isLeft(name.back())});
    }
    // The side then a separator at the start: L_Wrist, r_hand.
    if (isSide(name.front()) && isSeparator(name.at(1))) {
        QString p = name;
        p.front() = swapSide(name.front());
        out.append({p, isLeft(name.front())});
    }
    // A last capital L or R after another letter or a digit: HipL, FootBR, Ear1R.
    if ((name.back() == QLatin1Char('L') || name.back() == QLatin1Char('R')) && name.at(n - 2).isLetterOrNumber()) {
        QString p = name;
        p.back() = swapSide(name.back());
        out.append({p, name.back() == QLatin1Char('L')});
    }
    // Left / Right as a word part anywhere: LeftArm, hand_left, RIGHT_FOOT.
    static const std::pair<const char *, const char *> words[] = {{"Left", "Right"}, {"left", "right"}, {"LEFT", "RIGHT"},
                                                                  {"Right", "Left"}, {"right", "left"}, {"RIGHT", "LEFT"}};
    for (const auto &[from, to] : words) {
        const qsizetype at = name.indexOf(QLatin1String(from));
        if (at >= 0) {
            QString p = name;
            p.replace(at, qsizetype(qstrlen(from)), QLatin1String(to));
            out.append({p, QLatin1String(from).compare(QLatin1String("left"), Qt::CaseInsensitive) == 0});
        }
    }
    // Blender's copy of a .L bone: UpperLegFront.L.001 is the right side of UpperLegFront.L.
    if (name.endsWith(QLatin1String(BlenderCopy)))
        out.append({name.left(n - 4), false});
    else if (name.endsWith(QLatin1String(".L")))
        out.append({name + QLatin1String(".001"), true});
    return out;
}

QList<std::pair<QString, QString>> BonePairs::knownPairs(quint32 speciesId, int boneCount)
{
    // What the catalogue knows beyond the names (the 32-bone elephant's ears).
    if (const SpeciesRig *rig = SpeciesRig::find(speciesId, boneCount))
        return rig->unnamedPairs();
    return {};
}

BonePairs BonePairs::fromNames(const QStringList &names, const QList<std::pair<QString, QString>> &known)
{
    BonePairs p;
    p.m_names = names;
    QHash<QString, int> index;
    for (qsizetype i = 0; i < names.size(); ++i) {
        if (!index.contains(names[i]))
            index.insert(names[i], int(i));
    }
    // Each name's first partner that exists; kept when that partner's first is the name.
    QList<std::pair<int, bool>> found(names.size(), {-1, false});
    for (qsizetype i = 0; i < names.size(); ++i) {
        for (const auto &[candidate, left] : partnerCandidates(names[i])) {
            const int j = index.value(candidate, -1);
            if (j >= 0 && j != i) {
                found[i] = {j, left};
                break;
            }
        }
    }
    for (const auto &[left, right] : known) {
        const int l = index.value(left, -1), r = index.value(right, -1);
        if (l >= 0 && r >= 0 && l != r) {
            found[l] = {r, true};
            found[r] = {l, false};
        }
    }
    p.m_mirror.resize(names.size());
    for (qsizetype i = 0; i < names.size(); ++i) {
        const int j = found[i].first;
        const bool mutual = j >= 0 && found[j].first == int(i) && found[j].second != found[i].second;
        p.m_mirror[i] = mutual ? j : int(i);
        if (mutual && found[i].second)
            p.m_pairs.append({int(i), j});
    }
    return p;
}

QList<int> BonePairs::unpaired() const
{
    QList<int> out;
    for (qsizetype i = 0; i < m_mirror.size(); ++i) {
        if (m_mirror[i] == i)
            out.append(int(i));
    }
    return out;
}

QString BonePairs::describePairs() const
{
    QStringList parts;
    for (const auto &[l, r] : m_pairs)
        parts << QStringLiteral("%1 <-> %2").arg(m_names.value(l), m_names.value(r));
    return parts.join(QStringLiteral(", "));
}

QString BonePairs::noPairsReason() const
{
    const int shown = std::min<int>(int(m_names.size()), 12);
    QString list = m_names.mid(0, shown).join(QStringLiteral(", "));
    if (m_names.size() > shown)
        list += QStringLiteral(", ... (%1 more)").arg(m_names.size() - shown);
    return QStringLiteral("no left/right pairs among the %1 bones: %2 (names such as HipL/HipR, Leg.L/Leg.R, hand_l/hand_r, "
                          "L_Wrist/R_Wrist or LeftArm/RightArm pair up)")
        .arg(m_names.size())
        .arg(list);
}

} // namespace bpat
