#include "DocumentSession.h"

#include "bpat/BpatSaver.h"
#include "bpat/BpatWriter.h"
#include "DocumentCommand.h"

#include <QFileInfo>
#include <QUndoStack>
#include <memory>

namespace bpat::studio {

DocumentSession::DocumentSession(QObject *parent)
    : QObject(parent)
    , m_stack(new QUndoStack(this))
{
    connect(m_stack, &QUndoStack::cleanChanged, this, [this](bool clean) { Q_EMIT modifiedChanged(!clean); });
}

DocumentSession::~DocumentSession() = default;

void DocumentSession::setSource(std::shared_ptr<const LoadedFile> source, const QString &path)
{
    discard();
    m_source = std::move(source);
    m_path = m_source ? QFileInfo(path).absoluteFilePath() : QString();
    m_shown = m_source ? m_source->file : BpatFile();
    m_shownLayout.reset(); // read from disk: the first edit writes the whole file
}

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
    if (!m_source) {
        if (error)
            *error = tr("no file is open");
        return false;
    }
    QString why;
    m_document = BpatDocument::fromFile(m_source->file, &why);
    if (!m_document) {
        if (error)
            *error = tr("this file cannot be edited: %1").arg(why);
        return false;
    }
    return true;
}

namespace {
// Everything from the palette on lies where it lay.
bool sameDataLayout(const BpatLayout &a, const BpatLayout &b)
{
    return a.paletteDataOffset == b.paletteDataOffset && a.socketDataOffset == b.socketDataOffset
        && a.contactDataOffset == b.contactDataOffset && a.bindPaletteOffset == b.bindPaletteOffset
        && a.boneParentOffset == b.boneParentOffset && a.fileSize == b.fileSize;
}
} // namespace

QByteArray DocumentSession::serialize(DocumentChanges changes, int clip, QString *error)
{
    // Files opened with errors can be edited too; the writer still checks every size.
    BpatWriter writer(*m_document);
    writer.setAllowInvalid(true);
    const BpatLayout layout = writer.layout();
    QByteArray bytes;
    const bool sameData = m_shownLayout && sameDataLayout(layout, *m_shownLayout) && m_shown.fileSize() == layout.fileSize;
    if (changes == DocumentChanges(DocumentChange::Metadata) && sameData) {
        bytes = writer.headerAndTablesOver(layout, m_shown.bytes()); // the shown file's data, copied as it is
        ++m_tableWrites;
    } else if (changes == DocumentChanges(DocumentChange::Motion) && sameData
               && !(bytes = writer.clipOver(layout, m_shown.bytes(), clip)).isEmpty()) {
        ++m_clipWrites; // the shown file with the clip's frames written over theirs
    } else {
        bytes = writer.toBytes(error);
        ++m_serializations;
    }
    if (!bytes.isEmpty())
        m_pendingLayout = layout;
    return bytes;
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
    QByteArray bytes = serialize(owned->changes(), owned->focusClip(false), &why);
    if (bytes.isEmpty()) {
        owned->revert(*m_document);
        return refuse();
    }
    m_pending = std::move(bytes); // the first redo() publishes these, not a second copy
    owned->markApplied();
    m_stack->push(owned.release());
    m_pending.clear();
    return true;
}

void DocumentSession::publish(int focusClip, DocumentChanges changes)
{
    QByteArray bytes = std::exchange(m_pending, QByteArray());
    QString why;
    if (bytes.isEmpty())
        bytes = serialize(changes, focusClip, &why);
    if (bytes.isEmpty()) { // execute() checked this state; undo only restores earlier ones
        report(tr("Cannot show the edited file: %1").arg(why));
        return;
    }
    m_shown = BpatFile::fromData(std::move(bytes), m_path);
    m_shownLayout = m_pendingLayout;
    Q_EMIT published(m_shown, focusClip, QString(), changes);
}

void DocumentSession::setOffsetLayers(OffsetLayers layers)
{
    m_offsetLayers = std::move(layers);
    Q_EMIT offsetLayersChanged();
}

void DocumentSession::report(const QString &text)
{
    Q_EMIT refused(text);
}

bool DocumentSession::save(QString *error)
{
    return saveAs(m_path, error);
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
    const bool samePath = absolute == m_path;
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
    if (!samePath) { // the saved copy becomes the open file: title, watcher and Save follow it
        m_path = absolute;
        m_shown = BpatFile::fromData(QByteArray(m_shown.bytes().toByteArray()), absolute);
        Q_EMIT published(m_shown, -1, absolute, DocumentChange::Metadata);
    }
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
    if (!m_offsetLayers.isEmpty())
        setOffsetLayers({});
    m_pending.clear();
    m_shownLayout.reset();
    m_ownWritePath.clear();
    m_ownWriteSize = -1;
    m_ownWriteTime = {};
}

} // namespace bpat::studio
