#pragma once
// Compare mode (docs/user-guide.md, "Comparing two files"): File > Compare With... and
// `bpat-studio A --compare B` hold a second BPAT file beside the open one, of any dialect. What
// `bpat diff` finds between them goes into the context's CompareState (the Clips panel marks the
// clips that differ, the Palette panel shows each bone's difference at the current frame), into
// the Differences dock, whose rows jump to the clip, frame and bone of each change, and B is drawn
// as a ghost over A in the viewport (CompareGhost), both on A's timeline. An edit, undo or reload
// of A compares again; File > Stop Comparing, closing A or opening another file ends it.
// Files up to kSyncBytes are compared at once; larger ones as a job of the window's
// JobController (progress and Cancel in the status bar).
#include <QObject>
#include <QString>

class QDockWidget;

namespace bpat::studio {

class DifferencesModel;
class MainWindow;
class TablePanel;

class CompareActions : public QObject
{
    Q_OBJECT
public:
    explicit CompareActions(MainWindow *window);

    // Compares the open BPAT file with the one at `path` (no dialog). False and *error when no
    // BPAT file is open or `path` cannot be read or compared.
    bool compareWith(const QString &path, QString *error = nullptr);
    void stop();

    DifferencesModel *model() const { return m_model; }
    TablePanel *panel() const { return m_panel; }
    QDockWidget *dock() const { return m_dock; }
    // Makes the change in `row` of the Differences model the current clip, frame and bone.
    void jumpTo(int row);

    static constexpr quint64 kSyncBytes = 64ull << 20;

private:
    void chooseFile();
    void recompare();
    void apply(quint64 generation);
    void updateEnabled();

    MainWindow *m_window;
    DifferencesModel *m_model;
    TablePanel *m_panel;
    QDockWidget *m_dock;
    quint64 m_generation = 0; // which open document a running comparison is for
    QString m_shownPath;      // the document compared (another one opened ends compare mode)
};

} // namespace bpat::studio
