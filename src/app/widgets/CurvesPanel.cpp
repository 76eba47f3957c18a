#include "widgets/CurvesPanel.h"

#include "models/CurveFilterModel.h"
#include "plot/CurveCsvExporter.h"
#include "plot/ChartsCurvePlot.h"
#include "io/AtomicFile.h"

#include <QAction>
#include <QComboBox>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <algorithm>
#include <QSplitter>
#include <QToolBar>
#include <QTreeView>
#include <QVBoxLayout>

namespace bpat::studio {

CurvesPanel::CurvesPanel(QWidget *parent)
    : QWidget(parent)
{
    m_model = new CurveTreeModel(this);
    m_filter = new CurveFilterModel(this);
    m_filter->setSourceModel(m_model);

    auto *treeHost = new QWidget;
    auto *treeLayout = new QVBoxLayout(treeHost);
    treeLayout->setContentsMargins(0, 0, 0, 0);
    treeLayout->setSpacing(2);
    m_search = new QLineEdit;
    m_search->setPlaceholderText(tr("Search curves (e.g. IndexTip, RotationW)"));
    m_search->setClearButtonEnabled(true);
    m_tree = new QTreeView;
    m_tree->setModel(m_filter);
    m_tree->setUniformRowHeights(true);
    m_tree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(CurveTreeModel::NameColumn, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(CurveTreeModel::KeysColumn, QHeaderView::ResizeToContents);
    treeLayout->addWidget(m_search);
    treeLayout->addWidget(m_tree);

    auto *plotHost = new QWidget;
    auto *plotLayout = new QVBoxLayout(plotHost);
    m_plotLayout = plotLayout;
    plotLayout->setContentsMargins(0, 0, 0, 0);
    plotLayout->setSpacing(0);
    buildToolbar(plotHost);
    m_plot = new ChartsCurvePlot(plotHost);
    plotLayout->addWidget(m_plot, 1);
    m_status = new QLabel;
    m_status->setContentsMargins(6, 2, 6, 2);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // A long status text must not widen the plot side and squeeze the tree: the label is cut
    // at its width instead (hover texts are also shown as the plot's tooltip).
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    plotLayout->addWidget(m_status);

    auto *splitter = new QSplitter(Qt::Horizontal);
    splitter->addWidget(treeHost);
    splitter->addWidget(plotHost);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({280, 900});
    // Narrow enough that the panel beside the viewport, with the key bar's fields, leaves a
    // 1280 px window room for its docks; the splitter gives the tree 280 px to start with.
    treeHost->setMinimumWidth(170);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    connect(m_search, &QLineEdit::textChanged, this, &CurvesPanel::setSearchText);
    connect(m_model, &CurveTreeModel::checkedCurvesChanged, this, &CurvesPanel::onCheckedChanged);
    connect(m_tree->selectionModel(), &QItemSelectionModel::selectionChanged, this, &CurvesPanel::onTreeSelectionChanged);
    connect(m_plot, &CurvePlot::cursorTimeScrubbed, this, &CurvesPanel::cursorTimeScrubbed);
    connect(m_plot, &CurvePlot::curveClicked, this, &CurvesPanel::onCurveClicked);
    connect(m_plot, &CurvePlot::hoverTextChanged, this, &CurvesPanel::updateStatus);
    updateStatus({});
}

CurvesPanel::~CurvesPanel() = default;

void CurvesPanel::buildToolbar(QWidget *host)
{
    auto *toolbar = new QToolBar(host);
    toolbar->setIconSize(QSize(16, 16));
    toolbar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    QAction *frameAll = toolbar->addAction(tr("Frame All"), this, [this] { m_plot->frameAll(); });
    frameAll->setToolTip(tr("Fit every plotted curve (A in the plot)"));
    QAction *frameSelection = toolbar->addAction(tr("Frame Selection"), this, [this] { m_plot->frameSelection(); });
    frameSelection->setToolTip(tr("Fit the curves selected in the tree (F in the plot)"));
    m_normalizeAction = toolbar->addAction(tr("Normalize"));
    m_normalizeAction->setCheckable(true);
    m_normalizeAction->setToolTip(tr("Map each curve to -1..1"));
    connect(m_normalizeAction, &QAction::toggled, this, [this](bool on) { m_plot->setNormalized(on); });
    // The bone curves' rotation: Euler angles in one of the six orders, or the quaternion.
    m_rotation = new QComboBox;
    m_rotation->setObjectName(QStringLiteral("rotationChoice"));
    for (int order = 0; order < bpat::EulerOrderCount; ++order)
        m_rotation->addItem(tr("Euler %1").arg(bpat::euler::orderName(bpat::EulerOrder(order))), order);
    m_rotation->addItem(tr("Quaternion"), -1);
    m_rotation->setToolTip(tr("How bone rotations are plotted: Euler angles in degrees (XYZ: X applied first, "
                              "then Y, then Z, about the parent's axes), or the quaternion's W, X, Y, Z"));
    toolbar->addSeparator();
    m_rotationAction = toolbar->addWidget(m_rotation);
    m_rotationAction->setVisible(false);
    connect(m_rotation, &QComboBox::currentIndexChanged, this, &CurvesPanel::rotationChoiceChanged);
    toolbar->addSeparator();
    toolbar->addAction(tr("Export PNG…"), this, [this] {
        exportInteractively(tr("Export plot as PNG"), tr("PNG images (*.png)"), tr("Export PNG"), &CurvesPanel::exportPng);
    });
    toolbar->addAction(tr("Export CSV…"), this, [this] {
        exportInteractively(tr("Export plotted curves as CSV"), tr("CSV files (*.csv)"), tr("Export CSV"),
                            &CurvesPanel::exportCsv);
    });
    static_cast<QVBoxLayout *>(host->layout())->addWidget(toolbar);
}

void CurvesPanel::setAnimation(std::shared_ptr<const bpat::InputAnimation> animation)
{
    m_animation = std::move(animation);
    if (m_animation)
        showCurves(Source::Recording);
    else if (m_source != Source::Bones)
        showCurves(Source::Bones); // or None, without bone curves
}

void CurvesPanel::setBoneCurves(std::shared_ptr<const BoneCurveSet> set)
{
    // The same clip again (another rotation choice, an edit): the view stays where it was.
    const bool sameClip = m_bones && set && m_bones->clip() == set->clip() && m_bones->lastFrame() == set->lastFrame()
        && m_bones->clipName() == set->clipName();
    const bool rotationChanged = m_bones && set && m_bones->options().quaternion != set->options().quaternion;
    m_bones = std::move(set);
    if (rotationChanged) { // the bones' rotations as the new choice has them: W comes or goes
        QStringList names;
        for (const QString &name : std::as_const(m_checkedBones)) {
            const int bone = m_bones->boneOf(name);
            if (bone < 0 && !name.endsWith(QLatin1String("/RotationW")))
                continue;
            const QString prefix = name.section(u'/', 0, -2);
            const QStringList kinds = withRotationKinds({BoneCurveSet::channelKind(name)});
            for (const QString &kind : kinds) {
                const QString adapted = prefix + QLatin1Char('/') + kind;
                if (m_bones->boneOf(adapted) >= 0 && !names.contains(adapted))
                    names.append(adapted);
            }
        }
        m_checkedBones = names;
    }
    if (m_source == Source::Recording)
        return; // shown when the recording goes, or on showSource(Bones)
    const auto range = m_plot->timeRange();
    const auto values = m_plot->valueRange();
    const bool wasFramed = m_framed;
    showCurves(Source::Bones);
    if (sameClip && wasFramed && m_source == Source::Bones) {
        m_plot->setTimeRange(range.first, range.second);
        if (m_keepView) // an offset key moving: the scale stays under the mouse
            m_plot->setValueRange(values.first, values.second);
        else
            m_plot->fitValues();
    }
}

void CurvesPanel::showSource(Source source)
{
    if (source != m_source)
        showCurves(source);
}

void CurvesPanel::updateBoneCurves(std::shared_ptr<const BoneCurveSet> set)
{
    if (!set || !m_bones || m_source != Source::Bones || set->clip() != m_bones->clip())
        return setBoneCurves(std::move(set));
    m_bones = std::move(set);
    refreshCompanions(); // the checked curves, from the new set, in the view they have
}

void CurvesPanel::showCurves(Source source)
{
    if (source == Source::Recording && !m_animation)
        source = m_bones ? Source::Bones : Source::None;
    if (source == Source::Bones && !m_bones)
        source = m_animation ? Source::Recording : Source::None;
    const QStringList bonesChecked = m_checkedBones; // the model's reset below unchecks everything
    m_source = source;
    m_framed = false;
    m_plot->setCurves({});
    QList<CurveTreeModel::Entry> entries;
    QList<PlotMarker> markers;
    if (source == Source::Recording) {
        const QList<bpat::CurveRef> refs = m_animation->curves();
        for (const bpat::CurveRef &ref : refs)
            entries.append({ref.name, ref.keyCount(), ref.boolCurve != nullptr});
        for (const bpat::InputAnimationMarker &marker : m_animation->markers())
            markers.append({marker.time, marker.name});
    } else if (source == Source::Bones) {
        entries = m_bones->entries();
        markers = m_bones->markers();
    }
    const bool bones = source == Source::Bones;
    m_plot->setTimeUnit(bones ? CurvePlot::TimeUnit::Frames : CurvePlot::TimeUnit::Seconds);
    // A BPAT's channels name their own axes by unit (rotation in degrees, translation in
    // metres: BoneCurveSet::reading); "value" is the title while nothing is plotted.
    m_plot->setAxisTitles(bones ? tr("frame") : tr("time (s)"), tr("value"));
    m_rotationAction->setVisible(bones);
    if (m_editBar)
        m_editBar->setVisible(bones);
    m_search->setPlaceholderText(bones ? tr("Search bones or channels (e.g. Spine, RotationX)")
                                       : tr("Search curves (e.g. IndexTip, RotationW)"));
    m_model->setCurves(entries);
    m_plot->setMarkers(markers);
    if (!bones) // a recording's hands and camera open; a clip's bones closed (dozens of them)
        m_tree->expandToDepth(0);
    if (bones) {
        m_checkedBones = bonesChecked;
        if (!m_checkedBones.isEmpty()) {
            m_model->setCheckedCurves(m_checkedBones);
            for (const QString &name : m_model->checkedCurves()) // a checked bone's rows in view
                m_tree->expand(m_filter->mapFromSource(m_model->indexForPath(name.section(u'/', 0, 0))));
        }
        if (!m_framed) { // nothing checked: the clip's frames, values of -1..1 until curves come
            m_plot->setTimeRange(-0.5, std::max(1, m_bones->lastFrame()) + 0.5);
            m_plot->setValueRange(-1.0, 1.0);
        }
    } else if (source == Source::Recording) {
        if (m_animation->hasCamera())
            setCheckedCurves(
                {QStringLiteral("Camera/PositionX"), QStringLiteral("Camera/PositionY"), QStringLiteral("Camera/PositionZ")});
        // The first view spans the whole recording: its time starts at the earliest key of any
        // curve (the toolkit's bool keys can be seconds before the camera's), where the shared
        // time cursor is placed, so the cursor is in view without paging away from the framed curves.
        if (m_framed && m_animation->keyCount() > 0) {
            const auto [from, to] = m_plot->timeRange();
            m_plot->setTimeRange(std::min(from, m_animation->startTime()), std::max(to, m_animation->duration()));
        }
    }
    updateStatus({});
}

void CurvesPanel::setCheckedCurves(const QStringList &names)
{
    m_model->setCheckedCurves(names);
}

QStringList CurvesPanel::checkedCurves() const
{
    return m_model->checkedCurves();
}

void CurvesPanel::setSearchText(const QString &text)
{
    if (m_search->text() != text)
        m_search->setText(text);
    m_filter->setFilterFixedString(text);
    if (!text.isEmpty())
        m_tree->expandAll();
}

void CurvesPanel::onCheckedChanged(const QStringList &names)
{
    if (m_source == Source::Bones)
        m_checkedBones = names;
    QList<PlotCurve> curves = m_source == Source::Bones ? plotCurvesFor(m_bones, names)
        : m_source == Source::Recording                 ? plotCurvesFor(m_animation, names)
                                                        : QList<PlotCurve>();
    if (m_source == Source::Bones && m_companions)
        curves += m_companions(curves);
    m_plot->setCurves(curves);
    QHash<QString, QColor> colors;
    for (const PlotCurve &curve : curves)
        colors.insert(curve.name(), curve.color);
    m_model->setPlottedColors(colors); // the tree is the legend with full names
    Q_EMIT plottedCurvesChanged();
    if (names.isEmpty())
        return;
    // The first curves shown frame the view; later ones keep the time range the user chose.
    if (!m_framed) {
        m_plot->frameAll();
        m_framed = true;
    } else if (!m_keepView) {
        m_plot->fitValues();
    }
}

void CurvesPanel::setCompanionCurves(std::function<QList<PlotCurve>(const QList<PlotCurve> &)> companions)
{
    m_companions = std::move(companions);
}

void CurvesPanel::refreshCompanions()
{
    if (m_source != Source::Bones)
        return;
    const bool keep = std::exchange(m_keepView, true);
    onCheckedChanged(checkedCurves());
    m_keepView = keep;
}

void CurvesPanel::setEditBar(QWidget *bar)
{
    m_editBar = bar;
    m_plotLayout->insertWidget(1, bar); // under the toolbar
    bar->setVisible(m_source == Source::Bones);
}

void CurvesPanel::onTreeSelectionChanged()
{
    QStringList names;
    const QModelIndexList rows = m_tree->selectionModel()->selectedRows(CurveTreeModel::NameColumn);
    for (const QModelIndex &row : rows)
        names += row.data(CurveTreeModel::CurveNamesRole).toStringList();
    m_plot->setSelectedCurves(names);
}

void CurvesPanel::onCurveClicked(const QString &name)
{
    const QModelIndex index = m_filter->mapFromSource(m_model->indexForPath(name));
    if (!index.isValid())
        return;
    m_tree->scrollTo(index);
    m_tree->selectionModel()->select(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_tree->setCurrentIndex(index);
}

void CurvesPanel::setCursorTime(double seconds)
{
    m_plot->setCursorTime(seconds);
    // Follow the cursor a page at a time, as curve editors do during playback: when it leaves
    // the visible time range, the range moves (same width) so the cursor is at its left edge.
    const auto [from, to] = m_plot->timeRange();
    const double width = to - from;
    if (m_source != Source::None && width > 0.0 && (seconds < from || seconds > to))
        m_plot->setTimeRange(seconds, seconds + width);
}

void CurvesPanel::updateStatus(const QString &hover)
{
    if (!hover.isEmpty()) {
        m_status->setText(QString(hover).replace(QLatin1Char('\n'), QLatin1String("   |   ")));
        return;
    }
    if (m_source == Source::Bones) {
        updateBoneStatus();
        return;
    }
    if (m_source == Source::None) {
        m_status->setText(tr("Open a BPAT file for its bones' curves, or a recording (.bin) for its curves."));
        return;
    }
    m_status->setText(tr("%1 curves, %2 keys, %3 markers. Wheel: zoom (Ctrl: time only), "
                         "middle drag: pan, drag the orange cursor or the time labels to scrub, F / A: frame.")
                          .arg(m_model->curveCount())
                          .arg(m_model->totalKeyCount())
                          .arg(m_animation->markers().size()));
    m_status->setToolTip(m_status->text()); // whole, when the panel is too narrow for it
}

bool CurvesPanel::exportPng(const QString &path, QString *error)
{
    const QImage image = m_plot->renderImage();
    if (image.isNull()) {
        if (error)
            *error = tr("cannot write PNG %1: the plot has no image").arg(path);
        return false;
    }
    // Through the one save path: a device, FIFO or dangling link as the target is refused.
    return bpat::AtomicFile::write(
        path,
        [&image](QIODevice *device, QString *why) {
            if (image.save(device, "PNG"))
                return true;
            *why = device->errorString();
            return false;
        },
        error);
}

bool CurvesPanel::exportCsv(const QString &path, QString *error)
{
    const auto [from, to] = m_plot->timeRange();
    return CurveCsvExporter::write(path, m_plot->curves(), from, to, error,
                                   m_source == Source::Bones ? QByteArray("frame") : QByteArray("time"));
}

void CurvesPanel::exportInteractively(const QString &title, const QString &filter, const QString &failedTitle,
                                      bool (CurvesPanel::*write)(const QString &, QString *))
{
    const QString path = QFileDialog::getSaveFileName(this, title, QString(), filter);
    QString error;
    if (!path.isEmpty() && !(this->*write)(path, &error))
        QMessageBox::warning(this, failedTitle, error);
}

} // namespace bpat::studio
