#include "ConvertActions.h"

#include "MainWindow.h"
#include "StudioContext.h"
#include "bpat/BpatDocument.h"
#include "bpat/FileConverter.h"
#include "diagnostics/ValidationCodes.h"
#include "dialogs/ConvertDialog.h"
#include "editing/DocumentSession.h"
#include "jobs/JobController.h"
#include "widgets/GameVerdictBanner.h"
#include "ui_MainWindow.h"

#include <QFileInfo>
#include <QMessageBox>

namespace bpat::studio {

namespace {
struct Outcome
{
    bool saved = false;
    QString error;
    QStringList warnings;
};

Outcome run(const BpatFile &file, format::Dialect target, const QString &path)
{
    Outcome out;
    QString error;
    auto plan = BpatDocument::planFromFile(file, &error);
    if (!plan) {
        out.error = QCoreApplication::translate("ConvertActions", "the file cannot be read: %1").arg(error);
        return out;
    }
    ConvertOptions options;
    options.target = target;
    const FileConvertResult r = FileConverter::convert(file, std::move(*plan), options, path);
    out.saved = r.converted && r.saved;
    out.error = r.error;
    out.warnings = r.warnings;
    return out;
}
} // namespace

ConvertActions::ConvertActions(MainWindow *window)
    : QObject(window)
    , m_window(window)
    , m_banner(new GameVerdictBanner(window->context(), window->form()->actionConvert, window))
{
    connect(window->form()->actionConvert, &QAction::triggered, this, &ConvertActions::chooseAndConvert);
    connect(window->context(), &StudioContext::fileLoaded, this, &ConvertActions::updateEnabled);
    connect(window->context(), &StudioContext::fileClosed, this, &ConvertActions::updateEnabled);
    updateEnabled();
}

void ConvertActions::updateEnabled()
{
    m_window->form()->actionConvert->setEnabled(m_window->context()->hasFile());
}

void ConvertActions::chooseAndConvert()
{
    StudioContext *context = m_window->context();
    if (!context->hasFile())
        return;
    const BpatFile file = context->file(); // the shown version: unsaved edits included
    QString error;
    const auto plan = BpatDocument::planFromFile(file, &error);
    if (!plan) {
        Q_EMIT context->message(tr("Cannot convert %1: %2").arg(QFileInfo(context->filePath()).fileName(), error));
        return;
    }
    QString rigNote;
    for (const Diagnostic &d : m_banner->refusals()) {
        if (d.code == codes::RIG_BONE_COUNT_MISMATCH)
            rigNote = d.message;
    }
    ConvertDialog dialog(*plan, context->filePath(), rigNote, context->session()->isModified(), m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const format::Dialect target = dialog.target();
    const QString path = dialog.outputPath();
    auto loaded = context->loadedFile(); // keeps the mapping alive on the worker
    m_window->jobs()->run<Outcome>(
        tr("Converting to %1").arg(format::dialectName(target)),
        [file, loaded, target, path](QPromise<Outcome> &promise, const std::atomic<bool> &) {
            promise.addResult(run(file, target, path));
        },
        this,
        [this, path](std::optional<Outcome> outcome) {
            if (outcome)
                finish(path, outcome->saved, outcome->error, outcome->warnings);
        },
        false);
}

bool ConvertActions::convertTo(format::Dialect target, const QString &path, QString *error, QStringList *warnings)
{
    StudioContext *context = m_window->context();
    if (!context->hasFile()) {
        if (error)
            *error = tr("no BPAT file is open");
        return false;
    }
    const Outcome outcome = run(context->file(), target, path);
    finish(path, outcome.saved, outcome.error, outcome.warnings);
    if (error)
        *error = outcome.error;
    if (warnings)
        *warnings = outcome.warnings;
    return outcome.saved;
}

void ConvertActions::finish(const QString &path, bool saved, const QString &error, const QStringList &warnings)
{
    const QString name = QFileInfo(path).fileName();
    if (!saved) {
        const QString text = tr("%1 was not written: %2").arg(name, error);
        Q_EMIT m_window->context()->message(text);
        if (m_window->isInteractive() && m_window->isVisible())
            QMessageBox::warning(m_window, tr("Convert"), text);
        return;
    }
    m_window->openFile(path);
    QString text = tr("Converted to %1").arg(name);
    if (!warnings.isEmpty())
        text += QStringLiteral(": ") + warnings.join(QStringLiteral("; "));
    Q_EMIT m_window->context()->message(text);
    Q_EMIT converted(path, warnings);
}

} // namespace bpat::studio
