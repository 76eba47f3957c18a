#include "plot/OffsetKeyEditor.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QWidget>
#include <cmath>

namespace bpat::studio {

namespace {
constexpr double KeyRadius = 5.5;                // half the diamond's diagonal, pixels
const QColor SelectedKey = QColor(255, 160, 40); // as the viewport's selected bones
const QColor KeyOutline = QColor(240, 240, 245);
} // namespace

// Draws the keys over the plot: a child of the input surface as large as it, transparent to the
// mouse (the surface's events reach the plot and the editor).
class OffsetKeyEditor::Overlay : public QWidget
{
public:
    Overlay(OffsetKeyEditor *editor, QWidget *surface)
        : QWidget(surface)
        , m_editor(editor)
    {
        setAttribute(Qt::WA_TransparentForMouseEvents);
        setAttribute(Qt::WA_NoSystemBackground);
        setObjectName(QStringLiteral("offsetKeyOverlay"));
        setGeometry(surface->rect());
        surface->installEventFilter(this);
        show();
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == parent() && event->type() == QEvent::Resize)
            setGeometry(static_cast<QWidget *>(parent())->rect());
        return false;
    }

    void paintEvent(QPaintEvent *) override
    {
        QPainter painter(this);
        painter.setRenderHint(QPainter::Antialiasing);
        const QRectF area = m_editor->m_plot->plotArea().adjusted(-KeyRadius, -KeyRadius, KeyRadius, KeyRadius);
        for (const Key &key : std::as_const(m_editor->m_keys)) {
            const QPointF at = m_editor->keyPosition(key);
            if (!area.contains(at))
                continue;
            const bool selected = key.curve == m_editor->m_selectedCurve && key.index == m_editor->m_selectedIndex;
            QPainterPath diamond;
            const double r = selected ? KeyRadius + 1.0 : KeyRadius;
            diamond.moveTo(at + QPointF(0, -r));
            diamond.lineTo(at + QPointF(r, 0));
            diamond.lineTo(at + QPointF(0, r));
            diamond.lineTo(at + QPointF(-r, 0));
            diamond.closeSubpath();
            painter.setPen(QPen(selected ? SelectedKey.lighter(130) : KeyOutline, 1.4));
            painter.setBrush(selected ? SelectedKey : m_editor->colorOf(key.curve));
            painter.drawPath(diamond);
        }
    }

private:
    OffsetKeyEditor *m_editor;
};

OffsetKeyEditor::OffsetKeyEditor(CurvePlot *plot, QObject *parent)
    : QObject(parent)
    , m_plot(plot)
{
    if (plot->inputSurface())
        m_overlay = new Overlay(this, plot->inputSurface());
    plot->setEditor(this);
    connect(plot, &CurvePlot::viewChanged, this, [this] {
        if (m_overlay)
            m_overlay->update();
    });
}

OffsetKeyEditor::~OffsetKeyEditor()
{
    if (m_plot->editor() == this)
        m_plot->setEditor(nullptr);
}

void OffsetKeyEditor::setKeys(const QList<Key> &keys)
{
    m_keys = keys;
    bool stillThere = false;
    for (const Key &k : keys)
        stillThere = stillThere || (k.curve == m_selectedCurve && k.index == m_selectedIndex);
    if (!stillThere && m_selectedIndex >= 0 && !m_dragging)
        select(QString(), -1);
    if (m_overlay)
        m_overlay->update();
}

void OffsetKeyEditor::select(const QString &curve, int index)
{
    if (curve == m_selectedCurve && index == m_selectedIndex)
        return;
    m_selectedCurve = index >= 0 ? curve : QString();
    m_selectedIndex = index;
    if (m_overlay)
        m_overlay->update();
    Q_EMIT selectionChanged(m_selectedCurve, m_selectedIndex);
}

