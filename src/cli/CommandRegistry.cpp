#include "CommandRegistry.h"

#include <algorithm>

namespace bpat::cli {

CommandRegistry &CommandRegistry::instance()
{
    static CommandRegistry registry;
    return registry;
}

void CommandRegistry::add(Command command)
{
    m_commands.append(std::move(command));
}

const Command *CommandRegistry::find(const QString &name) const
{
    for (const Command &c : m_commands) {
        if (c.name == name)
            return &c;
    }
    return nullptr;
}

QList<Command> CommandRegistry::commands() const
{
    QList<Command> sorted = m_commands;
    std::sort(sorted.begin(), sorted.end(), [](const Command &a, const Command &b) { return a.name < b.name; });
    return sorted;
}

} // namespace bpat::cli
