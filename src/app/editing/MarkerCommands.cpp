#include "MarkerCommands.h"

#include "bpat/BpatDocument.h"
#include "bpat/DocumentEditor.h"

#include <QObject>

namespace bpat::studio {

SetClipMarkerCommand::SetClipMarkerCommand(DocumentSession *session, int clip, int marker, float phase)
    : ClipMetadataCommand(
          session, clip,
          [clip, marker, phase](DocumentEditor &editor, QString *error) {
              return editor.setClipMarker(clip, marker, phase, error);
          },
          [marker, phase](const BpatClip &, const BpatClip &after) {
              const QString name = QLatin1String(format::MarkerTitles[marker]);
              return phase == -1.0f ? QObject::tr("Clear marker '%1' of clip '%2'").arg(name, after.name)
                                    : QObject::tr("Set marker '%1' of clip '%2' to %3").arg(name, after.name)
                                          .arg(double(phase), 0, 'g', 4);
          })
{
}

} // namespace bpat::studio
