#pragma once
// Several open files in one window: the DocumentList (each document with its own edit session,
// clip, frame, selection and camera), the tabs above the central views, the Window menu (next
// and previous document, the list of open files) and File > Close. Opening a file (File >
// Open, Open Recent, drag and drop, the command line) adds it beside the others; a recording
// is opened beside them as before (the timeline plays it).
#include <QObject>

class QActionGroup;

namespace Ui {
class MainWindow;
}

namespace bpat::studio {

class DocumentList;
class DocumentTabs;
class MainWindow;

class DocumentActions : public QObject
{
    Q_OBJECT
public:
    explicit DocumentActions(MainWindow *window);

    DocumentList *documents() const { return m_documents; }
    DocumentTabs *tabs() const { return m_tabs; }

    // File > Close: the recording while the timeline plays it (or when no document is open),
    // else the shown document, after asking about its unsaved edits (the recording kept over
    // the creature goes with the last document).
    void closeShown();

private:
    void updateWindowMenu();

    MainWindow *m_window;
    Ui::MainWindow *ui;
    DocumentList *m_documents;
    DocumentTabs *m_tabs;
    QActionGroup *m_group; // the Window menu's list: one checked
};

} // namespace bpat::studio
