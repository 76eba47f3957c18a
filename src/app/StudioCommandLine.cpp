#include "StudioCommandLine.h"
#include "species/Species.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <cmath>

namespace bpat::studio {

namespace {
const QString kClip = QStringLiteral("clip");
const QString kFrame = QStringLiteral("frame");
const QString kScreenshot = QStringLiteral("screenshot");
const QString kTab = QStringLiteral("tab");
const QString kTime = QStringLiteral("time");
const QString kOnion = QStringLiteral("onion");
const QString kOnionSpacing = QStringLiteral("onion-spacing");
const QString kMotionPath = QStringLiteral("motion-path");
const QString kBody = QStringLiteral("body");
const QString kBodyView = QStringLiteral("body-view");
const QString kCrowd = QStringLiteral("crowd");
const QString kCompare = QStringLiteral("compare");
const QString kBones = QStringLiteral("bones");
const QString kPanel = QStringLiteral("panel");
const QString kRepairPreview = QStringLiteral("repair-preview");
const QString kSize = QStringLiteral("size");
const QString kChannels = QStringLiteral("channels");
const QString kOffset = QStringLiteral("offset");
const QString kTheme = QStringLiteral("theme");
} // namespace

StudioCommandLine::StudioCommandLine()
{
    m_parser.setApplicationDescription(
        QStringLiteral("BPAT Studio: inspect, validate and play baked skeletal animation (BPAT) files."));
    m_parser.addHelpOption();
    m_parser.addVersionOption();
    m_parser.addPositionalArgument(
        QStringLiteral("file"),
        QStringLiteral("A .bpat file, a .bpsm minimal snapshot mesh, a .bprm body or an input animation .bin to open; "
                       "several open side by side, the last shown (the options below apply to it)."),
        QStringLiteral("[FILE...]"));
    m_parser.addOption({kClip, QStringLiteral("Make the clip with this name (or index) current."), QStringLiteral("NAME")});
    m_parser.addOption({kFrame, QStringLiteral("Go to this frame of the current clip."), QStringLiteral("N")});
    m_parser.addOption(
        {kScreenshot, QStringLiteral("Render the window after loading, write it as a PNG and exit."), QStringLiteral("OUT.png")});
    m_parser.addOption(
        {kTab,
         QStringLiteral(
             "Show this central view: viewport, curves, analysis, or curves-beside (the viewport with the curves under it)."),
         QStringLiteral("NAME")});
    m_parser.addOption({kTime,
                        QStringLiteral("Go to this instant of the open recording (seconds); the timeline plays the recording."),
                        QStringLiteral("SECONDS")});
    m_parser.addOption({kOnion, QStringLiteral("Draw N onion skins before and after the current frame."), QStringLiteral("N")});
    m_parser.addOption({kOnionSpacing, QStringLiteral("Frames between onion skins (default 1)."), QStringLiteral("N")});
    m_parser.addOption({kMotionPath,
                        QStringLiteral("Draw the motion paths of these bones, sockets or recorded joints "
                                       "(e.g. Hand_R,RightHand/IndexTip)."),
                        QStringLiteral("NAME[,NAME...]")});
    m_parser.addOption({kBones,
                        QStringLiteral("Select these bones (names or indices): the Curves tab plots their local channels."),
                        QStringLiteral("NAME[,NAME...]")});
    m_parser.addOption({kBody,
                        QStringLiteral("Draw the creature with this BPRM body (and its other level of detail beside it) "
                                       "instead of the one found beside the file."),
                        QStringLiteral("FILE.bprm")});
    m_parser.addOption({kBodyView, QStringLiteral("Draw the full body, the minimal one or the stand-in mesh (default full)."),
                        QStringLiteral("full|minimal|stand-in")});
    m_parser.addOption({kCrowd,
                        QStringLiteral("Draw a crowd of N instances of the file (1: a single creature), or the mixed crowd of a "
                                       "crowd specification (View > Crowd...; docs/viewport.md, \"Mixed crowds\")."),
                        QStringLiteral("N|SPEC.json")});
    m_parser.addOption({kCompare,
                        QStringLiteral("Compare FILE with this BPAT file: its differences listed, it drawn as a ghost."),
                        QStringLiteral("OTHER.bpat")});
    m_parser.addOption({kPanel, QStringLiteral("Show these dock panels in front, by title (e.g. contacts,clips)."),
                        QStringLiteral("NAME[,NAME...]")});
    m_parser.addOption({kRepairPreview,
                        QStringLiteral("Open Clip > Repair Motion... for the current clip with these repairs previewed (all, "
                                       "loop-seam, foot-lock, smooth-pops, bone-lengths, ground-lift, ground-ik); with "
                                       "--screenshot the dialog is captured."),
                        QStringLiteral("REPAIR[,REPAIR...]")});
    m_parser.addOption({kChannels,
                        QStringLiteral("What the Curves tab plots of the selected bones: rotation, translation, scale "
                                       "(default rotation)."),
                        QStringLiteral("KIND[,KIND...]")});
    m_parser.addOption({kOffset,
                        QStringLiteral("Put offset keys on a bone channel of a clip, as bpat edit --offset takes them "
                                       "(the bone graph shows them; repeatable)."),
                        QStringLiteral("CLIP:BONE:CHANNEL=FRAME:VALUE,...")});
    m_parser.addOption({kSize, QStringLiteral("Open the window at this size (e.g. 1600x1000)."), QStringLiteral("WxH")});
    m_parser.addOption(
        {kTheme, QStringLiteral("Use the light or the dark theme for this run (not remembered)."), QStringLiteral("light|dark")});
    // Further modes register their options here and are dispatched in main.cpp, e.g.
    // {"benchmark-crowd", "Run the crowd benchmark off-screen with N instances.", "N"}.
}

bool StudioCommandLine::parse(const QStringList &arguments)
{
    m_options = {};
    m_error.clear();
    if (!m_parser.parse(arguments)) {
        m_error = m_parser.errorText();
        return false;
    }
    if (helpRequested() || versionRequested())
        return true;
    const QStringList positional = m_parser.positionalArguments();
    m_options.files = positional;
    if (!positional.isEmpty())
        m_options.file = positional.last();
    m_options.clip = m_parser.value(kClip);
    if (m_parser.isSet(kFrame)) {
        bool ok = false;
        const int frame = m_parser.value(kFrame).toInt(&ok);
        if (!ok || frame < 0) {
            m_error = QStringLiteral("--frame expects a frame number >= 0, got '%1'").arg(m_parser.value(kFrame));
            return false;
        }
        m_options.frame = frame;
    }
    if (m_parser.isSet(kTab)) {
        m_options.tab = m_parser.value(kTab).toLower();
        if (m_options.tab != QLatin1String("viewport") && m_options.tab != QLatin1String("curves")
            && m_options.tab != QLatin1String("analysis") && m_options.tab != QLatin1String("curves-beside")) {
            m_error =
                QStringLiteral("--tab expects viewport, curves, analysis or curves-beside, got '%1'").arg(m_parser.value(kTab));
            return false;
        }
    }
    if (m_parser.isSet(kTime)) {
        bool ok = false;
        const double time = m_parser.value(kTime).toDouble(&ok);
        if (!ok || !std::isfinite(time)) {
            m_error = QStringLiteral("--time expects seconds, got '%1'").arg(m_parser.value(kTime));
            return false;
        }
        m_options.time = time;
    }
    for (const QString &key : {kOnion, kOnionSpacing}) {
        if (!m_parser.isSet(key))
            continue;
        bool ok = false;
        const int n = m_parser.value(key).toInt(&ok);
        const int lowest = key == kOnion ? 0 : 1;
        if (!ok || n < lowest || n > 16) {
            m_error =
                QStringLiteral("--%1 expects a number from %2 to 16, got '%3'").arg(key).arg(lowest).arg(m_parser.value(key));
            return false;
        }
        if (key == kOnion)
            m_options.onion = n;
        else
            m_options.onionSpacing = n;
    }
    for (const QString &value : m_parser.values(kMotionPath)) {
        for (const QString &name : value.split(u',', Qt::SkipEmptyParts))
            m_options.motionPaths.append(name.trimmed());
    }
    for (const QString &value : m_parser.values(kBones)) {
        for (const QString &name : value.split(u',', Qt::SkipEmptyParts))
            m_options.bones.append(name.trimmed());
    }
    for (const QString &value : m_parser.values(kChannels)) {
        for (const QString &name : value.split(u',', Qt::SkipEmptyParts)) {
            const QString kind = name.trimmed().toLower();
            if (kind != u"rotation" && kind != u"translation" && kind != u"scale") {
                m_error = QStringLiteral("--channels expects rotation, translation or scale, got '%1'").arg(name);
                return false;
            }
            m_options.channels.append(kind);
        }
    }
    m_options.offsets = m_parser.values(kOffset);
    for (const QString &value : m_parser.values(kPanel)) {
        for (const QString &name : value.split(u',', Qt::SkipEmptyParts))
            m_options.panels.append(name.trimmed());
    }
    static const QStringList repairs{u"all"_qs,          u"loop-seam"_qs,   u"foot-lock"_qs, u"smooth-pops"_qs,
                                     u"bone-lengths"_qs, u"ground-lift"_qs, u"ground-ik"_qs};
    for (const QString &value : m_parser.values(kRepairPreview)) {
        for (const QString &name : value.split(u',', Qt::SkipEmptyParts)) {
            if (!repairs.contains(name.trimmed())) {
                m_error = QStringLiteral("--repair-preview: unknown repair '%1' (expected %2)")
                              .arg(name.trimmed(), repairs.join(QStringLiteral(", ")));
                return false;
            }
            m_options.repairPreview.append(name.trimmed());
        }
    }
    m_options.body = m_parser.value(kBody);
    if (m_parser.isSet(kBody) && m_options.body.isEmpty()) {
        m_error = QStringLiteral("--body expects a .bprm file");
        return false;
    }
    if (m_parser.isSet(kBodyView)) {
        m_options.bodyView = m_parser.value(kBodyView).toLower();
        if (!QStringList{u"full"_qs, u"minimal"_qs, u"stand-in"_qs}.contains(m_options.bodyView)) {
            m_error = QStringLiteral("--body-view expects full, minimal or stand-in, got '%1'").arg(m_parser.value(kBodyView));
            return false;
        }
    }
    if (m_parser.isSet(kCrowd)) {
        bool ok = false;
        const QString value = m_parser.value(kCrowd);
        const int n = value.toInt(&ok);
        if (ok && n >= 1 && n <= 1000000) {
            m_options.crowd = n;
        } else if (!ok && !value.isEmpty() && (value.endsWith(u".json"_qs, Qt::CaseInsensitive) || QFileInfo(value).isFile())) {
            m_options.crowdSpec = value; // a mixed crowd: its findings are shown in the viewport
        } else {
            m_error = QStringLiteral("--crowd expects a number from 1 to 1000000 or a crowd specification (.json), got '%1'")
                          .arg(value);
            return false;
        }
    }
    if (m_parser.isSet(kSize)) {
        const QStringList parts = m_parser.value(kSize).toLower().split(u'x');
        bool okW = false, okH = false;
        const int w = parts.value(0).toInt(&okW), h = parts.size() == 2 ? parts.value(1).toInt(&okH) : 0;
        if (!okW || !okH || w < 320 || h < 240 || w > 16384 || h > 16384) {
            m_error =
                QStringLiteral("--size expects WIDTHxHEIGHT from 320x240 to 16384x16384, got '%1'").arg(m_parser.value(kSize));
            return false;
        }
        m_options.size = QSize(w, h);
    }
    if (m_parser.isSet(kTheme)) {
        m_options.theme = m_parser.value(kTheme).toLower();
        if (m_options.theme != u"light" && m_options.theme != u"dark") {
            m_error = QStringLiteral("--theme expects light or dark, got '%1'").arg(m_parser.value(kTheme));
            return false;
        }
    }
    if (m_parser.isSet(kCompare)) {
        m_options.compare = m_parser.value(kCompare);
        if (m_options.compare.isEmpty()) {
            m_error = QStringLiteral("--compare expects a BPAT file");
            return false;
        }
    }
    if (m_parser.isSet(kScreenshot)) {
        m_options.screenshot = m_parser.value(kScreenshot);
        if (m_options.screenshot.isEmpty()) {
            m_error = QStringLiteral("--screenshot expects an output path");
            return false;
        }
    }
    return true;
}

bool StudioCommandLine::helpRequested() const
{
    return m_parser.isSet(QStringLiteral("help"));
}

bool StudioCommandLine::versionRequested() const
{
    return m_parser.isSet(QStringLiteral("version"));
}

QString bundledSamplePath()
{
    return QDir::cleanPath(QCoreApplication::applicationDirPath() + QStringLiteral("/../share/bpat-studio/samples/")
                           + Species::byId(Species::Humanoid)->bpatFileName()); // the baked humanoid
}

} // namespace bpat::studio
