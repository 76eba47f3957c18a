#include "mesh/Rig.h"


namespace bpat {

Rig::Rig(QString name, QList<RigBone> bones, Source source)
    : m_name(std::move(name))
    , m_bones(std::move(bones))
    , m_source(source)
{
}

QString Rig::describeSource() const
{
    switch (m_source) {
    case Source::Game: return QStringLiteral("the game's %1 rig").arg(m_name);
    case Source::Description: return QStringLiteral("built-in rig %1 (no game rig)").arg(m_name);
    case Source::FileParents: break;
    }
    return QStringLiteral("unknown rig: the file's parents, bones named by index");
}

int Rig::indexOf(const QString &boneName) const
{
    for (int i = 0; i < m_bones.size(); ++i) {
        if (m_bones.at(i).name == boneName)
            return i;
    }
    return -1;
}

QList<int> Rig::children(int index) const
{
    QList<int> result;
    for (int i = 0; i < m_bones.size(); ++i) {
        if (m_bones.at(i).parent == index)
            result.append(i);
    }
    return result;
}

} // namespace bpat
