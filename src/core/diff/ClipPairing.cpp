#include "diff/ClipPairing.h"

#include "bpat/BpatFile.h"
#include "diff/MatrixDelta.h"

#include <QHash>

#include <algorithm>

namespace bpat::diff {

namespace {
constexpr quint32 SampledFrames = 8;
}

bool ClipPairing::sameContent(const BpatFile &a, int clipA, const BpatFile &b, int clipB, double tolerance)
{
    const BpatClipInfo &ca = a.clips().at(clipA), &cb = b.clips().at(clipB);
    const quint32 bones = a.header().boneCount;
    if (ca.frameCount != cb.frameCount || ca.frameCount == 0 || bones != b.header().boneCount)
        return false;
    const quint32 n = ca.frameCount;
    const quint32 samples = std::min(n, SampledFrames);
    for (quint32 s = 0; s < samples; ++s) {
        const quint32 f = samples == 1 ? 0 : quint32(quint64(n - 1) * s / (samples - 1));
        const auto ga = a.globalFrame(clipA, f), gb = b.globalFrame(clipB, f);
        if (!ga || !gb)
            return false;
        for (quint32 bone = 0; bone < bones; ++bone) {
            const auto ma = a.globalMatrixFloats(*ga, bone), mb = b.globalMatrixFloats(*gb, bone);
            if (!ma || !mb || !withinTolerance(matrixDelta(ma->data(), mb->data()), tolerance))
                return false;
        }
    }
    return true;
}

QList<ClipPair> ClipPairing::pair(const BpatFile &a, const BpatFile &b, double tolerance)
{
    const qsizetype na = a.clips().size(), nb = b.clips().size();
    QList<int> partnerOfA(na, -1), partnerOfB(nb, -1);
    // By name: B's clips of each name in order.
    QHash<QString, QList<int>> byName;
    for (qsizetype j = 0; j < nb; ++j)
        byName[b.clips().at(j).name].append(int(j));
    for (qsizetype i = 0; i < na; ++i) {
        QList<int> &same = byName[a.clips().at(i).name];
        if (!same.isEmpty()) {
            partnerOfA[i] = same.takeFirst();
            partnerOfB[partnerOfA[i]] = int(i);
        }
    }
    // The rest by content, in A's order, each with the first of B's that matches.
    QList<bool> renamed(na, false);
    for (qsizetype i = 0; i < na; ++i) {
        if (partnerOfA[i] >= 0)
            continue;
        for (qsizetype j = 0; j < nb; ++j) {
            if (partnerOfB[j] < 0 && sameContent(a, int(i), b, int(j), tolerance)) {
                partnerOfA[i] = int(j);
                partnerOfB[j] = int(i);
                renamed[i] = true;
                break;
            }
        }
    }
    QList<ClipPair> pairs;
    for (qsizetype i = 0; i < na; ++i)
        pairs.append({int(i), partnerOfA[i], renamed[i], false, {}});
    for (qsizetype j = 0; j < nb; ++j) {
        if (partnerOfB[j] < 0)
            pairs.append({-1, int(j), false, false, {}});
    }
    return pairs;
}

QList<qsizetype> ClipPairing::moved(const QList<ClipPair> &pairs)
{
    // The kept pairs in A's order; the longest increasing run of their B indices stays, the
    // others moved (patience sorting, O(n log n)).
    QList<qsizetype> kept;
    for (qsizetype p = 0; p < pairs.size(); ++p) {
        if (pairs.at(p).clipA >= 0 && pairs.at(p).clipB >= 0)
            kept.append(p);
    }
    QList<qsizetype> tails; // index into kept of the smallest tail of each length
    QList<qsizetype> previous(kept.size(), -1);
    for (qsizetype k = 0; k < kept.size(); ++k) {
        const int value = pairs.at(kept.at(k)).clipB;
        const auto at = std::lower_bound(tails.begin(), tails.end(), value,
                                         [&](qsizetype t, int v) { return pairs.at(kept.at(t)).clipB < v; });
        const qsizetype length = at - tails.begin();
        previous[k] = length > 0 ? tails.at(length - 1) : -1;
        if (at == tails.end())
            tails.append(k);
        else
            *at = k;
    }
    QList<bool> stays(kept.size(), false);
    for (qsizetype k = tails.isEmpty() ? -1 : tails.last(); k >= 0; k = previous.at(k))
        stays[k] = true;
    QList<qsizetype> out;
    for (qsizetype k = 0; k < kept.size(); ++k) {
        if (!stays.at(k))
            out.append(kept.at(k));
    }
    return out;
}

} // namespace bpat::diff
