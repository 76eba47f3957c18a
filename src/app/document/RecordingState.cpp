#include "RecordingState.h"

#include "anim/InputAnimationReader.h"

#include <QFileInfo>
#include <algorithm>
#include <cmath>

namespace bpat::studio {

RecordingState::RecordingState(QObject *parent)
    : QObject(parent)
{
}

RecordingState::~RecordingState() = default;

bool RecordingState::open(const QString &path, QString *error)
{
    InputAnimationReader reader;
    std::optional<InputAnimation> animation = reader.readFile(path);
    if (!animation) {
        if (error)
            *error = reader.errorString();
        return false;
    }
    m_recording = std::make_shared<const InputAnimation>(std::move(*animation));
    m_path = QFileInfo(path).absoluteFilePath();
    m_time = m_recording->startTime();
    Q_EMIT loaded(m_path);
    Q_EMIT timeChanged(m_time);
    return true;
}

void RecordingState::close()
{
    if (!m_recording)
        return;
    setTimelineSource(TimelineSource::Clip);
    m_recording.reset();
    m_path.clear();
    m_time = 0.0;
    Q_EMIT closed();
}

void RecordingState::setTimelineSource(TimelineSource source)
{
    if (source == m_source || (source == TimelineSource::Recording && !m_recording))
        return;
    m_source = source;
    Q_EMIT timelineSourceChanged(m_source);
}

void RecordingState::setTime(double seconds)
{
    if (!m_recording || !std::isfinite(seconds))
        return;
    const double start = m_recording->startTime();
    seconds = std::clamp(seconds, start, std::max(start, m_recording->duration()));
    if (seconds == m_time)
        return;
    m_time = seconds;
    Q_EMIT timeChanged(m_time);
}

} // namespace bpat::studio
