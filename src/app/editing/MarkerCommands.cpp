#include "MarkerCommands.h"

#include "DocumentSession.h"
#include "bpat/BpatDocument.h"
#include "bpat/DocumentEditor.h"

#include <QObject>

namespace bpat::studio {

namespace {
QString title(int marker)
{
    return QLatin1String(format::MarkerKeys[marker]);
}
} // namespace

SetClipMarkerCommand::SetClipMarkerCommand(DocumentSession *session, int clip, int marker, float phase)
    : ClipMetadataCommand(
        session, clip,
        [clip, marker, phase](DocumentEditor &editor, QString *error) {
            return editor.setClipMarker(clip, marker, phase, error);
        },
        [marker, phase](const BpatClip &, const BpatClip &after) {
            return phase == -1.0f
                ? QObject::tr("Clear marker '%1' of clip '%2'").arg(title(marker), after.name)
                : QObject::tr("Set marker '%1' of clip '%2' to %3").arg(title(marker), after.name).arg(double(phase), 0, 'g', 4);
        })
{
}

RenameClipMarkerCommand::RenameClipMarkerCommand(DocumentSession *session, int clip, int from, int to, float phase)
    : ClipMetadataCommand(
        session, clip,
        [clip, from, to, phase](DocumentEditor &editor, QString *error) {
            if (from == to)
                return editor.setClipMarker(clip, to, phase, error);
            // The new name first: if it is refused, nothing has changed.
            return editor.setClipMarker(clip, to, phase, error) && editor.clearClipMarker(clip, from, error);
        },
        [from, to](const BpatClip &, const BpatClip &after) {
            return QObject::tr("Rename marker '%1' of clip '%2' to '%3'").arg(title(from), after.name, title(to));
        })
{
}

bool executeMarkerEdit(DocumentSession *session, DocumentCommand *command, int clip, QString *warning)
{
    if (warning)
        warning->clear();
    if (!session->execute(command))
        return false;
    if (warning && session->document())
        *warning = DocumentEditor::markerOrderWarning(*session->document(), clip);
    return true;
}

} // namespace bpat::studio
