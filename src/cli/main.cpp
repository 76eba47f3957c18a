// bpat: the headless command line of BPAT Studio, for build pipelines.
#include "CommandRegistry.h"
#include "io/MappingGuard.h"
#include "io/NativeName.h"
#include "release/BuildInfo.h"

#include <QCoreApplication>
#include <QGuiApplication>
#include <QTextStream>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

using namespace bpat::cli;

static void printUsage(QTextStream &out)
{
    out << "Usage: bpat <command> [options]\n\n"
           "Inspect, validate, dump, rebake and bake BPAT files and input animation recordings.\n\n"
           "Commands:\n";
    for (const Command &c : CommandRegistry::instance().commands())
        out << "  " << c.synopsis << '\n';
    out << "\nRun `bpat <command> --help` for a command's options.\n"
           "Global options: --help, --version\n";
}

// The commands that draw (bpat render, report, thumbnail) need Qt's GUI platform for OpenGL; the
// others run anywhere with a QCoreApplication. Without a display the GUI application starts on
// the offscreen platform, where the picture commands say that OpenGL needs X or Xvfb (or, for
// the report, write the page without pictures) instead of Qt aborting for want of a display.
static std::unique_ptr<QCoreApplication> makeApplication(int &argc, char **argv)
{
    const Command *command = argc > 1 ? CommandRegistry::instance().find(QString::fromLocal8Bit(argv[1])) : nullptr;
    if (!command || !command->pictures)
        return std::make_unique<QCoreApplication>(argc, argv);
    const auto unset = [](const char *name) { return !std::getenv(name) || !*std::getenv(name); };
    if (unset("QT_QPA_PLATFORM") && unset("DISPLAY") && unset("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    return std::make_unique<QGuiApplication>(argc, argv);
}

int main(int argc, char **argv)
{
    const std::unique_ptr<QCoreApplication> app = makeApplication(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("bpat"));
    QCoreApplication::setApplicationVersion(bpat::BuildInfo::describe());

    QTextStream out(stdout);
    QTextStream err(stderr);
    // From argv, not QCoreApplication::arguments(): a file name that is not UTF-8 keeps every
    // byte (NativeName) and so can still be opened.
    QStringList args;
    for (int i = 0; i < argc; ++i)
        args.append(bpat::NativeName::decode(QByteArray(argv[i])));
    if (args.size() < 2) {
        printUsage(err);
        return ExitUsage;
    }
    const QString first = args.at(1);
    if (first == QLatin1String("--help") || first == QLatin1String("-h") || first == QLatin1String("help")) {
        printUsage(out);
        return ExitOk;
    }
    if (first == QLatin1String("--version") || first == QLatin1String("-v")) {
        out << "bpat " << QCoreApplication::applicationVersion() << '\n';
        return ExitOk;
    }
    const Command *command = CommandRegistry::instance().find(first);
    if (!command) {
        err << "bpat: unknown command '" << first << "'\n\n";
        printUsage(err);
        return ExitUsage;
    }
    QStringList commandArgs = args.mid(2);
    commandArgs.prepend(QStringLiteral("bpat ") + first);
    out.flush();
    const quint64 faultsBefore = bpat::MappingGuard::recoveredFaults();
    const int rc = command->run(commandArgs);
    // Every mapped input is guarded (MappedFile): a file cut short while it was read read as
    // zeros past its new end. Whatever the command made of those zeros, it must not pass.
    if (bpat::MappingGuard::recoveredFaults() != faultsBefore) {
        err << "bpat " << first
            << ": an input file shrank while it was being read; "
               "the output is unreliable: run the command again once the file is written\n";
        return rc == ExitOk ? ExitFailure : rc;
    }
    return rc;
}
