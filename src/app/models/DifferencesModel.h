#pragma once
// The Differences panel of compare mode: one row per change `bpat diff` found between the open
// file and the compared one (CompareState), in its order: what, clip, bone, frames, and the
// change as `bpat diff` words it. Each row says where it leads (the clip of the open file, the
// clip-local frame and bone of the largest difference, the socket) through the roles below;
// CompareActions makes the row the user picks the current clip, frame and bone.
#include <QAbstractTableModel>

namespace bpat::studio {

class CompareState;

class DifferencesModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        KindColumn,
        ClipColumn,
        BoneColumn,
        FramesColumn,
        ChangeColumn,
        NoOfColumns
    };
    enum Role {
        ClipRole = Qt::UserRole + 20, // clip index in the open file, -1 when only the other has it
        FrameRole,                    // clip-local frame, -1 for a change of the whole clip
        BoneRole,                     // -1 when no bone
        SocketRole,                   // socket index in the open file, -1 when none
    };

    explicit DifferencesModel(CompareState *state, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    CompareState *m_state;
    int m_rows = 0;
};

} // namespace bpat::studio
