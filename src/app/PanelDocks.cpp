#include "PanelDocks.h"

#include <QGuiApplication>
#include <QHeaderView>
#include <QTableView>
#include <utility>

#include "MainWindow.h"
#include "StudioContext.h"
#include "models/ClipsModel.h"
#include "widgets/FpsDelegate.h"
#include "models/HeaderModel.h"
#include "models/LayoutModel.h"
#include "models/PaletteModel.h"
#include "models/SocketsModel.h"
#include "widgets/CopyableTableView.h"
#include "widgets/LayoutBar.h"
#include "widgets/TablePanel.h"
#include "widgets/ValidationPanel.h"
#include "ui_MainWindow.h"

#include <QAction>
#include <QDockWidget>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QItemSelection>
#include <QSortFilterProxyModel>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

namespace bpat::studio {

PanelDocks::PanelDocks(MainWindow *window)
    : QObject(window)
    , m_window(window)
    , m_context(window->context())
    , m_headerModel(new HeaderModel(m_context, this))
    , m_clipsModel(new ClipsModel(m_context, this))
    , m_socketsModel(new SocketsModel(m_context, this))
    , m_paletteModel(new PaletteModel(m_context, this))
    , m_layoutModel(new LayoutModel(m_context, this))
{
    m_headerPanel = new TablePanel(m_headerModel);
    m_clipsPanel = new TablePanel(m_clipsModel);
    m_socketsPanel = new TablePanel(m_socketsModel);
    m_palettePanel = new TablePanel(m_paletteModel);
    m_layoutPanel = new TablePanel(m_layoutModel);
    m_layoutBar = new LayoutBar;
    m_validationPanel = new ValidationPanel(m_context);
    static_cast<QVBoxLayout *>(m_layoutPanel->layout())->insertWidget(0, m_layoutBar);
    connect(m_layoutModel, &LayoutModel::layoutRebuilt, this, [this] { m_layoutBar->setLayoutData(m_layoutModel->layout()); });
    m_layoutBar->setLayoutData(m_layoutModel->layout());
    connect(m_layoutBar, &LayoutBar::sectionClicked, m_layoutPanel, &TablePanel::selectSourceRow);

    // The frame rate is refused in the field itself when the file cannot hold it.
    m_clipsPanel->view()->setItemDelegateForColumn(ClipsModel::FpsColumn, new FpsDelegate(m_clipsPanel->view()));
    for (TablePanel *panel : {m_headerPanel, m_clipsPanel, m_socketsPanel, m_layoutPanel})
        panel->view()->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_palettePanel->view()->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // A late-v3 clip's five markers by name take ~650 px: the column is cut (elided, the tooltip
    // lists them all) so the flags and variants still show in a 1280 px window.
    m_clipsPanel->view()->horizontalHeader()->setMaximumSectionSize(300);

    m_headerDock = m_window->addPanel(m_headerPanel, tr("Header"), QStringLiteral("headerDock"), Qt::LeftDockWidgetArea);
    m_layoutDock = m_window->addPanel(m_layoutPanel, tr("Layout"), QStringLiteral("layoutDock"), Qt::LeftDockWidgetArea);
    m_clipsDock = m_window->addPanel(m_clipsPanel, tr("Clips"), QStringLiteral("clipsDock"), Qt::RightDockWidgetArea);
    m_socketsDock = m_window->addPanel(m_socketsPanel, tr("Sockets"), QStringLiteral("socketsDock"), Qt::RightDockWidgetArea);
    m_paletteDock = m_window->addPanel(m_palettePanel, tr("Palette"), QStringLiteral("paletteDock"), Qt::RightDockWidgetArea);
    m_validationDock =
        m_window->addPanel(m_validationPanel, tr("Validation"), QStringLiteral("validationDock"), Qt::BottomDockWidgetArea);
    m_window->tabifyDockWidget(m_headerDock, m_layoutDock);
    m_headerDock->raise();
    m_window->tabifyDockWidget(m_clipsDock, m_socketsDock);
    m_clipsDock->raise();
    m_window->setCorner(Qt::BottomLeftCorner, Qt::BottomDockWidgetArea); // validation spans the width
    m_window->setCorner(Qt::BottomRightCorner, Qt::BottomDockWidgetArea);

    // The current row of the Clips, Sockets and Palette panels is the current clip, socket and
    // bone (or socket); a clip or bone made current elsewhere (the viewport, an issue) is
    // selected in its panel.
    onRowPicked(m_clipsPanel, [this](int row) { m_context->setCurrentClip(row); });
    onRowPicked(m_socketsPanel, [this](int row) { m_context->setCurrentSocket(row); });
    onRowPicked(m_palettePanel, [this](int row) {
        if (m_paletteModel->isSocketRow(row)) {
            m_context->setCurrentSocket(row - m_paletteModel->boneRows());
        } else if (QGuiApplication::keyboardModifiers() & (Qt::ControlModifier | Qt::ShiftModifier)) {
            // Ctrl+click or Shift+click: the view changes the selection right after the current
            // row; making the bone current now would collapse the selection to it first. The
            // selection's change makes the bones selected, this one current.
            m_pickedWithModifier = row;
        } else {
            m_context->setCurrentBone(row);
            m_context->setCurrentSocket(-1);
        }
    });
    connect(m_context, &StudioContext::currentClipChanged, this, [this](int clip) { follow(m_clipsPanel, clip); });
    connect(m_context, &StudioContext::currentBoneChanged, this, [this](int bone) {
        const QList<int> &selected = m_context->selectedBones();
        if (selected.size() > 1 && selected.contains(bone)) { // current inside a multiple selection
            const QModelIndex index = m_palettePanel->proxy()->mapFromSource(m_paletteModel->index(bone, 0));
            m_followingBones = true;
            m_palettePanel->view()->selectionModel()->setCurrentIndex(index, QItemSelectionModel::NoUpdate);
            m_followingBones = false;
            return;
        }
        follow(m_palettePanel, bone);
    });
    // Several bones (Ctrl+click): the rows selected in the Palette panel are the context's
    // selected bones, and bones selected elsewhere (Ctrl+click in the viewport) are selected here.
    connect(m_palettePanel->view()->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        if (m_followingBones)
            return;
        QList<int> bones;
        const QModelIndexList rows = m_palettePanel->view()->selectionModel()->selectedRows();
        for (const QModelIndex &row : rows) {
            const int source = m_palettePanel->sourceRow(row);
            if (source >= 0 && !m_paletteModel->isSocketRow(source))
                bones.append(source);
        }
        std::sort(bones.begin(), bones.end());
        const int picked = std::exchange(m_pickedWithModifier, -1);
        if (bones.isEmpty())
            return;
        m_context->setSelectedBones(bones);
        if (bones.contains(picked)) // the row Ctrl+clicked (added) is the current bone
            m_context->setCurrentBone(picked);
        if (picked >= 0)
            m_context->setCurrentSocket(-1);
    });
    connect(m_context, &StudioContext::selectedBonesChanged, this, &PanelDocks::followBones);
    connect(m_validationPanel, &ValidationPanel::jumpRequested, this, &PanelDocks::jumpTo);

