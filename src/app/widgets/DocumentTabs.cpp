#include "widgets/DocumentTabs.h"

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
    setElideMode(Qt::ElideMiddle);
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
    for (int i = 0; i < m_documents->count(); ++i) {
        const QString text = m_documents->title(i) + (m_documents->isModified(i) ? QStringLiteral(" *") : QString());
        if (i >= count())
            addTab(text);
        else
            setTabText(i, text);
        setTabToolTip(i, QDir::toNativeSeparators(m_documents->path(i)));
    }
    setCurrentIndex(m_documents->activeIndex());
    setVisible(count() > 1); // as autoHide does, from the start too (it acts on tab changes only)
    m_rebuilding = false;
}

} // namespace bpat::studio
