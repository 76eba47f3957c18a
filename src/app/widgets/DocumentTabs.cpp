#include "widgets/DocumentTabs.h"

#include "RecentFiles.h"
#include "document/DocumentList.h"

#include <QDir>

namespace bpat::studio {

DocumentTabs::DocumentTabs(DocumentList *documents, QWidget *parent)
    : QTabBar(parent)
    , m_documents(documents)
{
    setObjectName(QStringLiteral("documentTabs"));
    setDocumentMode(true);
    setTabsClosable(true);
    setExpanding(false);
    // Names whole ("ho…at" with five tabs read as nothing): the bar scrolls instead.
    setElideMode(Qt::ElideNone);
    setUsesScrollButtons(true);
    setAutoHide(true); // one document: no tab, the title names it
    connect(documents, &DocumentList::documentsChanged, this, &DocumentTabs::rebuild);
    connect(documents, &DocumentList::activeChanged, this, &DocumentTabs::rebuild);
    connect(this, &QTabBar::currentChanged, this, [this](int index) {
        if (!m_rebuilding && index >= 0)
            m_documents->activate(index);
    });
    connect(this, &QTabBar::tabCloseRequested, this, [this](int index) { m_documents->close(index); });
    rebuild();
}

void DocumentTabs::rebuild()
{
    m_rebuilding = true;
    while (count() > m_documents->count())
        removeTab(count() - 1);
    // Files of the same name are told apart by as many folders as it takes ("horse.bpat
    // (bpat_v1_latest)"), as File > Recent does.
    QStringList paths;
    for (int i = 0; i < m_documents->count(); ++i)
        paths.append(m_documents->path(i));
    const QStringList labels = RecentFiles::menuLabels(paths);
    for (int i = 0; i < m_documents->count(); ++i) {
        const QString text =
            labels.value(i, m_documents->title(i)) + (m_documents->isModified(i) ? QStringLiteral(" *") : QString());
        // Only what changed: each setTabText lays the whole bar out again, so setting every tab
        // on every switch made opening the 170th file cost 170 layouts of 170 tabs.
        if (i >= count())
            addTab(text);
        else if (tabText(i) != text)
            setTabText(i, text);
        const QString tip = QDir::toNativeSeparators(m_documents->path(i));
        if (tabToolTip(i) != tip)
            setTabToolTip(i, tip);
    }
    setCurrentIndex(m_documents->activeIndex());
    setVisible(count() > 1); // as autoHide does, from the start too (it acts on tab changes only)
    m_rebuilding = false;
}

} // namespace bpat::studio
