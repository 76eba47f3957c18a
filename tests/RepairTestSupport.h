#pragma once
// What the motion repairs' tests share: a real file's bytes, MotionFixer run on a copy of them,
// the motion lint's findings, and the check that a repair changed nothing it did not report
// (every matrix that differs lies in a reported frame and bone of a reported clip; other clips
// keep every float; late v3's bind palette and parents stay).
#include "TestPaths.h"
#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatWriter.h"
#include "motion/ProfileValidator.h"
#include "motion/MotionCodes.h"
#include "repair/MotionFixer.h"

#include <QFile>
#include <QtTest/QTest>
#include <cstring>

namespace repairtest {

inline QByteArray readShared(const QString &relative)
{
    QFile f(testpaths::shared(relative));
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

inline bpat::Diagnostics lint(const QByteArray &bytes, const QString &code = QString(), const QString &clip = QString())
{
    bpat::ValidationOptions o = bpat::ValidationOptions::make(bpat::ValidationProfile::Motion);
    bpat::Diagnostics out;
    for (const bpat::Diagnostic &d : bpat::ProfileValidator(o).validate(bpat::BpatFile::fromData(bytes)).issues) {
        if ((code.isEmpty() || d.code == code) && (clip.isEmpty() || d.location.clipName == clip))
            out.append(d);
    }
    return out;
}

inline QString describe(const bpat::Diagnostics &findings)
{
    QStringList lines;
    for (const bpat::Diagnostic &d : findings)
        lines << QStringLiteral("%1 %2: %3").arg(d.code, d.location.toString(), d.message);
    return lines.join(QLatin1Char('\n'));
}

struct Fixed
{
    bpat::BpatDocument before;
    bpat::BpatDocument after;
    bpat::FixReport report;
    QByteArray bytes; // the repaired file
};

inline Fixed fix(const QByteArray &input, const bpat::FixOptions &options)
{
    Fixed f{documentOf(input), documentOf(input), {}, {}};
    f.report = bpat::MotionFixer::fix(f.after, options);
    if (f.report.ok)
        f.bytes = bytesOf(f.after);
    return f;
}

// Empty when every difference between before and after is one the report names.
inline QString unreported(const Fixed &f)
{
    const quint32 bones = f.before.boneCount();
    if (f.after.clipCount() != f.before.clipCount())
        return QStringLiteral("clip count changed");
    if (f.after.bindPalette() != f.before.bindPalette() || f.after.boneParents() != f.before.boneParents())
        return QStringLiteral("the bind palette or the bone parents changed");
    for (int c = 0; c < f.before.clipCount(); ++c) {
        const bpat::BpatClip &was = f.before.clip(c), &now = f.after.clip(c);
        const bpat::ClipFixReport *r = nullptr;
        for (const bpat::ClipFixReport &clip : f.report.clips)
            r = clip.clip == c ? &clip : r;
        if (was.name != now.name || was.markers != now.markers || was.fps != now.fps || was.loops != now.loops
            || was.frameCount != now.frameCount)
            return QStringLiteral("clip %1's fields changed").arg(was.name);
        if (!r && (was.palette != now.palette || was.contacts != now.contacts || was.socketRows != now.socketRows))
            return QStringLiteral("clip %1 changed without a report").arg(was.name);
        for (quint32 fr = 0; fr < was.frameCount; ++fr) {
            for (quint32 b = 0; b < bones; ++b) {
                const qsizetype at = bpat::BpatClip::matrixIndex(fr, b, bones);
                if (std::memcmp(was.palette.constData() + at, now.palette.constData() + at, 64) == 0)
                    continue;
                if (!r || !r->change.frames.contains(fr) || !r->change.bones.contains(int(b)))
                    return QStringLiteral("clip %1 frame %2 bone %3 changed unreported").arg(was.name).arg(fr).arg(b);
            }
        }
    }
    return QString();
}

// Findings of these codes that the repair brought in.
inline bpat::Diagnostics newFindings(const Fixed &f)
{
    return f.report.newFindings;
}

} // namespace repairtest
