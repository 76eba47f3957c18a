#include "CentralViewHost.h"

#include <QLabel>
#include <QTabBar>
#include <algorithm>

namespace bpat::studio {

CentralViewHost::CentralViewHost(QWidget *parent)
    : QTabWidget(parent)
{
    setDocumentMode(true);
    setObjectName(QStringLiteral("centralViewHost"));
    auto *label = new QLabel(this);
    label->setObjectName(QStringLiteral("viewportPlaceholder"));
    label->setAlignment(Qt::AlignCenter);
    label->setWordWrap(true);
    label->setAutoFillBackground(true);
    label->setStyleSheet(QStringLiteral("QLabel#viewportPlaceholder { background: #2b2f36; color: #aab2bf; font-size: 14pt; }"));
    m_placeholder = label;
    setPlaceholderText(tr("3D viewport\n\nThe skinned creature of the current clip and frame is drawn here."));
    QTabWidget::addTab(label, tr("Viewport"));
    updateTabBar();
    connect(this, &QTabWidget::currentChanged, this, &CentralViewHost::updateSizePolicies);
}

void CentralViewHost::setPrimaryView(QWidget *view, const QString &title)
{
    if (!view)
        return;
    QWidget *old = widget(0);
    removeTab(0);
    insertTab(0, view, title);
    setCurrentIndex(0);
    if (old == m_placeholder)
        m_placeholder = nullptr;
    if (old)
        old->deleteLater();
    updateTabBar();
}

QWidget *CentralViewHost::primaryView() const
{
    return widget(0);
}

int CentralViewHost::addView(QWidget *view, const QString &title)
{
    const int index = QTabWidget::addTab(view, title);
    updateTabBar();
    return index;
}

int CentralViewHost::takeView(QWidget *view)
{
    const int index = indexOf(view);
    if (index <= 0) // the primary view stays
        return -1;
    if (currentIndex() == index)
        setCurrentIndex(0);
    removeTab(index);
    if (m_policies.contains(view))
        view->setSizePolicy(m_policies.take(view));
    updateTabBar();
    return index;
}

void CentralViewHost::putBackView(QWidget *view, int index, const QString &title)
{
    if (!view || indexOf(view) >= 0)
        return;
    insertTab(std::clamp(index, 1, count()), view, title);
    updateTabBar();
}

void CentralViewHost::setPlaceholderText(const QString &text)
{
    if (auto *label = qobject_cast<QLabel *>(m_placeholder))
        label->setText(text);
}

void CentralViewHost::updateTabBar()
{
    tabBar()->setVisible(count() > 1);
    updateSizePolicies();
}

void CentralViewHost::updateSizePolicies()
{
    for (int i = 0; i < count(); ++i) {
        QWidget *view = widget(i);
        if (!m_policies.contains(view))
            m_policies.insert(view, view->sizePolicy());
        const QSizePolicy policy =
            i == currentIndex() ? m_policies.value(view) : QSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
        if (view->sizePolicy() != policy)
            view->setSizePolicy(policy);
    }
    updateGeometry();
}

} // namespace bpat::studio
