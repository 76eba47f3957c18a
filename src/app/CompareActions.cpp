#include "CompareActions.h"

#include "MainWindow.h"
#include "PanelDocks.h"
#include "StudioContext.h"
#include "bpat/BpatFile.h"
#include "diff/FileDiff.h"
#include "document/CompareState.h"
#include "jobs/JobController.h"
#include "models/ClipsModel.h"
#include "models/DifferencesModel.h"
#include "models/PaletteModel.h"
#include "viewport/CompareGhost.h"
#include "viewport/ViewportWidget.h"
#include "widgets/CopyableTableView.h"
#include "widgets/TablePanel.h"
#include "widgets/ValidationPanel.h"
#include "formats/FormatRegistry.h"
#include "ui_MainWindow.h"

#include <QAction>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QItemSelectionModel>

namespace bpat::studio {

CompareActions::CompareActions(MainWindow *window)
    : QObject(window)
    , m_window(window)
    , m_model(new DifferencesModel(window->context()->compare(), this))
    , m_panel(new TablePanel(m_model))
{
    m_panel->view()->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_panel->view()->horizontalHeader()->setStretchLastSection(true);
    m_dock = window->addPanel(m_panel, tr("Differences"), QStringLiteral("differencesDock"), Qt::BottomDockWidgetArea);
    m_dock->hide(); // shown while comparing

    StudioContext *context = window->context();
    CompareState *state = context->compare();
    Ui::MainWindow *ui = window->form();
    connect(ui->actionCompareWith, &QAction::triggered, this, &CompareActions::chooseFile);
    connect(ui->actionStopComparing, &QAction::triggered, this, &CompareActions::stop);
    connect(context, &StudioContext::fileLoaded, this, [this, context, state] {
        if (!state->isActive())
            return updateEnabled();
        if (context->filePath() != m_shownPath || !context->hasFile())
            return stop(); // another document: compare mode was about the one before
        state->invalidate();
        ++m_generation;
        // After the viewport has shown the new version (which drops the ghost built before).
        QMetaObject::invokeMethod(this, &CompareActions::recompare, Qt::QueuedConnection);
    });
    connect(context, &StudioContext::fileClosed, this, &CompareActions::stop);
    connect(state, &CompareState::changed, this, &CompareActions::updateEnabled);
    // The compare columns of the Clips and Palette panels next to the names, where they are seen.
    connect(state, &CompareState::changed, this, [this] {
        const auto bringForward = [](TablePanel *panel, int column) {
            QHeaderView *header = panel->view()->horizontalHeader();
            if (column >= 0 && column < header->count() && header->visualIndex(column) != 2)
                header->moveSection(header->visualIndex(column), 2);
        };
        bringForward(m_window->panels()->clipsPanel(), m_window->panels()->clipsModel()->compareColumn());
        if (m_window->panels()->paletteModel()->comparing())
            bringForward(m_window->panels()->palettePanel(), PaletteModel::DifferenceColumn);
    });
    // A picked row is where to go (clicked, or moved to with the keys).
    connect(m_panel->view()->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) { jumpTo(m_panel->sourceRow(current)); });
    connect(m_panel->view(), &QAbstractItemView::clicked, this,
            [this](const QModelIndex &index) { jumpTo(m_panel->sourceRow(index)); });
    updateEnabled();
}

void CompareActions::updateEnabled()
{
    Ui::MainWindow *ui = m_window->form();
    ui->actionCompareWith->setEnabled(m_window->context()->hasFile());
    ui->actionStopComparing->setEnabled(m_window->context()->compare()->isActive());
}

