#pragma once
// bpat-studio's command line: `bpat-studio [FILE...] [--clip NAME] [--frame N] [--screenshot OUT.png]`
// [--tab viewport|curves] [--time SECONDS] [--onion N] [--onion-spacing N] [--motion-path NAME,...]
// [--bones NAME,...] [--body FILE.bprm] [--body-view full|minimal|stand-in] [--crowd N|SPEC.json]
// [--compare OTHER.bpat] [--panel NAME,...] [--repair-preview REPAIR,...]
// [--offset CLIP:BONE:CHANNEL=FRAME:VALUE,...]. Several files open side by side; the options apply
// to the last.
// Parsing is kept out of main.cpp so tests can check it and other modes can add options here
// (see addModeOptions in the .cpp: e.g. the viewport's --benchmark-crowd).
#include <QCommandLineParser>
#include <QString>
#include <QSize>
#include <QStringList>
#include <optional>

namespace bpat::studio {

struct StudioOptions
{
    QString file;      // the file shown (the last FILE); empty: the bundled sample creature
    QStringList files; // every FILE, opened in order beside each other
    QString clip;      // name or index; empty: keep the first clip
    std::optional<int> frame;
    QString screenshot;         // non-empty: render, write this PNG, exit
    QString tab;                // "viewport", "curves" or empty (the default view)
    std::optional<double> time; // a recording's instant, seconds
    std::optional<int> onion;   // onion skins before and after the current frame
    int onionSpacing = 1;       // frames between onion skins
    QStringList motionPaths;    // bones, sockets or recorded joints ("RightHand/IndexTip")
    QStringList bones;          // bones to select (names or indices): the Curves tab plots them
    QStringList channels;       // what the Curves tab plots of them: rotation, translation, scale
    QStringList offsets;        // offset keys, as `bpat edit --offset` takes them (OffsetSpec)
    QString body;               // a BPRM body to draw the file with (File > Attach Body...)
    QString bodyView;           // "full", "minimal", "stand-in" or empty (View > Body)
    std::optional<int> crowd;   // instances (View > Viewport > Crowd); 1: a single creature
    QString crowdSpec;          // --crowd SPEC.json: a mixed crowd (View > Crowd...)
    QString compare;            // compare mode: the other BPAT file
    QStringList panels;         // docks to show in front, by title ("contacts", "clips")
    QStringList repairPreview;  // Clip > Repair Motion... opened and previewed with these repairs
    QSize size;                 // the window's size (--size 1600x1000); invalid: as it was left
    QString theme;              // "light", "dark" or empty (the remembered one); not remembered
};

class StudioCommandLine
{
public:
    StudioCommandLine();

    // Parses the arguments (argv[0] first). Returns false and sets errorText() on a usage error.
    // --help and --version are handled by the caller through helpRequested()/versionRequested().
    bool parse(const QStringList &arguments);
    const StudioOptions &options() const { return m_options; }
    QString errorText() const { return m_error; }
    bool helpRequested() const;
    bool versionRequested() const;
    QString helpText() const { return m_parser.helpText(); }
    // The parser, for modes that registered their own options (isSet/value).
    const QCommandLineParser &parser() const { return m_parser; }

private:
    QCommandLineParser m_parser;
    StudioOptions m_options;
    QString m_error;
};

// Where bpat-studio looks for the bundled sample creature when started without a file.
QString bundledSamplePath();

} // namespace bpat::studio
