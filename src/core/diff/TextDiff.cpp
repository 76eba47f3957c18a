#include "diff/TextDiff.h"

#include <vector>

namespace bpat::diff {

namespace {

constexpr qsizetype MaxCells = qsizetype(4) << 20; // beyond, lines are matched in order only

Change content(const QJsonValue &oldLine, const QJsonValue &newLine)
{
    Change c;
    c.kind = ChangeKind::Content;
    c.oldValue = oldLine;
    c.newValue = newLine;
    return c;
}

// Runs of removed and added lines between two kept ones: pairs as edits, the rest alone.
void flush(QStringList &removed, QStringList &added, QList<Change> &out)
{
    const qsizetype paired = std::min(removed.size(), added.size());
    for (qsizetype i = 0; i < paired; ++i)
        out.append(content(removed.at(i), added.at(i)));
    for (qsizetype i = paired; i < removed.size(); ++i)
        out.append(content(removed.at(i), QJsonValue()));
    for (qsizetype i = paired; i < added.size(); ++i)
        out.append(content(QJsonValue(), added.at(i)));
    removed.clear();
    added.clear();
}

} // namespace

QList<Change> TextDiff::lines(const QStringList &a, const QStringList &b)
{
    // Common head and tail first: a one-line change of a long text costs nothing more.
    qsizetype head = 0;
    while (head < a.size() && head < b.size() && a.at(head) == b.at(head))
        ++head;
    qsizetype tail = 0;
    while (tail < a.size() - head && tail < b.size() - head && a.at(a.size() - 1 - tail) == b.at(b.size() - 1 - tail))
        ++tail;
    const QStringList x = a.mid(head, a.size() - head - tail), y = b.mid(head, b.size() - head - tail);
    QList<Change> out;
    QStringList removed, added;
    if ((x.size() + 1) * (y.size() + 1) > MaxCells) { // too long for the table: in order only
        removed = x;
        added = y;
        flush(removed, added, out);
        return out;
    }
    const qsizetype n = x.size(), m = y.size();
    std::vector<quint32> lcs(size_t((n + 1) * (m + 1)), 0); // lcs[i][j]: of x[i..], y[j..]
    const auto at = [m](qsizetype i, qsizetype j) { return size_t(i * (m + 1) + j); };
    for (qsizetype i = n - 1; i >= 0; --i) {
        for (qsizetype j = m - 1; j >= 0; --j)
            lcs[at(i, j)] = x.at(i) == y.at(j) ? lcs[at(i + 1, j + 1)] + 1 : std::max(lcs[at(i + 1, j)], lcs[at(i, j + 1)]);
    }
    qsizetype i = 0, j = 0;
    while (i < n || j < m) {
        if (i < n && j < m && x.at(i) == y.at(j)) {
            flush(removed, added, out);
            ++i;
            ++j;
        } else if (j < m && (i == n || lcs[at(i, j + 1)] >= lcs[at(i + 1, j)])) {
            added.append(y.at(j++));
        } else {
            removed.append(x.at(i++));
        }
    }
    flush(removed, added, out);
    return out;
}

} // namespace bpat::diff