void CompareActions::chooseFile()
{
    StudioContext *context = m_window->context();
    const QString folder = context->filePath().isEmpty() ? QString() : QFileInfo(context->filePath()).absolutePath();
    const QString path =
        QFileDialog::getOpenFileName(m_window, tr("Compare With"), folder, tr("BPAT files (*.bpat);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!compareWith(path, &error))
        Q_EMIT context->message(error);
}

bool CompareActions::compareWith(const QString &path, QString *error)
{
    StudioContext *context = m_window->context();
    const auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (!context->hasFile())
        return fail(tr("Compare With needs an open BPAT file"));
    QString why;
    auto other = BpatFile::open(path, &why);
    if (!other)
        return fail(why);
    why = diff::FileDiff::whyNotComparable(*other);
    if (!why.isEmpty())
        return fail(tr("%1 cannot be compared: %2").arg(QFileInfo(path).fileName(), why));
    m_shownPath = context->filePath();
    ++m_generation;
    context->compare()->setOther(std::make_shared<const BpatFile>(*other), path);
    // Beside the Validation panel, which spans the window's width, and in front of it.
    auto *validation = qobject_cast<QDockWidget *>(m_window->panels()->validationPanel()->parentWidget());
    if (validation && !validation->isHidden() && !m_window->tabifiedDockWidgets(validation).contains(m_dock)
        && m_window->dockWidgetArea(validation) == Qt::BottomDockWidgetArea)
        m_window->tabifyDockWidget(validation, m_dock);
    m_dock->show();
    m_dock->raise();
    recompare();
    return true;
}

void CompareActions::stop()
{
    ++m_generation;
    m_shownPath.clear();
    m_window->context()->compare()->clear();
    m_window->viewport()->setCompareGhost(nullptr);
    m_dock->hide();
    updateEnabled();
}

void CompareActions::recompare()
{
    StudioContext *context = m_window->context();
    CompareState *state = context->compare();
    if (!state->isActive() || !context->hasFile())
        return;
    const BpatFile a = context->file(), b = *state->other();
    const quint64 generation = m_generation;
    diff::DiffOptions options;
    options.tolerance = 1e-5;
    if (a.fileSize() + b.fileSize() <= kSyncBytes) {
        state->setResult(diff::FileDiff::compare(a, b, options));
        apply(generation);
        return;
    }
    // Large files: a job, whose result is dropped if A changed or compare mode ended meanwhile.
    auto loaded = context->loadedFile(); // keeps A's mapping alive on the worker
    auto otherFile = state->sharedOther();
    m_window->jobs()->run<diff::DiffResult>(
        tr("Comparing with %1").arg(QFileInfo(state->path()).fileName()),
        [a, otherFile, loaded, options](QPromise<diff::DiffResult> &promise, const std::atomic<bool> &cancelled) mutable {
            promise.setProgressRange(0, 1000);
            options.progress = [&](quint64 done, quint64 total) {
                promise.setProgressValue(total > 0 ? int(done * 1000 / total) : 0);
                return !cancelled.load();
            };
            promise.addResult(diff::FileDiff::compare(a, *otherFile, options));
        },
        this,
        [this, generation](std::optional<diff::DiffResult> result) {
            if (!result || generation != m_generation)
                return;
            m_window->context()->compare()->setResult(std::move(*result));
            apply(generation);
        });
}

void CompareActions::apply(quint64 generation)
{
    StudioContext *context = m_window->context();
    CompareState *state = context->compare();
    if (generation != m_generation || !state->hasResult())
        return;
    const diff::DiffResult &r = state->result();
    if (!r.error.isEmpty()) {
        Q_EMIT context->message(r.error);
        return;
    }
    QString why;
    m_window->viewport()->setCompareGhost(CompareGhost::build(context->file(), *state->other(), r.clipPairs, &why));
    const QString name = state->path();
    QString text = r.changes.isEmpty() ? tr("Compared with %1: the same within %2").arg(name).arg(r.tolerance)
                                       : tr("Compared with %1: %n change(s)", nullptr, int(r.changes.size())).arg(name);
    if (!why.isEmpty())
        text += QStringLiteral(" (%1)").arg(why);
    Q_EMIT context->message(text);
}

void CompareActions::jumpTo(int row)
{
    if (row < 0 || row >= m_model->rowCount())
        return;
    StudioContext *context = m_window->context();
    const QModelIndex index = m_model->index(row, 0);
    const int clip = index.data(DifferencesModel::ClipRole).toInt();
    const qint64 frame = index.data(DifferencesModel::FrameRole).toLongLong();
    const int bone = index.data(DifferencesModel::BoneRole).toInt();
    const int socket = index.data(DifferencesModel::SocketRole).toInt();
    if (clip >= 0) {
        if (clip != context->currentClip())
            context->setCurrentClip(clip);
        if (frame >= 0)
            context->setCurrentFrame(int(frame));
    } else if (!index.data(Qt::DisplayRole).isNull()
               && index.siblingAtColumn(DifferencesModel::ClipColumn).data().toString().size() > 0 && socket < 0) {
        Q_EMIT context->message(tr("%1 is only in %2")
                                    .arg(index.siblingAtColumn(DifferencesModel::ClipColumn).data().toString(),
                                         QFileInfo(context->compare()->path()).fileName()));
    }
    if (bone >= 0)
        context->setCurrentBone(bone);
    if (socket >= 0)
        context->setCurrentSocket(socket);
}

} // namespace bpat::studio
