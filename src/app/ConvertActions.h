#pragma once
// File > Convert to... (docs/user-guide.md, "Files of every version"): the open BPAT file, with
// its unsaved edits, written in another version by the conversion `bpat convert` runs (core
// bpat/FileConverter: the same bytes, checked, through the one atomic save path), as a job of
// the window's JobController; the new file opens beside the open one, which is never written.
// The game verdict banner above the views (widgets/GameVerdictBanner) offers the same action.
#include "bpat/BpatFormat.h"

#include <QObject>
#include <QStringList>

namespace bpat::studio {

class GameVerdictBanner;
class MainWindow;

class ConvertActions : public QObject
{
    Q_OBJECT
public:
    explicit ConvertActions(MainWindow *window);

    GameVerdictBanner *banner() const { return m_banner; }
    // Converts the shown file to `target` into `path` and opens the result (no dialog; the
    // conversion runs on the GUI thread): false and *error when nothing was written.
    // *warnings: what the conversion dropped or could not fill.
    bool convertTo(format::Dialect target, const QString &path, QString *error = nullptr, QStringList *warnings = nullptr);

Q_SIGNALS:
    // A conversion was written (and opened).
    void converted(const QString &path, const QStringList &warnings);

private:
    void chooseAndConvert();
    void finish(const QString &path, bool saved, const QString &error, const QStringList &warnings);
    void updateEnabled();

    MainWindow *m_window;
    GameVerdictBanner *m_banner;
};

} // namespace bpat::studio
