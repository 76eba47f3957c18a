#include "RepairMotionDialog.h"

#include "PlaybackClock.h"
#include "bpat/BpatWriter.h"
#include "motion/GaitAnalyzer.h"
#include "repair/MotionFixer.h"
#include "viewport/CompareGhost.h"
#include "viewport/ViewportWidget.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QStyle>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace bpat::studio {

namespace {

const QString BannerStyle = QStringLiteral("QLabel { background: %1; color: %2; padding: 4px; }");

QString number(double value, int decimals = 4)
{
    return QString::number(value, 'f', decimals);
}

// The gait report's numbers a repair moves: (label, value) of a report.
QList<std::pair<QString, QString>> gaitRows(const ClipGait &g)
{
    QList<std::pair<QString, QString>> rows;
    if (!g.reported) {
        rows.append({QObject::tr("report"), g.note});
        return rows;
    }
    rows.append({QObject::tr("contact retreat (m per cycle)"), number(g.contactRetreat)});
    for (const auto &[cycle, speed] : g.skateFreeSpeeds)
        rows.append({QObject::tr("skate-free speed at %1 s (m/s)").arg(cycle, 0, 'f', 2), number(speed, 3)});
    rows.append({QObject::tr("foot travel (m)"), number(g.footTravel)});
    rows.append({QObject::tr("foot lift (m)"), number(g.footLift)});
    if (g.kind == MotionRig::Kind::Humanoid) {
        rows.append({QObject::tr("pelvis bob (m)"), number(g.pelvisBob)});
        rows.append({QObject::tr("step width (m)"), number(g.stepWidth)});
    }
    if (g.hasStretch)
        rows.append({QObject::tr("worst bone stretch"), QStringLiteral("%1 (%2)").arg(number(g.worstStretch), g.worstBone)});
    return rows;
}

} // namespace

RepairMotionDialog::RepairMotionDialog(const BpatDocument &document, int clip, QWidget *parent)
    : QDialog(parent)
    , m_document(document)
    , m_clip(clip)
    , m_clock(new PlaybackClock(this))
{
    setWindowTitle(tr("Repair Motion"));
    setObjectName(QStringLiteral("repairMotionDialog"));
    BpatWriter writer(m_document);
    writer.setAllowInvalid(true);
    m_original = BpatFile::fromData(writer.toBytes(), tr("original"));

    m_clipCombo = new QComboBox(this);
    m_clipCombo->setObjectName(QStringLiteral("repairClip"));
    for (int c = 0; c < m_document.clipCount(); ++c)
        m_clipCombo->addItem(m_document.clip(c).name, c);
    m_clipCombo->addItem(tr("Every clip"), -1);
    m_clipCombo->setCurrentIndex(std::clamp(clip, 0, m_document.clipCount()));
    m_all = new QCheckBox(tr("Every repair the motion lint's findings ask for (fix all)"), this);
    m_seam = new QCheckBox(tr("Loop seam: blend the end into frame 0"), this);
    m_lock = new QCheckBox(tr("Foot lock: planted feet move with the ground (two-bone IK)"), this);
    m_pops = new QCheckBox(tr("Smooth pops"), this);
    m_lengths = new QCheckBox(tr("Bone lengths: back to their medians"), this);
    m_ground = new QComboBox(this);
    m_ground->addItem(tr("Leave feet under the ground"));
    m_ground->addItem(tr("Lift the pose onto the ground"));
    m_ground->addItem(tr("IK the feet onto the ground"));
    m_seamWindow = new QSpinBox(this);
    m_seamWindow->setRange(0, 1000);
    m_seamWindow->setSpecialValueText(tr("auto (a quarter, at most 12)"));
    m_blend = new QSpinBox(this);
    m_blend->setRange(0, 1000);
    m_blend->setValue(FootLockOptions().blendFrames);
    for (QCheckBox *box : {m_all, m_seam, m_lock, m_pops, m_lengths})
        box->setObjectName(QStringLiteral("repair_")
                           + box->text().section(QLatin1Char(' '), 0, 0).toLower().remove(QLatin1Char(':')));

    auto *form = new QFormLayout;
    form->addRow(tr("Clip:"), m_clipCombo);
    form->addRow(m_all);
    form->addRow(m_pops);
    form->addRow(m_lengths);
    form->addRow(m_seam);
    form->addRow(tr("  seam window (frames):"), m_seamWindow);
    form->addRow(m_lock);
    form->addRow(tr("  blend in and out (frames):"), m_blend);
    form->addRow(tr("Ground:"), m_ground);
    auto *options = new QGroupBox(tr("Repairs"), this);
    options->setLayout(form);

    m_banner = new QLabel(this);
    m_banner->setWordWrap(true);
    m_viewport = new ViewportWidget(this);
    m_viewport->setObjectName(QStringLiteral("repairViewport"));
    m_viewport->setMinimumSize(420, 300);
    m_play = new QToolButton(this);
    m_play->setCheckable(true);
    m_play->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
    m_scrub = new QSlider(Qt::Horizontal, this);
    auto *transport = new QHBoxLayout;
    transport->addWidget(m_play);
    transport->addWidget(m_scrub, 1);
    m_gait = new QTableWidget(0, 3, this);
    m_gait->setObjectName(QStringLiteral("repairGait"));
    m_gait->setHorizontalHeaderLabels({tr("Gait report"), tr("Before"), tr("After")});
    m_gait->verticalHeader()->hide();
    m_gait->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_gait->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_text = new QPlainTextEdit(this);
    m_text->setObjectName(QStringLiteral("repairReport"));
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::WidgetWidth);

    auto *previewButton = new QPushButton(tr("&Preview"), this);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Repair"));
    buttons->addButton(previewButton, QDialogButtonBox::ActionRole);

    auto *left = new QVBoxLayout;
    left->addWidget(options);
    left->addWidget(m_gait, 1);
    auto *right = new QVBoxLayout;
    right->addWidget(m_banner);
    right->addWidget(m_viewport, 1);
    right->addLayout(transport);
    right->addWidget(m_text);
    auto *top = new QHBoxLayout;
    top->addLayout(left);
    top->addLayout(right, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top, 1);
    layout->addWidget(buttons);
    resize(1180, 720);

    connect(previewButton, &QPushButton::clicked, this, &RepairMotionDialog::preview);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (QCheckBox *box : {m_all, m_seam, m_lock, m_pops, m_lengths})
        connect(box, &QCheckBox::toggled, this, &RepairMotionDialog::optionsChanged);
    connect(m_ground, &QComboBox::currentIndexChanged, this, &RepairMotionDialog::optionsChanged);
    connect(m_clipCombo, &QComboBox::currentIndexChanged, this, &RepairMotionDialog::optionsChanged);
    connect(m_seamWindow, &QSpinBox::valueChanged, this, &RepairMotionDialog::optionsChanged);
    connect(m_blend, &QSpinBox::valueChanged, this, &RepairMotionDialog::optionsChanged);
    connect(m_play, &QToolButton::toggled, m_clock, [this](bool on) { on ? m_clock->play() : m_clock->pause(); });
    connect(m_clock, &PlaybackClock::playingChanged, this, [this](bool playing) {
        const QSignalBlocker block(m_play);
        m_play->setChecked(playing);
        m_play->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    });
    connect(m_scrub, &QSlider::valueChanged, m_clock, &PlaybackClock::setFrame);
    connect(m_clock, &PlaybackClock::frameChanged, this, &RepairMotionDialog::showFrame);
    m_all->setChecked(true);
    optionsChanged();
}

