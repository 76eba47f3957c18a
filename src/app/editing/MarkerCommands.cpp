#include "MarkerCommands.h"

#include "bpat/BpatDocument.h"
#include "bpat/DocumentEditor.h"

#include <QObject>

namespace bpat::studio {

SetClipMarkerCommand::SetClipMarkerCommand(DocumentSession *session, int clip, int marker, float phase)
    : DocumentCommand(session)
    , m_clip(clip)
    , m_marker(marker)
    , m_phase(phase)
{
}

bool SetClipMarkerCommand::apply(BpatDocument &document, QString *error)
{
    const bool exists = m_clip >= 0 && m_clip < document.clipCount() && m_marker >= 0 && m_marker < format::MarkerCount;
    const float old = exists ? document.clip(m_clip).markers[m_marker] : -1.0f;
    if (!DocumentEditor(document).setClipMarker(m_clip, m_marker, m_phase, error))
        return false;
    m_old = old;
    const QString name = QLatin1String(format::MarkerTitles[m_marker]);
    setText(m_phase == -1.0f ? QObject::tr("Clear marker '%1' of clip '%2'").arg(name, document.clip(m_clip).name)
                             : QObject::tr("Set marker '%1' of clip '%2' to %3").arg(name, document.clip(m_clip).name)
                                   .arg(double(m_phase), 0, 'g', 4));
    return true;
}

void SetClipMarkerCommand::revert(BpatDocument &document)
{
    document.clip(m_clip).markers[m_marker] = m_old;
}

} // namespace bpat::studio
