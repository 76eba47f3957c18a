#pragma once
// The keys of the bone graph's offset layer, on a CurvePlot (issue 41): drawn as diamonds on the
// curves they move (an overlay over the plot's input surface, so every backend and a grab of the
// plot show them), and the mouse and keys that edit them, as graph editors have them:
//   - double-click on an editable curve: a key there (requested: addKeyRequested)
//   - press on a key: selects it; drag: moves it (frames snapped to whole frames; Shift keeps the
//     frame, Ctrl the value), each move a keyDragged() of one drag, dragFinished() at the end
//   - Delete / Backspace: deletes the selected key; I: a key at the cursor on the curves
//     selected in the plot (insertAtCursorRequested)
// It knows curves, frames and plotted values only: OffsetKeysLink turns them into offsets.
#include "plot/CurvePlot.h"

#include <QColor>
#include <QList>
#include <QObject>
#include <QPointF>
#include <QString>

namespace bpat::studio {

class OffsetKeyEditor : public QObject, public PlotEditor
{
    Q_OBJECT
public:
    struct Key
    {
        QString curve;    // the plotted curve it sits on
        int index = -1;   // its index in that curve's offset keys
        double frame = 0; // where it is drawn: the frame and the curve's (raw) value there
        double value = 0;
    };
    static constexpr double PickPixels = 7.0;

    explicit OffsetKeyEditor(CurvePlot *plot, QObject *parent = nullptr);
    ~OffsetKeyEditor() override;

    void setKeys(const QList<Key> &keys);
    const QList<Key> &keys() const { return m_keys; }
    // Curves keys may be added to (the bone graph's editable channels).
    void setEditableCurves(const QStringList &names) { m_editable = names; }
    const QStringList &editableCurves() const { return m_editable; }
    // The selected key (curve and index; index -1: none).
    void select(const QString &curve, int index);
    QString selectedCurve() const { return m_selectedCurve; }
    int selectedIndex() const { return m_selectedIndex; }
    bool isDragging() const { return m_dragging; }

    // Where a key is drawn on the input surface; and the key under a point, -1 when none.
    QPointF keyPosition(const Key &key) const;
    int keyAt(QPointF surfacePos) const;

    bool plotEvent(QEvent *event) override;

Q_SIGNALS:
    void selectionChanged(const QString &curve, int index);
    void addKeyRequested(const QString &curve, double frame);
    void insertAtCursorRequested(const QStringList &curves, double frame);
    // One move of a drag: the key to `frame` (whole) with the curve's raw value `value` there.
    void keyDragged(const QString &curve, int index, double frame, double value, int drag);
    void dragFinished(int drag);
    void deleteRequested(const QString &curve, int index);

private:
    class Overlay;
    QColor colorOf(const QString &curve) const;

    CurvePlot *m_plot;
    Overlay *m_overlay = nullptr;
    QList<Key> m_keys;
    QStringList m_editable;
    QString m_selectedCurve;
    int m_selectedIndex = -1;
    bool m_dragging = false;
    int m_drag = 0; // the number of the drag in progress (or the last)
    QPointF m_pressPos;
    Key m_pressed;
};

} // namespace bpat::studio
