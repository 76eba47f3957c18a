#pragma once
// A tab per open document above the central views (shown once two or more are open): the file
// name with '*' while it has unsaved edits, the full path as its tooltip, a close button.
// Clicking a tab shows that document as it was left; closing one asks about unsaved edits
// (DocumentList::close).
#include <QTabBar>

namespace bpat::studio {

class DocumentList;

class DocumentTabs : public QTabBar
{
    Q_OBJECT
public:
    explicit DocumentTabs(DocumentList *documents, QWidget *parent = nullptr);

private:
    void rebuild();

    DocumentList *m_documents;
    bool m_rebuilding = false;
};

} // namespace bpat::studio
