#include "bpat/GameEra.h"

namespace bpat::gameEra {

namespace fmt = bpat::format;

QString name(GameEra era)
{
    switch (era) {
    case GameEra::V1: return QStringLiteral("v1");
    case GameEra::V2: return QStringLiteral("v2");
    case GameEra::V3Early: return QStringLiteral("v3-early");
    case GameEra::Current: break;
    }
    return QStringLiteral("current");
}

std::optional<GameEra> fromName(const QString &text)
{
    const QString n = text.trimmed().toLower();
    for (GameEra era : {GameEra::Current, GameEra::V1, GameEra::V2, GameEra::V3Early}) {
        if (n == name(era))
            return era;
    }
    if (n == QLatin1String("v3-late") || n == QLatin1String("v3") || n == QLatin1String("3"))
        return GameEra::Current;
    if (n == QLatin1String("1"))
        return GameEra::V1;
    if (n == QLatin1String("2"))
        return GameEra::V2;
    return std::nullopt;
}

QStringList names()
{
    return {name(GameEra::V1), name(GameEra::V2), name(GameEra::V3Early), name(GameEra::Current)};
}

QString describe(GameEra era)
{
    switch (era) {
    case GameEra::V1: return QStringLiteral("the v1-era game (its reader accepts v1 only)");
    case GameEra::V2: return QStringLiteral("the v2-era game (its reader accepts v2 only)");
    case GameEra::V3Early: return QStringLiteral("the early-v3 game (its reader reads version 3 as row-major globals)");
    case GameEra::Current: break;
    }
    return QStringLiteral("the current game (its reader at 4c0caf75 accepts late v3 only)");
}

fmt::Dialect readerDialect(GameEra era)
{
    switch (era) {
    case GameEra::V1: return fmt::Dialect::V1;
    case GameEra::V2: return fmt::Dialect::V2;
    case GameEra::V3Early: return fmt::Dialect::V3Early;
    case GameEra::Current: break;
    }
    return fmt::Dialect::V3Late;
}

quint32 rigVersion(GameEra era)
{
    return fmt::versionOf(readerDialect(era));
}

GameEra ofDialect(fmt::Dialect dialect)
{
    switch (dialect) {
    case fmt::Dialect::V1: return GameEra::V1;
    case fmt::Dialect::V2: return GameEra::V2;
    case fmt::Dialect::V3Early: return GameEra::V3Early;
    case fmt::Dialect::V3Late:
    case fmt::Dialect::Unknown: break;
    }
    return GameEra::Current;
}

QString convertArgument(GameEra era)
{
    switch (era) {
    case GameEra::V1: return QStringLiteral("1");
    case GameEra::V2: return QStringLiteral("2");
    case GameEra::V3Early: return QStringLiteral("v3-early");
    case GameEra::Current: break;
    }
    return QStringLiteral("3");
}

QString currentGameNote(fmt::Dialect dialect)
{
    switch (dialect) {
    case fmt::Dialect::V1:
    case fmt::Dialect::V2:
        return QStringLiteral("%1 is not what the current game reads: its reader (4c0caf75) accepts late v3 only and "
                              "refuses this file (\"unsupported version\"); write version 3, or convert it with "
                              "`bpat convert --to-version 3`")
            .arg(fmt::dialectName(dialect));
    case fmt::Dialect::V3Early:
        return QStringLiteral("v3-early is not what the current game reads: its reader (4c0caf75) loads the file but "
                              "reads every matrix transposed; write version 3 (late), or convert it with "
                              "`bpat convert --to-version 3`");
    case fmt::Dialect::V3Late:
    case fmt::Dialect::Unknown: break;
    }
    return QString();
}

} // namespace bpat::gameEra
