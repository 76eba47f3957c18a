#pragma once
// The bone graph as an editor of offset keys (issue 41): joins the Curves tab's plot
// (OffsetKeyEditor: the keys drawn and the gestures on them), the bone curves (BoneCurvesLink)
// and the shown document's session (OffsetLayerCommand: each key edit one undo step, the clip's
// frames recomposed from the frames before the keys plus the layer, as `bpat edit --offset`).
//   - a bone channel (Euler rotation in the order shown, translation, scale) under keys is drawn
//     as it now is, with its original (the frames before the first key) dimmed behind it;
//   - a key sits on the drawn curve: dragging it to a value v at frame f sets the offset
//     v - original(f) there; the viewport follows each move (one undo step per drag);
//   - the bar under the toolbar types the selected key's frame, offset and interpolation.
// Rotation keys are in the layer's Euler order: while the graph shows another order or
// quaternions, only translation and scale take keys.
#include "motionedit/OffsetLayer.h"

#include <QObject>
#include <QString>
#include <memory>
#include <optional>

QT_BEGIN_NAMESPACE
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QSpinBox;
class QLabel;
class QToolButton;
QT_END_NAMESPACE

namespace bpat::studio {

class BoneCurveSet;
class BoneCurvesLink;
class CurvesPanel;
class DocumentSession;
class OffsetKeyEditor;
class StudioContext;
struct PlotCurve;

class OffsetKeysLink : public QObject
{
    Q_OBJECT
public:
    OffsetKeysLink(StudioContext *context, CurvesPanel *panel, BoneCurvesLink *curves, QObject *parent = nullptr);

    OffsetKeyEditor *editor() const { return m_editor; }
    QWidget *bar() const { return m_bar; }

    // The bone and channel a plotted curve ("Hips/RotationY") takes keys on; nullopt when it
    // takes none (quaternions, another Euler order than the layer's, not a bone curve).
    struct Target
    {
        int bone = -1;
        bpat::OffsetChannel channel = bpat::OffsetChannel::RotationX;
    };
    std::optional<Target> target(const QString &curve) const;
    // The curve's value before the keys (the dimmed original) at a frame.
    double originalAt(const QString &curve, double frame) const;

    // The gestures, as the editor and the bar ask for them (tests drive them too). Each is one
    // command (a drag's moves merge into one); false when it was refused or did nothing.
    bool addKey(const QString &curve, double frame);
    bool dragKey(const QString &curve, int index, double frame, double drawnValue, int drag);
    bool setKey(const QString &curve, int index, double frame, double offset, bpat::OffsetInterpolation mode);
    bool deleteKey(const QString &curve, int index);
    bool insertKeys(const QStringList &curves, double frame);
    // Keys written as `bpat edit --offset` takes them (bpat::OffsetSpec), added to the clip's
    // layer as one command (bpat-studio --offset; rotations in the graph's Euler order).
    bool applySpec(const QString &text, QString *error = nullptr);
    // The frames the clip's offsets apply to (the bar's "frames" fields; nullopt: the whole
    // clip), as `--offset ...@FIRST:LAST` sets it; one command, refused without keys.
    bool setRange(std::optional<std::pair<quint32, quint32>> range);

private:
    DocumentSession *session() const;
    bpat::OffsetLayer currentLayer() const;
    bool push(const bpat::OffsetLayer &layer, const QString &text, int drag = -1);
    std::shared_ptr<const BoneCurveSet> baseSet() const;
    QList<PlotCurve> originals(const QList<PlotCurve> &plotted) const;
    void updateKeys();
    void updateBar();
    void buildBar();
    QString describe(const QString &curve) const;

    StudioContext *m_context;
    CurvesPanel *m_panel;
    BoneCurvesLink *m_curves;
    OffsetKeyEditor *m_editor;
    QWidget *m_bar = nullptr;
    QLabel *m_barLabel = nullptr;
    QDoubleSpinBox *m_frame = nullptr;
    QDoubleSpinBox *m_offset = nullptr;
    QComboBox *m_mode = nullptr;
    QToolButton *m_delete = nullptr;
    QCheckBox *m_rangeOn = nullptr;
    QSpinBox *m_rangeFirst = nullptr;
    QSpinBox *m_rangeLast = nullptr;
    // The dimmed originals' set, for the base it was made of (clip, layer base, rotation choice).
    mutable std::shared_ptr<const BoneCurveSet> m_baseSet;
    mutable const void *m_baseKey = nullptr;
    mutable QString m_baseChoice;
    // The key to select once the curves show the edit (curve, frame).
    std::optional<std::pair<QString, double>> m_pendingSelection;
};

} // namespace bpat::studio
