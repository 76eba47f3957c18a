#pragma once
// The skeleton a clip's local poses hang from: each bone's parent (-1 for a root), an order that
// visits every parent before its children, and the bones' names. The parents are the ones
// motion/LocalChannels decomposes with (Rig::forFile): a late-v3 file's own table, else the
// game's rig of the species and bone count of any era, else every bone a root, so the motion
// editor's local poses are the bone graph's. A document gets the same parents as the file it
// would be written as (forDocument).
#include <QList>
#include <QString>
#include <QStringList>

namespace bpat {

class BpatDocument;
class BpatFile;

class MotionSkeleton
{
public:
    MotionSkeleton() = default;
    // `parents[b]` outside 0..count-1, the bone itself, or one that closes a cycle makes `b` a
    // root; missing names become "bone N".
    static MotionSkeleton fromParents(QList<int> parents, QStringList names = {});
    static MotionSkeleton forFile(const BpatFile &file);
    static MotionSkeleton forDocument(const BpatDocument &document);

    int boneCount() const { return int(m_parents.size()); }
    const QList<int> &parents() const { return m_parents; }
    int parentOf(int bone) const { return bone >= 0 && bone < m_parents.size() ? m_parents.at(bone) : -1; }
    bool isRoot(int bone) const { return parentOf(bone) < 0; }
    // Parents before children; every bone once.
    const QList<int> &order() const { return m_order; }
    QString name(int bone) const;
    const QStringList &names() const { return m_names; }
    int indexOf(const QString &name) const; // -1 when none
    // True when `ancestor` is `bone` or above it.
    bool isAncestorOrSelf(int ancestor, int bone) const;
    // The bone, its parent, ... up to its root.
    QList<int> chainToRoot(int bone) const;
    // The bone's descendants (not the bone), in order().
    QList<int> descendants(int bone) const;
    // The root above `bone` (the bone itself for a root).
    int rootOf(int bone) const;

private:
    QList<int> m_parents;
    QList<int> m_order;
    QStringList m_names;
};

} // namespace bpat