RepairMotionDialog::~RepairMotionDialog() = default;

FixOptions RepairMotionDialog::options() const
{
    FixOptions o;
    const int clip = m_clipCombo->currentData().toInt();
    if (clip >= 0)
        o.clips = {QString::number(clip)};
    o.all = m_all->isChecked();
    o.loopSeam = m_seam->isChecked();
    o.footLock = m_lock->isChecked();
    o.smoothPops = m_pops->isChecked();
    o.boneLengths = m_lengths->isChecked();
    if (m_ground->currentIndex() == 1)
        o.ground = GroundOptions::Mode::Lift;
    else if (m_ground->currentIndex() == 2)
        o.ground = GroundOptions::Mode::Ik;
    o.seam.window = m_seamWindow->value();
    o.lock.blendFrames = m_blend->value();
    return o;
}

bool RepairMotionDialog::setRepairs(const QStringList &repairs)
{
    for (QCheckBox *box : {m_all, m_seam, m_lock, m_pops, m_lengths})
        box->setChecked(false);
    m_ground->setCurrentIndex(0);
    for (const QString &r : repairs) {
        if (r == QLatin1String("all"))
            m_all->setChecked(true);
        else if (r == QLatin1String("loop-seam"))
            m_seam->setChecked(true);
        else if (r == QLatin1String("foot-lock"))
            m_lock->setChecked(true);
        else if (r == QLatin1String("smooth-pops"))
            m_pops->setChecked(true);
        else if (r == QLatin1String("bone-lengths"))
            m_lengths->setChecked(true);
        else if (r == QLatin1String("ground-lift"))
            m_ground->setCurrentIndex(1);
        else if (r == QLatin1String("ground-ik"))
            m_ground->setCurrentIndex(2);
        else
            return false;
    }
    return true;
}

QString RepairMotionDialog::summary() const
{
    QStringList what;
    if (m_all->isChecked())
        what << tr("fix all");
    if (m_pops->isChecked())
        what << tr("pops");
    if (m_lengths->isChecked())
        what << tr("bone lengths");
    if (m_seam->isChecked())
        what << tr("loop seam");
    if (m_lock->isChecked())
        what << tr("foot lock");
    if (m_ground->currentIndex() > 0)
        what << (m_ground->currentIndex() == 1 ? tr("ground (lift)") : tr("ground (IK)"));
    const int clip = m_clipCombo->currentData().toInt();
    return tr("Repair Motion: %1 on %2")
        .arg(what.join(QStringLiteral(", ")),
             clip >= 0 ? QStringLiteral("'%1'").arg(m_document.clip(clip).name) : tr("every clip"));
}

