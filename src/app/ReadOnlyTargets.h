#pragma once
// Before the window saves over a file that is read-only (every write bit off), it asks: the one
// save path (io/AtomicFile) refuses such a target unless told otherwise, as `bpat ... --force`
// tells it on the command line. confirm() returns true to go on: the target is not read-only,
// or the user agreed, and then AtomicFile allows replacing that one file once.
#include <QString>
#include <functional>

class QWidget;

namespace bpat::studio {

class ReadOnlyTargets
{
public:
    // Asks whether to replace the read-only `path`; true: replace it.
    using Asker = std::function<bool(const QString &path)>;
    static bool confirm(QWidget *parent, const QString &path);
    // Tests and scripted runs answer without a dialog (an empty asker restores the dialog).
    static void setAsker(Asker asker);
};

} // namespace bpat::studio