    Ui::MainWindow *ui = m_window->form();
    connect(ui->actionRunDeepChecks, &QAction::triggered, m_validationPanel, &ValidationPanel::runDeepChecks);
    connect(ui->actionExportReport, &QAction::triggered, m_validationPanel, &ValidationPanel::exportReport);
}

void PanelDocks::onRowPicked(TablePanel *panel, const std::function<void(int)> &picked)
{
    connect(panel->view()->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [panel, picked](const QModelIndex &current) {
                const int row = panel->sourceRow(current);
                if (row >= 0)
                    picked(row);
            });
}

void PanelDocks::follow(TablePanel *panel, int row)
{
    if (row >= 0 && panel->sourceRow(panel->view()->currentIndex()) != row)
        panel->selectSourceRow(row);
}

void PanelDocks::followBones(const QList<int> &bones)
{
    if (bones.size() < 2) { // one bone or none: the row of the current bone alone
        m_followingBones = true;
        if (bones.isEmpty())
            m_palettePanel->view()->clearSelection();
        else
            m_palettePanel->selectSourceRow(bones.constFirst());
        m_followingBones = false;
        return;
    }
    QItemSelection selection;
    const QAbstractItemModel *view = m_palettePanel->proxy();
    for (int bone : bones) {
        const QModelIndex index = m_palettePanel->proxy()->mapFromSource(m_paletteModel->index(bone, 0));
        if (index.isValid())
            selection.select(index, view->index(index.row(), view->columnCount() - 1));
    }
    m_followingBones = true;
    m_palettePanel->view()->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_followingBones = false;
}

