#pragma once
// Subcommands of `bpat` register themselves here (one file per command group), so adding a
// command never touches main.cpp.
#include <QList>
#include <QString>
#include <QStringList>
#include <functional>

namespace bpat::cli {

struct Command
{
    QString name;                                    // first word after `bpat`, e.g. "validate" or "anim"
    QString synopsis;                                // one line for `bpat --help`
    std::function<int(const QStringList &args)> run; // args[0] is "bpat <name>"; returns exit code
    // Draws pictures with OpenGL (render, report, thumbnail): main() starts a QGuiApplication
    // for it instead of a QCoreApplication (PictureSupport.h).
    bool pictures = false;
};

class CommandRegistry
{
public:
    static CommandRegistry &instance();
    void add(Command command);
    const Command *find(const QString &name) const;
    QList<Command> commands() const; // sorted by name

private:
    QList<Command> m_commands;
};

struct CommandRegistrar
{
    explicit CommandRegistrar(Command command) { CommandRegistry::instance().add(std::move(command)); }
};

// Exit codes shared by every command.
enum ExitCode {
    ExitOk = 0,
    ExitFailure = 1,
    ExitUsage = 2
};

} // namespace bpat::cli
