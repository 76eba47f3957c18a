#include "DocumentSession.h"

#include "bpat/BpatSaver.h"
#include "bpat/BpatWriter.h"
#include "DocumentCommand.h"
#include "StudioContext.h"

#include <QFileInfo>
#include <QUndoStack>
#include <memory>

namespace bpat::studio {

DocumentSession::DocumentSession(StudioContext *context)
    : QObject(context)
    , m_context(context)
    , m_stack(new QUndoStack(this))
{
    connect(m_stack, &QUndoStack::cleanChanged, this, [this](bool clean) { Q_EMIT modifiedChanged(!clean); });
}

DocumentSession::~DocumentSession() = default;

bool DocumentSession::isModified() const
{
    return !m_stack->isClean();
}

const BpatDocument *DocumentSession::document()
{
    return ensureDocument(nullptr) ? &*m_document : nullptr;
}

bool DocumentSession::ensureDocument(QString *error)
{
    if (m_document)
        return true;
    if (!m_context->hasFile()) {
        if (error)
            *error = tr("no file is open");
        return false;
    }
    QString why;
    m_document = BpatDocument::fromFile(m_context->file(), &why);
    if (!m_document) {
        if (error)
            *error = tr("this file cannot be edited: %1").arg(why);
        return false;
    }
    return true;
}

bool DocumentSession::execute(DocumentCommand *command, QString *error)
{
    std::unique_ptr<DocumentCommand> owned(command);
    QString why;
    auto refuse = [&] {
        if (error)
            *error = why;
        Q_EMIT refused(why);
        return false;
    };
    if (!ensureDocument(&why))
        return refuse();
    if (!owned->apply(*m_document, &why))
        return refuse();
    // Files opened with errors can be edited too; the writer still checks every size.
    BpatWriter writer(*m_document);
    writer.setAllowInvalid(true);
    if (writer.toBytes(&why).isEmpty()) {
        owned->revert(*m_document);
        return refuse();
    }
    owned->markApplied();
    m_stack->push(owned.release()); // redo() publishes
    return true;
}

void DocumentSession::publish(int focusClip)
{
    BpatWriter writer(*m_document);
    writer.setAllowInvalid(true);
    QString why;
    QByteArray bytes = writer.toBytes(&why);
    if (bytes.isEmpty()) { // execute() checked this state; undo only restores earlier ones
        report(tr("Cannot show the edited file: %1").arg(why));
        return;
    }
    m_context->showEdited(BpatFile::fromData(std::move(bytes), m_context->filePath()), focusClip);
}

void DocumentSession::report(const QString &text)
{
    Q_EMIT refused(text);
}

bool DocumentSession::save(QString *error)
{
    return saveAs(m_context->filePath(), error);
}

bool DocumentSession::saveAs(const QString &path, QString *error)
{
    QString why;
    if (path.isEmpty())
        why = tr("no file name to save to");
    else if (ensureDocument(&why) && writeTo(path, &why))
        return true;
    if (error)
        *error = why;
    Q_EMIT refused(tr("Not saved: %1").arg(why));
    return false;
}

bool DocumentSession::writeTo(const QString &path, QString *error)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    const bool samePath = absolute == m_context->filePath();
    // Remember what we are about to write before the watcher can see it.
    m_ownWritePath = absolute;
    const BpatSaver::Result result = BpatSaver::save(*m_document, absolute);
    if (!result.saved) {
        m_ownWritePath.clear();
        if (error)
            *error = result.error;
        return false;
    }
    const QFileInfo written(absolute);
    m_ownWriteSize = written.size();
    m_ownWriteTime = written.lastModified();
    m_stack->setClean();
    if (!samePath) // the saved copy becomes the open file: title, watcher and Save follow it
        m_context->showEdited(BpatFile::fromData(QByteArray(m_context->file().bytes().toByteArray()), absolute), -1,
                              absolute);
    Q_EMIT saved(absolute);
    return true;
}

bool DocumentSession::isOwnWrite(const QString &path) const
{
    if (m_ownWritePath.isEmpty() || QFileInfo(path).absoluteFilePath() != m_ownWritePath)
        return false;
    const QFileInfo now(m_ownWritePath);
    return now.exists() && now.size() == m_ownWriteSize && now.lastModified() == m_ownWriteTime;
}

void DocumentSession::discard()
{
    m_stack->clear();
    m_document.reset();
    m_ownWritePath.clear();
    m_ownWriteSize = -1;
    m_ownWriteTime = {};
}

} // namespace bpat::studio
