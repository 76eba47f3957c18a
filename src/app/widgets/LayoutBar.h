#pragma once
// The file's sections as one horizontal bar, each section as wide as its share of the file
// (with a minimum width so the 64-byte header stays visible beside megabytes of palette),
// labelled with its name and size; overlapping sections get a red band, sections past the end
// of the file a red outline. Hover shows offset and size.
#include "bpat/SectionLayout.h"

#include <QWidget>

namespace bpat::studio {

class LayoutBar : public QWidget
{
    Q_OBJECT
public:
    explicit LayoutBar(QWidget *parent = nullptr);

    // The narrowest a section is drawn: still a target for the mouse and its tooltip, and narrow
    // enough that a late-v3 file's twelve sections leave the window within 1280 px.
    static constexpr int MinSectionWidth = 20;

    void setLayoutData(const SectionLayout &layout);
    const SectionLayout &layoutData() const { return m_layout; }
    // The pixel span [x0, x1) of each section at the current width (tests, hit-testing).
    QList<QPair<int, int>> sectionSpans() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    void sectionClicked(int index);

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;

private:
    int sectionAt(int x) const;
    SectionLayout m_layout;
};

} // namespace bpat::studio
