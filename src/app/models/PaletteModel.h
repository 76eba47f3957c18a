#pragma once
// The Palette panel: the current frame's matrices, one row per bone (rows 0..3 of the bone's
// global matrix, row-major, and its translation; late v3: skin x bind), indented by depth in
// the bone hierarchy when the rig or the file's parent table gives one, then one row per socket (its stored rows 0..2). Values
// that are not finite, or a row 3 that is not (0 0 0 1), are highlighted. Follows the
// StudioContext's current clip and frame. In compare mode (CompareState) a last column gives each
// bone's (and socket's) difference from the compared file's paired clip at the same frame:
// rotation in degrees and translation in metres, marked when beyond the tolerance.
#include <QAbstractTableModel>
#include <array>
#include <optional>

namespace bpat::studio {

class StudioContext;

class PaletteModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    // DifferenceColumn is there in compare mode only (columnCount()).
    enum Column {
        IndexColumn,
        NameColumn,
        TranslationColumn,
        CheckColumn,
        Row0Column,
        Row1Column,
        Row2Column,
        Row3Column,
        DifferenceColumn,
        NoOfColumns
    };
    // A hostile bone_count must not make a billion-row table.
    static constexpr int kMaxBoneRows = 4096;

    explicit PaletteModel(StudioContext *context, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    int boneRows() const { return m_boneRows; }
    int socketRows() const { return m_socketRows; }
    bool isSocketRow(int row) const { return row >= m_boneRows; }

    enum class Check {
        Ok,
        NotInFile,
        NonFinite,
        NonAffine
    };
    // The 16 floats of a row (socket rows get row 3 = 0 0 0 1), nullopt when not in the file.
    std::optional<std::array<float, 16>> values(int row) const;
    Check check(int row) const;
    bool comparing() const { return m_compare; }

private:
    void reset();
    void refreshValues();

    StudioContext *m_context;
    int m_boneRows = 0;
    int m_socketRows = 0;
    bool m_compare = false;
    QVariant differenceData(int row, int role) const;
};

} // namespace bpat::studio
