#include "GltfActions.h"

#include "MainWindow.h"
#include "ReadOnlyTargets.h"
#include "dialogs/GltfExportDialog.h"
#include "dialogs/GltfImportDialog.h"
#include "StudioContext.h"
#include "editing/DocumentSession.h"
#include "editing/EditActions.h"
#include "gltf/GltfExporter.h"
#include "gltf/GltfImporter.h"
#include "io/AtomicFile.h"
#include "jobs/JobController.h"
#include "ui_MainWindow.h"
#include "viewport/ViewportWidget.h"

#include <QAction>
#include <QApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QEventLoop>
#include <QMenu>
#include <QMessageBox>
#include <QProgressDialog>
#include <QStatusBar>
#include <optional>

namespace bpat::studio {

namespace {

// Runs `work` as a job of the window's JobController while a modal progress dialog shows
// `label`, and returns its result (nullopt when cancelled); `work` gets a progress callback
// (done, total) that returns false once the user cancelled (when the dialog offers Cancel).
template<typename Result>
std::optional<Result> runWithProgress(JobController *jobs, QWidget *parent, const QString &label, bool cancellable,
                                      const std::function<Result(const std::function<bool(int, int)> &)> &work)
{
    QProgressDialog dialog(label, QObject::tr("Cancel"), 0, 0, parent);
    if (!cancellable)
        dialog.setCancelButton(nullptr);
    dialog.setWindowModality(Qt::WindowModal);
    dialog.setMinimumDuration(300);
    std::optional<Result> result;
    bool ended = false;
    QEventLoop loop;
    const JobController::JobId id = jobs->run<Result>(
        label,
        [work](QPromise<Result> &promise, const std::atomic<bool> &) {
            promise.addResult(work([&promise](int done, int total) {
                promise.setProgressRange(0, total);
                promise.setProgressValue(done);
                return !promise.isCanceled();
            }));
        },
        &loop,
        [&](std::optional<Result> r) {
            result = std::move(r);
            ended = true;
            loop.quit();
        },
        cancellable);
    QObject::connect(jobs, &JobController::jobProgress, &dialog, [&dialog, id](JobController::JobId job, int value, int maximum) {
        if (job == id) {
            dialog.setRange(0, maximum);
            dialog.setValue(value);
        }
    });
    QObject::connect(&dialog, &QProgressDialog::canceled, jobs, [jobs, id] { jobs->cancel(id); });
    if (!ended) // a modal QProgressDialog::setValue processes events: the job may have ended already
        loop.exec();
    return result;
}

} // namespace

GltfActions::GltfActions(MainWindow *window)
    : QObject(window)
    , m_window(window)
    , m_export(window->form()->actionExportGltf)
    , m_import(window->form()->actionImportGltf)
{
    connect(m_export, &QAction::triggered, this, &GltfActions::chooseExport);
    connect(m_import, &QAction::triggered, this, &GltfActions::chooseImport);
    connect(window->context(), &StudioContext::fileLoaded, this, &GltfActions::updateEnabled);
    connect(window->context(), &StudioContext::fileClosed, this, &GltfActions::updateEnabled);
    updateEnabled();
}

void GltfActions::updateEnabled()
{
    m_export->setEnabled(m_window->context()->hasFile());
}

QString GltfActions::exportTo(const QString &path, bool creatureMesh, bool *ok, const QString &bodyPath, const QStringList &clips)
{
    *ok = false;
    DocumentSession *session = m_window->editActions()->session();
    const BpatDocument *edited = session->document();
    if (!edited)
        return tr("Cannot export: %1").arg(m_window->context()->lastError());
    if (!ReadOnlyTargets::confirm(m_window, path))
        return tr("Not exported: %1 is read-only").arg(QFileInfo(path).fileName());
    const BpatDocument document = *edited; // the worker gets its own copy
    GltfExportOptions options;
    options.creatureMesh = creatureMesh && bodyPath.isEmpty();
    options.bodyPath = creatureMesh ? bodyPath : QString(); // the game's body instead of the stand-in
    options.clips = clips;
    const std::optional<GltfExportResult> ran =
        runWithProgress<GltfExportResult>(m_window->jobs(), m_window, tr("Exporting %1...").arg(QFileInfo(path).fileName()), true,
                                          [document, options, path](const std::function<bool(int, int)> &progress) {
                                              GltfExportOptions withProgress = options;
                                              withProgress.progress = progress;
                                              return GltfExporter::exportDocument(document, path, withProgress);
                                          });
    if (!ran)
        return tr("glTF not written: cancelled");
    const GltfExportResult &result = *ran;
    if (!result.ok)
        return tr("glTF not written: %1").arg(result.error);
    *ok = true;
    m_lastGltfFolder = QFileInfo(path).absolutePath(); // where Import glTF's dialog opens next
    QString text = tr("Exported %1: %2 animations (%3)")
                       .arg(QFileInfo(path).fileName())
                       .arg(result.animationCount)
                       .arg(result.skeletonSource);
    if (!options.bodyPath.isEmpty())
        text += tr(", the body %1 (%2 vertices, %3 materials)")
                    .arg(QFileInfo(options.bodyPath).fileName())
                    .arg(result.vertexCount)
                    .arg(result.materialCount);
    if (!result.notes.isEmpty())
        text += QStringLiteral("; ") + result.notes.join(QStringLiteral("; "));
    return text;
}

std::optional<GltfImportResult> GltfActions::readGltf(const QString &gltfPath)
{
    return runWithProgress<GltfImportResult>(
        m_window->jobs(), m_window, tr("Importing %1...").arg(QFileInfo(gltfPath).fileName()), false,
        [gltfPath](const std::function<bool(int, int)> &) { return GltfImporter::importFile(gltfPath, {}); });
}

QString GltfActions::importFrom(const QString &gltfPath, const QString &bpatPath, bool *ok, int formatVersion)
{
    *ok = false;
    const std::optional<GltfImportResult> ran = readGltf(gltfPath);
    if (!ran)
        return tr("Not imported: cancelled");
    return writeImport(*ran, gltfPath, bpatPath, formatVersion, ok);
}

QString GltfActions::writeImport(const GltfImportResult &result, const QString &gltfPath, const QString &bpatPath,
                                 int formatVersion, bool *ok)
{
    *ok = false;
    if (!result.document)
        return tr("Not imported: %1").arg(result.error);
    for (const QString &input : result.inputs) { // the glTF and every buffer it read stay as they are
        if (AtomicFile::sameFile(input, bpatPath))
            return tr("%1 not written: it is an input of the import (%2 reads it)")
                .arg(QFileInfo(bpatPath).fileName(), QFileInfo(gltfPath).fileName());
    }
    // The source BPAT's version, else late v3; what the version drops was said in the dialog
    // and is said again here.
    if (!ReadOnlyTargets::confirm(m_window, bpatPath))
        return tr("Not imported: %1 is read-only").arg(QFileInfo(bpatPath).fileName());
    QStringList notes;
    const int version = formatVersion > 0 ? formatVersion : GltfImporter::defaultFormatVersion(result);
    const BpatSaver::Result saved = GltfImporter::save(*result.document, bpatPath, version, &notes);
    if (!saved.saved)
        return tr("%1 not written: %2").arg(QFileInfo(bpatPath).fileName(), saved.error);
    *ok = true;
    QString text = tr("Imported %1: %2 clips, %3 bones (%4)")
                       .arg(QFileInfo(gltfPath).fileName())
                       .arg(result.document->clipCount())
                       .arg(result.document->boneCount())
                       .arg(result.rigSource);
    if (!notes.isEmpty())
        text += QStringLiteral("; ") + notes.join(QStringLiteral("; "));
    return text;
}

void GltfActions::chooseExport()
{
    const QFileInfo source(m_window->context()->filePath());
    const QString suggested = source.absoluteDir().filePath(source.completeBaseName() + QStringLiteral(".glb"));
    QStringList clips;
    for (const ClipEntry &clip : m_window->context()->clipEntries())
        clips << clip.name;
    // The mesh the viewport draws: the game's body when it draws one, else the stand-in.
    const ViewportCanvas *canvas = m_window->viewport() ? m_window->viewport()->canvas() : nullptr;
    const QString body = canvas && canvas->drawsBody() ? canvas->scene().body().path() : QString();
    // One dialog: the file, the mesh (or the game's body), the clips.
    GltfExportDialog dialog(suggested, clips, m_window);
    if (!body.isEmpty())
        dialog.setBodyName(QFileInfo(body).fileName());
    if (dialog.exec() != QDialog::Accepted)
        return;
    bool ok = false;
    const QString message = exportTo(dialog.outputPath(), dialog.includeMesh(), &ok, body, dialog.chosenClips());
    if (ok)
        m_window->statusBar()->showMessage(message, 8000);
    else
        QMessageBox::warning(m_window, tr("Export glTF"), message);
}

void GltfActions::chooseImport()
{
    // Where the last glTF was exported or imported (in this window), else the open file's folder.
    const QString folder = !m_lastGltfFolder.isEmpty() ? m_lastGltfFolder
        : m_window->context()->filePath().isEmpty()    ? QString()
                                                       : QFileInfo(m_window->context()->filePath()).absolutePath();
    const QString gltf = QFileDialog::getOpenFileName(m_window, tr("Import glTF"), folder, tr("glTF 2.0 (*.glb *.gltf)"));
    if (gltf.isEmpty())
        return;
    m_lastGltfFolder = QFileInfo(gltf).absolutePath();
    const std::optional<GltfImportResult> read = readGltf(gltf);
    if (!read)
        return;
    if (!read->document) {
        QMessageBox::warning(m_window, tr("Import glTF"), tr("Not imported: %1").arg(read->error));
        return;
    }
    // Where it goes (never over the open file or the glTF) and in which version, with what the
    // version drops said in the dialog.
    // Never over the open file, the glTF or a buffer it read.
    GltfImportDialog dialog(gltf, *read, QStringList{m_window->context()->filePath(), gltf} + read->inputs, m_window);
    if (dialog.exec() != QDialog::Accepted || !m_window->editActions()->maybeSave())
        return;
    const QString bpat = dialog.outputPath();
    bool ok = false;
    const QString message = writeImport(*read, gltf, bpat, dialog.formatVersion(), &ok);
    if (!ok) {
        QMessageBox::warning(m_window, tr("Import glTF"), message);
        return;
    }
    m_window->openFile(bpat);
    m_window->statusBar()->showMessage(message, 8000);
}

} // namespace bpat::studio
