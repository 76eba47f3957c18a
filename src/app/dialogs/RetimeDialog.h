#pragma once
// Clip > Resample / Retime...: either a new frame count (and frame rate) for the clip, its motion
// resampled (MotionEditor::resample: slerp between frames, a loop as a loop), or a time warp that
// moves what one frame shows to another frame, the rest eased around it (MotionEditor::timeWarp).
#include <QDialog>
#include <optional>

QT_BEGIN_NAMESPACE
class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QRadioButton;
class QSpinBox;
QT_END_NAMESPACE

namespace bpat::studio {

class RetimeDialog : public QDialog
{
    Q_OBJECT
public:
    // `frames`, `fps`: the clip's now; `frame`: the current frame (the time warp's default).
    RetimeDialog(quint32 frames, float fps, int frame, QWidget *parent = nullptr);

    bool isTimeWarp() const;
    quint32 frames() const;
    std::optional<float> fps() const; // nullopt: the clip keeps its rate
    double from() const;
    double to() const;

private:
    void updateSummary();

    quint32 m_clipFrames;
    float m_clipFps;
    QRadioButton *m_resample;
    QRadioButton *m_warp;
    QSpinBox *m_frames;
    QCheckBox *m_setFps;
    QDoubleSpinBox *m_fps;
    QSpinBox *m_from;
    QSpinBox *m_to;
    QLabel *m_summary;
};

} // namespace bpat::studio
