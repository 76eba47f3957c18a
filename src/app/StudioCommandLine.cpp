#include "StudioCommandLine.h"

#include <QCoreApplication>
#include <QDir>

namespace bpat::studio {

namespace {
const QString kClip = QStringLiteral("clip");
const QString kFrame = QStringLiteral("frame");
const QString kScreenshot = QStringLiteral("screenshot");
}

StudioCommandLine::StudioCommandLine()
{
    m_parser.setApplicationDescription(
        QStringLiteral("BPAT Studio: inspect, validate and play baked skeletal animation (BPAT) files."));
    m_parser.addHelpOption();
    m_parser.addVersionOption();
    m_parser.addPositionalArgument(QStringLiteral("file"),
                                   QStringLiteral("A .bpat file, a .bpsm minimal snapshot mesh or an input animation .bin to open."),
                                   QStringLiteral("[FILE]"));
    m_parser.addOption({kClip, QStringLiteral("Make the clip with this name (or index) current."),
                        QStringLiteral("NAME")});
    m_parser.addOption({kFrame, QStringLiteral("Go to this frame of the current clip."), QStringLiteral("N")});
    m_parser.addOption({kScreenshot,
                        QStringLiteral("Render the window after loading, write it as a PNG and exit."),
                        QStringLiteral("OUT.png")});
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
    if (positional.size() > 1) {
        m_error = QStringLiteral("expected at most one FILE, got %1").arg(positional.size());
        return false;
    }
    if (!positional.isEmpty())
        m_options.file = positional.first();
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
    return QDir::cleanPath(QCoreApplication::applicationDirPath()
                           + QStringLiteral("/../share/bpat-studio/samples/humanoid.bpat"));
}

} // namespace bpat::studio
