#pragma once
// A QTableView that copies its selected rows as tab-separated text (Ctrl+C, Edit > Copy), with
// the header labels as the first line, in the order the view shows them (sorted, filtered).
#include <QTableView>

namespace bpat::studio {

class CopyableTableView : public QTableView
{
    Q_OBJECT
public:
    explicit CopyableTableView(QWidget *parent = nullptr);

    // The selected rows (all rows when nothing is selected) as TSV with a header line.
    QString selectedRowsAsTsv() const;

public Q_SLOTS:
    void copySelection() const;

protected:
    void keyPressEvent(QKeyEvent *event) override;
};

} // namespace bpat::studio
