#pragma once
// The central area of the main window. It starts with a placeholder that says what will be
// there; the 3D viewport replaces it with setPrimaryView(), and further central views (curve
// plots) are added as tabs with addView(). The tab bar is hidden while there is one view.
// Only the view in front asks for room: the host's minimum size is the current view's, not the
// largest of all (the Analysis tab's plots would otherwise take the timeline's rows in a
// 1280x720 window whichever view is shown).
#include <QHash>
#include <QSizePolicy>
#include <QTabWidget>

namespace bpat::studio {

class CentralViewHost : public QTabWidget
{
    Q_OBJECT
public:
    explicit CentralViewHost(QWidget *parent = nullptr);

    // Replaces the primary view (first tab; the placeholder until called). Takes ownership.
    void setPrimaryView(QWidget *view, const QString &title);
    QWidget *primaryView() const;
    bool hasPlaceholder() const { return m_placeholder != nullptr; }
    // Adds another central view as a tab; returns its index. Takes ownership.
    int addView(QWidget *view, const QString &title);
    // Takes a view out of the tabs, its own size policy back, for the caller to put elsewhere
    // (the Curves beside the viewport); returns the tab it was (-1: it was none). putBackView()
    // makes it a tab again there.
    int takeView(QWidget *view);
    void putBackView(QWidget *view, int index, const QString &title);
    // Shows the message in the placeholder (e.g. why there is no viewport).
    void setPlaceholderText(const QString &text);

private:
    void updateTabBar();
    void updateSizePolicies(); // the views behind the current one ask for no room
    QWidget *m_placeholder = nullptr;
    QHash<QWidget *, QSizePolicy> m_policies; // each view's own size policy
};

} // namespace bpat::studio
