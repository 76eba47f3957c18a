#pragma once
// A QTableView that copies its selected rows as tab-separated text (Ctrl+C, Edit > Copy), with
// the header labels as the first line, in the order the view shows them (sorted, filtered).
// While it has the focus, the arrow keys, Home and End move between its cells: the window's
// playback shortcuts on the same keys (previous/next/first/last frame) wait for the focus to
// leave the table.
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
    bool event(QEvent *event) override;
};

} // namespace bpat::studio
