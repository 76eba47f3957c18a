#pragma once
// Mixed crowds in the window (docs/viewport.md, "Mixed crowds"): View > Crowd... opens the
// CrowdDialog; Show Crowd loads its species (files, bodies, levels of detail, formations) as a job
// of the window's JobController (progress and Cancel in the status bar) and hands the crowd to
// the viewport, which draws it instead of the file with its findings beside it; Show the File goes
// back. `bpat-studio --crowd SPEC.json` loads a specification at once (showSpecFile).
#include "crowd/CrowdSpec.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <memory>

namespace bpat::studio {

class CrowdDialog;
class CrowdScene;
class MainWindow;

class CrowdActions : public QObject
{
    Q_OBJECT
public:
    explicit CrowdActions(MainWindow *window);

    // Reads, loads and shows a specification now (the command line); a specification that
    // cannot be read still shows, as an empty crowd whose findings say why. The findings.
    QStringList showSpecFile(const QString &path);
    // Loads `spec` as a job and shows it when done; `findings` are what checking it found.
    void show(const bpat::CrowdSpec &spec, const bpat::Diagnostics &findings);
    void stop(); // back to the file
    bool isLoading() const { return m_job != 0; }
    CrowdDialog *dialog(); // created on first use
    const std::shared_ptr<const CrowdScene> &shown() const { return m_shown; }

Q_SIGNALS:
    void crowdShown(); // a crowd, or none, is on show

private:
    void showScene(std::shared_ptr<const CrowdScene> crowd);

    MainWindow *m_window;
    QPointer<CrowdDialog> m_dialog;
    std::shared_ptr<const CrowdScene> m_shown;
    quint64 m_job = 0;
};

} // namespace bpat::studio
