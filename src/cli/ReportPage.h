#pragma once
// The review page of `bpat report`: one self-contained HTML file (pictures as data: URIs, its
// style inline, no script, a Content-Security-Policy that forbids fetching anything) that a tech
// artist opens from a CI artifact. ReportCommand gathers what the core says of each file (and of
// its change against an older version); this class only writes it out. Responsive (one column on
// a phone, filmstrips scroll sideways inside their frame), and every verdict and change is said
// in words and symbols, never by colour alone.
#include <QList>
#include <QPair>
#include <QSize>
#include <QString>
#include <QStringList>

namespace bpat::cli {

struct ReportFinding
{
    QString severity; // "error", "warning", "info"
    QString code;
    QString message;
    QString where; // the finding's location, "" when it has none
};

struct ReportPicture
{
    QString uri; // data: URI; empty: none
    QSize size;
    bool isEmpty() const { return uri.isEmpty(); }
};

// A changed bone's local rotation over the clip, before and after (inline SVG; the lines
// differ by dash as well as colour, each labelled at its end).
struct ReportPlot
{
    QString title; // "Head (bone 8): local rotation, degrees (XYZ Euler)"
    struct Series
    {
        QString label;        // "X after"
        QList<double> values; // one per frame (NaN: none)
        int channel = 0;      // 0..2: the axis (the colour)
        bool before = false;  // dashed
    };
    QList<Series> series;
};

struct ReportClip
{
    QString name;
    QString status;                      // "" (no --against), "unchanged", "changed", "added", "removed", "renamed"
    QString summary;                     // "24 frames, 24 fps, loops"
    ReportPicture filmstrip;             // or empty
    ReportPicture filmstripBefore;       // with --against: the older version's (changed, removed)
    QStringList changes;                 // bpat diff's lines about this clip
    QList<QPair<QString, QString>> gait; // metric, value
    QList<QStringList> gaitDelta;        // metric, before, after, change
    QList<ReportFinding> findings;       // the motion lint's, this clip's
    QList<ReportPlot> plots;             // with --against: the changed bones' channels
};

struct ReportFile
{
    QString path;                         // as shown (relative to the folder given)
    QString status;                       // with --against: "changed", "unchanged", "added", "removed"; else ""
    QString verdict;                      // "valid", "warnings", "invalid", "unreadable"
    QString gameVerdict;                  // what the current game's reader says: "reads it" / "refuses it: ..."
    QList<QPair<QString, QString>> facts; // species, dialect, bones, clips, frames, body
    QList<ReportFinding> findings;        // file-level findings (spec and game profiles)
    QStringList changes;                  // bpat diff's lines that name no clip
    QString pictureNote;                  // why there are no pictures, when there are none
    QList<ReportClip> clips;
};

class ReportPage
{
public:
    // `title`: what was reviewed ("bpat_current against bpat_previous"); `notes`: lines under it.
    static QString html(const QString &title, const QStringList &notes, const QList<ReportFile> &files);
};

} // namespace bpat::cli
