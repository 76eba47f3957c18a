#include "StaleMappingCheck.h"

#include "FileReloadWatcher.h"
#include "StudioContext.h"

#include <QGuiApplication>
#include <QMetaObject>

namespace bpat::studio {

StaleMappingCheck::StaleMappingCheck(StudioContext *context, FileReloadWatcher *watcher, QObject *parent)
    : QObject(parent)
    , m_context(context)
{
    connect(context, &StudioContext::currentFrameChanged, this, &StaleMappingCheck::request);
    connect(context, &StudioContext::currentClipChanged, this, &StaleMappingCheck::request);
    connect(context, &StudioContext::fileEdited, this, &StaleMappingCheck::request);
    if (watcher)
        connect(watcher, &FileReloadWatcher::changed, this, &StaleMappingCheck::request);
    connect(qGuiApp, &QGuiApplication::applicationStateChanged, this, [this](Qt::ApplicationState state) {
        if (state == Qt::ApplicationActive)
            request();
    });
}

void StaleMappingCheck::request()
{
    if (m_queued)
        return;
    m_queued = true;
    QMetaObject::invokeMethod(
        this,
        [this] {
            m_queued = false;
            m_context->checkStale();
        },
        Qt::QueuedConnection);
}

} // namespace bpat::studio