void RepairMotionDialog::optionsChanged()
{
    m_seamWindow->setEnabled(m_seam->isChecked() || m_all->isChecked());
    m_blend->setEnabled(m_lock->isChecked());
    const bool any = options().asksAnything();
    if (QPushButton *ok = findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok))
        ok->setEnabled(any);
    if (m_previewed) {
        m_banner->setStyleSheet(BannerStyle.arg(QStringLiteral("#8a6d00"), QStringLiteral("white")));
        m_banner->setText(tr("Out of date: the options changed after this preview. Press Preview to see them; Repair uses "
                             "the current options."));
    } else {
        m_banner->setStyleSheet(BannerStyle.arg(QStringLiteral("palette(alternate-base)"), QStringLiteral("palette(text)")));
        m_banner->setText(tr("Press Preview to repair a copy and watch it here, the original as a ghost. Nothing changes "
                             "until Repair."));
    }
}

bool RepairMotionDialog::preview()
{
    BpatDocument copy = m_document;
    m_report = MotionFixer::fix(copy, options());
    m_previewed = true;
    if (!m_report.ok) {
        m_banner->setStyleSheet(BannerStyle.arg(QStringLiteral("#c62828"), QStringLiteral("white")));
        m_banner->setText(tr("Refused: %1").arg(m_report.error));
        m_text->setPlainText(m_report.error);
        return false;
    }
    BpatWriter writer(copy);
    writer.setAllowInvalid(true);
    m_repaired = BpatFile::fromData(writer.toBytes(), tr("repaired"));
    // The clip shown: the one asked for, else the first the repair changed.
    m_previewClip = m_clipCombo->currentData().toInt();
    if (m_previewClip < 0) {
        m_previewClip = m_clip;
        for (const ClipFixReport &c : m_report.clips) {
            if (c.changed()) {
                m_previewClip = c.clip;
                break;
            }
        }
    }
    QList<diff::ClipPair> pairs;
    for (int c = 0; c < m_repaired.clips().size(); ++c)
        pairs.append({c, c, false, true, {}});
    QString why;
    m_viewport->setFile(m_repaired);
    m_viewport->setCompareGhost(CompareGhost::build(m_repaired, m_original, pairs, &why));
    const BpatClipInfo &info = m_repaired.clips().at(m_previewClip);
    m_scrub->setRange(0, int(info.frameCount) - 1);
    m_clock->setClip(int(info.frameCount), double(info.fps), info.loops());
    showFrame(0);
    showGait(m_original, m_repaired, m_previewClip);
    m_text->setPlainText(m_report.toText(MotionFixer::boneNames(m_document)));
    const ClipFixReport *shown = nullptr;
    for (const ClipFixReport &c : m_report.clips)
        shown = c.clip == m_previewClip ? &c : shown;
    m_banner->setStyleSheet(BannerStyle.arg(QStringLiteral("#2d4f6c"), QStringLiteral("white")));
    m_banner->setText(
        shown && shown->changed()
            ? tr("Preview of '%1': %2 frame(s) changed, object-space error up to %3 m; the original is the ghost. Nothing "
                 "has changed yet.")
                  .arg(info.name)
                  .arg(shown->change.frames.size())
                  .arg(shown->change.maxError, 0, 'f', 3)
            : tr("Preview of '%1': nothing to repair in this clip with these options (see below).").arg(info.name));
    return true;
}

void RepairMotionDialog::showFrame(int frame)
{
    if (m_previewClip < 0)
        return;
    const QSignalBlocker block(m_scrub);
    m_scrub->setValue(frame);
    m_viewport->setCurrentFrame(m_previewClip, frame);
}

void RepairMotionDialog::setFrame(int frame)
{
    m_clock->setFrame(frame);
}

void RepairMotionDialog::showGait(const BpatFile &before, const BpatFile &after, int clip)
{
    const QList<std::pair<QString, QString>> was = gaitRows(GaitAnalyzer(before).analyze(clip));
    const QList<std::pair<QString, QString>> now = gaitRows(GaitAnalyzer(after).analyze(clip));
    m_gait->setRowCount(int(was.size()));
    for (int r = 0; r < was.size(); ++r) {
        m_gait->setItem(r, 0, new QTableWidgetItem(was.at(r).first));
        m_gait->setItem(r, 1, new QTableWidgetItem(was.at(r).second));
        auto *item = new QTableWidgetItem(r < now.size() ? now.at(r).second : QString());
        if (r < now.size() && now.at(r).second != was.at(r).second) {
            QFont bold = item->font();
            bold.setBold(true);
            item->setFont(bold);
        }
        m_gait->setItem(r, 2, item);
    }
}

QString RepairMotionDialog::reportText() const
{
    return m_text->toPlainText();
}

} // namespace bpat::studio
