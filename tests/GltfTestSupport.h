#pragma once
// Shared by the glTF tests: the Khronos glTF-Validator (node + tools/gltf-validator, installed
// by scripts/install-node-tools.sh), palette comparison, loading real game files.
#include "TestPaths.h"
#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <algorithm>
#include <cmath>
#include <optional>

namespace testgltf {

// tools/gltf-validator of the source tree, or $BPAT_GLTF_VALIDATOR_DIR.
inline QString validatorDir()
{
    const QByteArray env = qgetenv("BPAT_GLTF_VALIDATOR_DIR");
    return env.isEmpty() ? QDir::cleanPath(testpaths::testData(QStringLiteral("../../tools/gltf-validator")))
                         : QString::fromLocal8Bit(env);
}

// Why the validator cannot run here (empty when it can).
inline QString validatorMissing()
{
    if (QStandardPaths::findExecutable(QStringLiteral("node")).isEmpty())
        return QStringLiteral("node not found: install nodejs, then scripts/install-node-tools.sh");
    if (!QFileInfo::exists(validatorDir() + QStringLiteral("/node_modules/gltf-validator/package.json")))
        return QStringLiteral("gltf-validator not installed in %1: run scripts/install-node-tools.sh").arg(validatorDir());
    return {};
}

// The validator's report ({errors, warnings, infos, messages}); an object with "failed" when
// it could not run.
inline QJsonObject validate(const QString &path)
{
    QProcess p;
    p.start(QStandardPaths::findExecutable(QStringLiteral("node")), {validatorDir() + QStringLiteral("/validate.js"), path});
    if (!p.waitForFinished(120000))
        return {{QStringLiteral("failed"), QStringLiteral("timed out")}};
    const QJsonObject report = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
    if (report.isEmpty())
        return {{QStringLiteral("failed"), QString::fromUtf8(p.readAllStandardError())}};
    return report;
}

inline std::optional<bpat::BpatDocument> loadDocument(const QString &path)
{
    const auto file = bpat::BpatFile::open(path);
    if (!file)
        return std::nullopt;
    return bpat::BpatDocument::fromFile(*file);
}

// Largest difference between two clips' palettes (infinity when their sizes differ).
inline double paletteDifference(const bpat::BpatClip &a, const bpat::BpatClip &b)
{
    if (a.palette.size() != b.palette.size())
        return INFINITY;
    double d = 0;
    for (qsizetype i = 0; i < a.palette.size(); ++i)
        d = std::max(d, double(std::abs(a.palette.at(i) - b.palette.at(i))));
    return d;
}

// The folders of ../shared/upstream_assets holding real game files, one per BPAT version.
inline const QStringList &realDirs()
{
    static const QStringList dirs{QStringLiteral("bpat_v1_latest"), QStringLiteral("bpat_v1_initial"), QStringLiteral("bpat_v2"),
                                  QStringLiteral("bpat_v3_early"), QStringLiteral("bpat_v3_late")};
    return dirs;
}

inline const QStringList &realFiles()
{
    static const QStringList files{QStringLiteral("humanoid.bpat"), QStringLiteral("humanoid_sword.bpat"),
                                   QStringLiteral("horse.bpat"), QStringLiteral("elephant.bpat")};
    return files;
}

} // namespace testgltf