QColor OffsetKeyEditor::colorOf(const QString &curve) const
{
    const QList<PlotCurve> curves = m_plot->curves();
    for (const PlotCurve &c : curves) {
        if (c.name() == curve)
            return c.color;
    }
    return QColor(200, 200, 200);
}

QPointF OffsetKeyEditor::keyPosition(const Key &key) const
{
    return m_plot->mapFromData(QPointF(key.frame, m_plot->valueMapping(key.curve).apply(key.value)));
}

int OffsetKeyEditor::keyAt(QPointF surfacePos) const
{
    int best = -1;
    double nearest = PickPixels;
    for (qsizetype i = 0; i < m_keys.size(); ++i) {
        const QPointF d = keyPosition(m_keys[i]) - surfacePos;
        const double distance = std::hypot(d.x(), d.y());
        if (distance <= nearest) {
            nearest = distance;
            best = int(i);
        }
    }
    return best;
}

bool OffsetKeyEditor::plotEvent(QEvent *event)
{
    switch (event->type()) {
    case QEvent::MouseButtonPress: {
        auto *mouse = static_cast<QMouseEvent *>(event);
        if (mouse->button() != Qt::LeftButton)
            return false;
        const int at = keyAt(mouse->position());
        if (at < 0)
            return false;
        m_pressed = m_keys.at(at);
        select(m_pressed.curve, m_pressed.index);
        m_dragging = true;
        ++m_drag;
        m_pressPos = mouse->position();
        if (QWidget *keys = m_plot->keySurface())
            keys->setFocus(Qt::MouseFocusReason);
        return true;
    }
    case QEvent::MouseMove: {
        if (!m_dragging)
            return false;
        auto *mouse = static_cast<QMouseEvent *>(event);
        const QPointF data = m_plot->mapToData(mouse->position());
        double frame = std::round(data.x());
        double value = m_plot->valueMapping(m_pressed.curve).invert(data.y());
        if (mouse->modifiers() & Qt::ShiftModifier)
            frame = m_pressed.frame;
        if (mouse->modifiers() & Qt::ControlModifier)
            value = m_pressed.value;
        if (std::isfinite(frame) && std::isfinite(value))
            Q_EMIT keyDragged(m_selectedCurve, m_selectedIndex, frame, value, m_drag);
        return true;
    }
    case QEvent::MouseButtonRelease: {
        auto *mouse = static_cast<QMouseEvent *>(event);
        if (!m_dragging || mouse->button() != Qt::LeftButton)
            return false;
        m_dragging = false;
        Q_EMIT dragFinished(m_drag);
        return true;
    }
    case QEvent::MouseButtonDblClick: {
        auto *mouse = static_cast<QMouseEvent *>(event);
        if (mouse->button() != Qt::LeftButton || keyAt(mouse->position()) >= 0)
            return false;
        const PlotHit hit = m_plot->hitTest(mouse->position());
        if (hit.curve.isEmpty() || !m_editable.contains(hit.curve))
            return false;
        Q_EMIT addKeyRequested(hit.curve, std::round(hit.time));
        return true;
    }
    case QEvent::KeyPress: {
        auto *key = static_cast<QKeyEvent *>(event);
        if ((key->key() == Qt::Key_Delete || key->key() == Qt::Key_Backspace) && m_selectedIndex >= 0) {
            Q_EMIT deleteRequested(m_selectedCurve, m_selectedIndex);
            return true;
        }
        if (key->key() == Qt::Key_I && !(key->modifiers() & ~Qt::KeypadModifier)) {
            QStringList curves;
            for (const QString &name : m_plot->selectedCurves()) {
                if (m_editable.contains(name))
                    curves << name;
            }
            if (curves.isEmpty() && m_selectedIndex >= 0)
                curves << m_selectedCurve;
            if (curves.isEmpty())
                return false;
            Q_EMIT insertAtCursorRequested(curves, std::round(m_plot->cursorTime()));
            return true;
        }
        return false;
    }
    default: return false;
    }
}

} // namespace bpat::studio