void PanelDocks::applyPreset(Preset preset)
{
    if (preset == Preset::TechArtist) {
        for (QDockWidget *dock : {m_headerDock, m_layoutDock, m_clipsDock, m_socketsDock, m_paletteDock, m_validationDock})
            dock->show();
        m_layoutDock->raise(); // the byte-level view is what this layout is for
        m_clipsDock->raise();
    } else {
        // Animator: nothing on the left; across the bottom the clips, with the sockets and the
        // validation as tabs beside them (the whole width: every column of the clip table
        // shows); a file that opens with errors raises the validation (raiseValidationOnErrors).
        m_headerDock->hide();
        m_layoutDock->hide();
        m_window->addDockWidget(Qt::BottomDockWidgetArea, m_clipsDock);
        m_window->tabifyDockWidget(m_validationDock, m_clipsDock);
        m_window->tabifyDockWidget(m_clipsDock, m_socketsDock);
        for (QDockWidget *dock : {m_clipsDock, m_socketsDock, m_paletteDock, m_validationDock})
            dock->show();
        // The clips in front, the findings when the file shown has errors (as on open).
        (hasErrors(m_context->diagnostics()) ? m_validationDock : m_clipsDock)->raise();
    }
    // The proportions once the new arrangement is laid out (sizes given before are dropped).
    QTimer::singleShot(0, this, [this, preset] { resizeForPreset(preset); });
}

void PanelDocks::resizeForPreset(Preset preset)
{
    const int width = m_window->width();
    const int height = m_window->height();
    if (preset == Preset::TechArtist) {
        // The central views keep about half the width (resizeDocks() takes the tabs in front:
        // one behind voids the whole call).
        m_window->resizeDocks({m_layoutDock, m_clipsDock}, {width * 30 / 100, width * 25 / 100}, Qt::Horizontal);
        m_window->resizeDocks({m_clipsDock, m_paletteDock}, {height * 42 / 100, height * 58 / 100}, Qt::Vertical);
        m_window->resizeDocks({m_validationDock}, {height * 22 / 100}, Qt::Vertical);
        return;
    }
    m_window->resizeDocks({m_paletteDock}, {width * 22 / 100}, Qt::Horizontal);
    // The clip table shows eight rows (a quadruped's clips; the humanoid's 74 scroll), as long
    // as that leaves the views and the timeline most of the window.
    QTableView *clips = m_clipsPanel->view();
    const int rows = clips->horizontalHeader()->sizeHint().height() + 8 * clips->verticalHeader()->defaultSectionSize();
    const int chrome = m_clipsPanel->sizeHint().height() - clips->sizeHint().height() // the filter above the table
        + 2 * clips->frameWidth() + 2 * m_window->fontMetrics().height() + 16;        // the dock's title and tabs
    m_window->resizeDocks({m_clipsDock}, {std::min(rows + chrome, height * 40 / 100)}, Qt::Vertical);
    // The current clip in view in the table's new size.
    QTimer::singleShot(0, this, [this] { m_clipsPanel->view()->scrollTo(m_clipsPanel->view()->currentIndex()); });
}

void PanelDocks::raiseValidationOnErrors()
{
    if (hasErrors(m_context->diagnostics()) && m_validationDock->isVisible())
        m_validationDock->raise();
}

void PanelDocks::show(QDockWidget *dock, TablePanel *panel, int row)
{
    dock->show();
    dock->raise();
    if (row >= 0)
        panel->selectSourceRow(row);
}

void PanelDocks::jumpTo(const DiagnosticLocation &location)
{
    using Kind = DiagnosticLocation::Kind;
    switch (location.kind) {
    case Kind::None:
    case Kind::Text: // a recipe key or recording curve: nothing in these panels shows it
        return;
    case Kind::Header:
    case Kind::Extension: // the header panel lists the v3 extension's fields after the header's
        show(m_headerDock, m_headerPanel, std::max(0, m_headerModel->rowOfField(location.field)));
        return;
    case Kind::Clip:
        m_context->setCurrentClip(location.index);
        show(m_clipsDock, m_clipsPanel, location.index);
        return;
    case Kind::Socket: show(m_socketsDock, m_socketsPanel, location.index); return;
    case Kind::BoneParent:
    case Kind::BindPalette:
        m_context->setCurrentBone(location.bone);
        show(m_paletteDock, m_palettePanel, location.bone);
        return;
    case Kind::Palette:
    case Kind::SocketData:
    case Kind::Contact:
        if (location.clip >= 0)
            m_context->setCurrentClip(location.clip);
        if (location.frame >= 0)
            m_context->setCurrentFrame(location.frame);
        if (location.bone >= 0)
            m_context->setCurrentBone(location.bone);
        show(m_paletteDock, m_palettePanel,
             location.bone >= 0         ? location.bone
                 : location.socket >= 0 ? m_paletteModel->boneRows() + location.socket
                                        : -1);
        return;
    case Kind::Section: {
        const auto &sections = m_layoutModel->layout().sections();
        QString wanted = location.section;
        wanted.replace(QLatin1Char('_'), QLatin1Char(' '));
        int row = -1;
        for (int i = 0; i < sections.size() && row < 0; ++i) {
            if (wanted.startsWith(sections.at(i).name) || sections.at(i).name.startsWith(wanted))
                row = i;
        }
        show(m_layoutDock, m_layoutPanel, row);
        return;
    }
    }
}

} // namespace bpat::studio
