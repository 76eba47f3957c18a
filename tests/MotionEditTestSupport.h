#pragma once
// What the motion edits' tests share (issue 41): a real file's bytes, documents made from and
// written to bytes, the deep validation of an output in a profile, the motion lint's findings
// per clip, and the bone graph's view of a bone's local channels (Euler angles unwrapped).
#include "TestPaths.h"
#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatWriter.h"
#include "bpat/GameEra.h"
#include "bpat/Validator.h"
#include "motion/LocalChannels.h"

#include <QFile>
#include <QHash>
#include <QtTest/QTest>

namespace motionedittest {

inline QByteArray readShared(const QString &relative)
{
    QFile f(testpaths::shared(QStringLiteral("upstream_assets/") + relative));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

inline bpat::BpatDocument documentOf(const QByteArray &bytes)
{
    return *bpat::BpatDocument::fromFile(bpat::BpatFile::fromData(bytes));
}

inline QByteArray bytesOf(const bpat::BpatDocument &document)
{
    return bpat::BpatWriter(document).toBytes();
}

// Errors of a deep validation in a profile, as text (empty: valid). The game profile judges a
// file by the game of its dialect's era (the current game reads late v3 only).
inline QString deepErrors(const QByteArray &bytes, bpat::ValidationProfile profile)
{
    const bpat::BpatFile file = bpat::BpatFile::fromData(bytes);
    bpat::ValidationOptions options = bpat::ValidationOptions::make(profile, true);
    options.gameEra = bpat::gameEra::ofDialect(file.dialect());
    const bpat::ValidationResult r = bpat::Validator(options).validate(file);
    QStringList lines;
    for (const bpat::Diagnostic &d : r.issues) {
        if (d.severity == bpat::Severity::Error)
            lines << QStringLiteral("%1 %2: %3").arg(d.code, d.location.toString(), d.message);
    }
    return lines.join(QLatin1Char('\n'));
}

// The motion lint's findings per clip name and code ("walk MOTION_POP" -> count).
inline QHash<QString, int> lintCounts(const QByteArray &bytes)
{
    const bpat::ValidationOptions o = bpat::ValidationOptions::make(bpat::ValidationProfile::Motion);
    QHash<QString, int> counts;
    for (const bpat::Diagnostic &d : bpat::Validator(o).validate(bpat::BpatFile::fromData(bytes)).issues) {
        if (d.severity != bpat::Severity::Info)
            ++counts[d.location.clipName + QLatin1Char(' ') + d.code];
    }
    return counts;
}

// The bone graph's track of a bone over a clip (every frame).
inline bpat::LocalChannels::Track track(const QByteArray &bytes, int clip, int bone, bpat::EulerOrder order)
{
    return bpat::LocalChannels(bpat::BpatFile::fromData(bytes)).track(clip, bone, order);
}

} // namespace motionedittest
