// diff/FileDiff on the real files: exactly the planted changes (a renamed clip, an fps change,
// a 2 degree rotation of one bone over three frames, a removed clip, a moved socket), nothing
// between a file and its conversion to every other version, and each kind of change on its own.
#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatWriter.h"
#include "bpat/DocumentEditor.h"
#include "bpat/VersionConverter.h"
#include "diff/DiffReport.h"
#include "diff/FileDiff.h"
#include "DiffTestSupport.h"
#include "TestDocuments.h"
#include "TestPaths.h"

#include <QtTest/QTest>
#include <cmath>

using namespace bpat;
using namespace bpat::diff;
using format::Dialect;

namespace {

DiffResult compareDocs(const BpatDocument &a, const BpatDocument &b, DiffOptions options = {})
{
    const BpatFile fa = difftest::fileOf(a, QStringLiteral("a.bpat"));
    const BpatFile fb = difftest::fileOf(b, QStringLiteral("b.bpat"));
    return FileDiff::compare(fa, fb, options);
}

QStringList kinds(const DiffResult &r)
{
    QStringList out;
    for (const Change &c : r.changes)
        out.append(kindKey(c.kind) + (c.field.isEmpty() ? QString() : QLatin1Char(':') + c.field));
    return out;
}

QString describe(const DiffResult &r)
{
    return DiffReport::text(r);
}

} // namespace

class tst_FileDiff : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void sameFileIsSame_data()
    {
        QTest::addColumn<QString>("path");
        for (const char *set : {"bpat_v1_initial", "bpat_v1_latest", "bpat_v2", "bpat_v3_early", "bpat_v3_late"})
            for (const char *name : {"humanoid", "horse", "elephant"})
                QTest::newRow(qPrintable(QStringLiteral("%1/%2").arg(QLatin1String(set), QLatin1String(name))))
                    << difftest::realFile(set, name);
        for (const char *name : {"humanoid", "horse", "elephant", "sheep", "wolf"})
            QTest::newRow(qPrintable(QStringLiteral("bpat_current/%1").arg(QLatin1String(name))))
                << difftest::realFile("bpat_current", name);
    }
    void sameFileIsSame()
    {
        QFETCH(QString, path);
        if (!QFileInfo::exists(path))
            BPAT_SKIP_SHARED(QStringLiteral("shared asset not found: ") + path);
        const auto a = BpatFile::open(path), b = BpatFile::open(path);
        QVERIFY(a && b);
        const DiffResult r = FileDiff::compare(*a, *b);
        QVERIFY2(r.same(), qPrintable(describe(r)));
        QVERIFY(r.notes.isEmpty());
        for (const ClipPair &p : r.clipPairs)
            QCOMPARE(p.clipA, p.clipB);
    }

    // A real file and its conversion to every other version hold the same clips, motion and
    // sockets: the same, with the dialect as a note. Going down drops what the lower version
    // cannot hold (markers, flags, variants): only those are reported.
    void conversionsAreSame_data()
    {
        QTest::addColumn<QString>("set");
        for (const char *set : {"bpat_v1_latest", "bpat_v2", "bpat_v3_early", "bpat_v3_late", "bpat_current"})
            QTest::newRow(set) << QString::fromLatin1(set);
    }
    void conversionsAreSame()
    {
        QFETCH(QString, set);
        const char *names[] = {"humanoid", "horse"};
        for (const char *name : names) {
            const QString path = difftest::realFile(set.toLatin1().constData(), name);
            if (!QFileInfo::exists(path))
                BPAT_SKIP_SHARED(QStringLiteral("shared asset not found: ") + path);
            const auto original = BpatFile::open(path);
            QVERIFY(original);
            const int rank = int(original->dialect());
            for (Dialect to : {Dialect::V1, Dialect::V2, Dialect::V3Early, Dialect::V3Late}) {
                if (to == original->dialect())
                    continue;
                auto doc = BpatDocument::fromFile(*original);
                QVERIFY(doc);
                const ConvertResult converted = VersionConverter::convert(*doc, ConvertOptions{to, std::nullopt, std::nullopt});
                QVERIFY2(converted.ok, qPrintable(converted.error));
                const BpatFile written = difftest::fileOf(*doc, QStringLiteral("converted.bpat"));
                QCOMPARE(written.dialect(), to);
                const DiffResult r = FileDiff::compare(*original, written);
                QVERIFY(r.error.isEmpty());
                QVERIFY(r.notes.join(QLatin1Char('\n')).contains(QStringLiteral("dialect")));
                if (int(to) > rank) {
                    QVERIFY2(r.same(),
                             qPrintable(QStringLiteral("%1 -> %2:\n%3").arg(path, format::dialectName(to), describe(r))));
                    continue;
                }
                for (const Change &c : r.changes) { // only what the lower version cannot hold
                    QVERIFY2(c.kind == ChangeKind::ClipMetadata
                                 && (c.field == QStringLiteral("markers") || c.field == QStringLiteral("flags")
                                     || c.field.startsWith(QStringLiteral("variant_"))),
                             qPrintable(QStringLiteral("%1 -> %2: %3").arg(path, format::dialectName(to), DiffReport::line(c))));
                }
            }
        }
    }

    void exactlyThePlantedChanges_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("v1 humanoid") << difftest::realFile("bpat_v1_latest", "humanoid");
        QTest::newRow("v2 humanoid") << difftest::realFile("bpat_v2", "humanoid");
        QTest::newRow("early v3 humanoid") << difftest::realFile("bpat_v3_early", "humanoid");
        QTest::newRow("late v3 humanoid (current)") << difftest::realFile("bpat_current", "humanoid");
    }
    void exactlyThePlantedChanges()
    {
        QFETCH(QString, path);
        if (!QFileInfo::exists(path))
            BPAT_SKIP_SHARED(QStringLiteral("shared asset not found: ") + path);
        const auto original = BpatFile::open(path);
        auto doc = difftest::load(path);
        QVERIFY(original && doc);
        const difftest::Planted p = difftest::plant(*doc);
        const BpatFile changed = difftest::fileOf(*doc, QStringLiteral("changed.bpat"));
        const DiffResult r = FileDiff::compare(*original, changed);
        QVERIFY(r.error.isEmpty());
        QCOMPARE(kinds(r),
                 (QStringList{QStringLiteral("clip_renamed"), QStringLiteral("clip_metadata:fps"), QStringLiteral("motion"),
                              QStringLiteral("clip_removed"), QStringLiteral("socket:offset")}));
        QVERIFY(r.notes.filter(QStringLiteral("dialect")).isEmpty());
        QCOMPARE(r.changes.at(0).clip, p.renamedFrom);
        QCOMPARE(r.changes.at(0).newName, p.renamedTo);
        QCOMPARE(r.changes.at(1).clip, p.fpsClip);
        QCOMPARE(r.changes.at(1).oldValue.toDouble(), double(p.oldFps));
        QCOMPARE(r.changes.at(1).newValue.toDouble(), double(p.newFps));
        const Change &m = r.changes.at(2);
        QCOMPARE(m.clip, p.rotatedClip);
        QCOMPARE(m.bone, p.rotatedBone);
        QCOMPARE(m.bones.size(), 1);
        QCOMPARE(m.frames.first, p.firstFrame);
        QCOMPARE(m.frames.last, p.firstFrame + 2);
        QCOMPARE(m.framesDiffering, quint64(3));
        QVERIFY(m.frame >= p.firstFrame && m.frame <= p.firstFrame + 2);
        QVERIFY2(std::abs(m.maxRotationDeg - 2.0) < 1e-3, qPrintable(QString::number(m.maxRotationDeg)));
        QVERIFY(m.maxTranslation < 1e-5);
        QCOMPARE(r.changes.at(3).clip, p.removedClip);
        QCOMPARE(r.changes.at(4).socket, p.movedSocket);
        QCOMPARE(r.changes.at(4).newValue.toArray().at(1).toDouble(), double(p.newOffset.y()));
        // The pairing the compare mode shows: the renamed clip paired, the removed one alone.
        int removed = 0, renamed = 0, differing = 0;
        for (const ClipPair &pair : r.clipPairs) {
            removed += pair.clipB < 0;
            renamed += pair.renamed;
            differing += pair.differs;
        }
        QCOMPARE(removed, 1);
        QCOMPARE(renamed, 1);
        QCOMPARE(differing, 4);
    }

    // The planted changes seen across dialects: the original v1 file against a late-v3 copy.
    void plantedAcrossDialects()
    {
        const QString path = difftest::realFile("bpat_v1_latest", "humanoid");
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat"));
        const auto original = BpatFile::open(path);
        auto doc = difftest::load(path);
        QVERIFY(original && doc);
        QVERIFY(VersionConverter::convert(*doc, ConvertOptions{Dialect::V3Late, std::nullopt, std::nullopt}).ok);
        const difftest::Planted p = difftest::plant(*doc);
        const DiffResult r = FileDiff::compare(*original, difftest::fileOf(*doc, QStringLiteral("late.bpat")));
        QCOMPARE(kinds(r),
                 (QStringList{QStringLiteral("clip_renamed"), QStringLiteral("clip_metadata:fps"), QStringLiteral("motion"),
                              QStringLiteral("clip_removed"), QStringLiteral("socket:offset")}));
        QVERIFY(std::abs(r.changes.at(2).maxRotationDeg - 2.0) < 1e-3);
        QVERIFY(r.notes.join(QLatin1Char(' ')).contains(QStringLiteral("v1 -> v3-late")));
        QCOMPARE(r.changes.at(2).bone, p.rotatedBone);
    }

    void toleranceAndClipFilter()
    {
        const QString path = difftest::realFile("bpat_current", "humanoid");
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_current/humanoid.bpat"));
        auto a = difftest::load(path), b = difftest::load(path);
        QVERIFY(a && b);
        difftest::rotateBone(*b, 6, 7, 0, 2.0f, 1);
        QCOMPARE(kinds(compareDocs(*a, *b)), QStringList{QStringLiteral("motion")});
        DiffOptions loose;
        loose.tolerance = 0.05; // 2.9 degrees
        QVERIFY(compareDocs(*a, *b, loose).same());
        DiffOptions other;
        other.clips = {a->clip(7).name};
        QVERIFY(compareDocs(*a, *b, other).same());
        other.clips = {a->clip(6).name};
        QCOMPARE(compareDocs(*a, *b, other).changes.size(), 1);
        other.clips = {QStringLiteral("no_such_clip")};
        QVERIFY(!compareDocs(*a, *b, other).error.isEmpty());
    }

    // Issue 42: fps is metadata the game reads as it is, compared exactly whatever the
    // tolerance (24 -> 24.0001 was "the same within 1e-05").
    void fpsComparesExactly()
    {
        const BpatDocument a = testdocs::smallDocument();
        BpatDocument b = a;
        b.clip(0).fps = 24.0001f;
        for (double tolerance : {1e-5, 0.05, 1.0}) {
            DiffOptions options;
            options.tolerance = tolerance;
            const DiffResult r = compareDocs(a, b, options);
            QCOMPARE(kinds(r), QStringList{QStringLiteral("clip_metadata:fps")});
        }
        QVERIFY(compareDocs(a, a).same());
    }

    void threadsGiveOneResult()
    {
        const QString path = difftest::realFile("bpat_current", "humanoid");
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_current/humanoid.bpat"));
        auto a = difftest::load(path), b = difftest::load(path);
        QVERIFY(a && b);
        for (int c = 0; c < b->clipCount(); c += 3)
            difftest::rotateBone(*b, c, c % 20, 0, 0.5f + float(c) * 0.01f, std::min<quint32>(3, b->clip(c).frameCount));
        DiffOptions one, many;
        one.threads = 1;
        many.threads = 4;
        const DiffResult r1 = compareDocs(*a, *b, one), r4 = compareDocs(*a, *b, many);
        QCOMPARE(r1.changes.size(), 25);
        QCOMPARE(DiffReport::text(r1), DiffReport::text(r4));
    }

    // Every kind of change on its own, on a copy of the current humanoid (late v3).
    void eachKind()
    {
        const QString path = difftest::realFile("bpat_current", "humanoid");
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_current/humanoid.bpat"));
        const auto base = difftest::load(path);
        QVERIFY(base);
        const auto check = [&](const char *what, const std::function<void(BpatDocument &)> &change, const QStringList &expected) {
            BpatDocument doc = *base;
            change(doc);
            const DiffResult r = compareDocs(*base, doc);
            if (kinds(r) != expected)
                qWarning().noquote() << what << "\n" << describe(r);
            QCOMPARE(kinds(r), expected);
        };
        check("species", [](BpatDocument &d) { d.setSpeciesId(3); }, {QStringLiteral("header:species")});
        check("loops", [](BpatDocument &d) { DocumentEditor(d).setClipLoops(6, false); },
              {QStringLiteral("clip_metadata:loops")});
        check("marker", [](BpatDocument &d) { DocumentEditor(d).setClipMarker(10, 2, 0.6f); },
              {QStringLiteral("clip_metadata:markers")});
        check("flags", [](BpatDocument &d) { d.clip(6).flags = 0; }, {QStringLiteral("clip_metadata:flags")});
        check("variant", [](BpatDocument &d) { d.clip(12).variantOrdinal = 7; },
              {QStringLiteral("clip_metadata:variant_ordinal")});
        check("family", [](BpatDocument &d) { d.clip(12).variantFamily = 13; }, {QStringLiteral("clip_metadata:variant_family")});
        check("added",
              [](BpatDocument &d) {
                  BpatClip c = d.clip(6);
                  c.name = QStringLiteral("walk_fast");
                  for (quint32 f = 0; f < c.frameCount; ++f)
                      c.palette[qsizetype(f) * d.boneCount() * 16 + 3] += 0.25f; // root moved: not a copy of walk
                  c.storedSkin.clear();
                  c.socketRows.clear(); // recomputed from the moved palette
                  d.addClip(c);
              },
              {QStringLiteral("clip_added")});
        check("moved", [](BpatDocument &d) { DocumentEditor(d).moveClip(6, 2); }, {QStringLiteral("clip_moved:index")});
        check("frame count", [](BpatDocument &d) { DocumentEditor(d).trimClip(6, 0, 20); },
              {QStringLiteral("clip_metadata:frame_count")});
        check("contacts", [](BpatDocument &d) { d.clip(7).contacts[9] += 0.01f; }, {QStringLiteral("contacts:foot_y")});
        // Socket edits recompute every socket's rows; the others keep theirs (DiffTestSupport.h).
        check("socket added",
              [&](BpatDocument &d) {
                  DocumentEditor(d).addSocket({QStringLiteral("tail"), 1, QVector3D(0, 0, -0.2f)});
                  difftest::keepOtherSocketRows(d, *base, QStringLiteral("tail"));
              },
              {QStringLiteral("socket_added")});
        check("socket removed",
              [&](BpatDocument &d) {
                  DocumentEditor(d).removeSocket(3);
                  difftest::keepOtherSocketRows(d, *base, QString());
              },
              {QStringLiteral("socket_removed")});
        check("anchor",
              [&](BpatDocument &d) {
                  DocumentEditor(d).setSocketAnchor(0, 4);
                  difftest::keepOtherSocketRows(d, *base, d.sockets().at(0).name);
              },
              {QStringLiteral("socket:anchor")});
        check("socket data",
              [](BpatDocument &d) {
                  d.clip(8).socketRows[qsizetype(2 * d.socketCount() + 1) * 12 + 3] += 0.02f; // frame 2, socket 1: x
              },
              {QStringLiteral("socket_motion")});
        check("bind",
              [](BpatDocument &d) {
                  QList<QMatrix4x4> bind;
                  for (quint32 b = 0; b < d.boneCount(); ++b)
                      bind.append(d.bindMatrix(b));
                  bind[7].translate(0.0f, 0.01f, 0.0f);
                  d.setBindMatrices(bind);
              },
              {QStringLiteral("bind_palette")});
        check("parents",
              [](BpatDocument &d) {
                  QList<quint8> parents = d.boneParents();
                  parents[14] = 0;
                  d.setBoneParents(parents);
              },
              {QStringLiteral("parents:parent")});
    }

    // Clips of different frame counts: the trim or the resample that explains them pairs their
    // frames, and the motion is compared on those frames only (issue 38, 2b).
    void trimmedClipsAlign()
    {
        const QString path = difftest::realFile("bpat_current", "horse");
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_current/horse.bpat"));
        const auto base = difftest::load(path);
        QVERIFY(base);
        const int walk = base->findClip(QStringLiteral("walk"));
        BpatDocument trimmed = *base;
        QVERIFY(DocumentEditor(trimmed).trimClip(walk, 4, 19));
        for (const bool trimmedIsB : {true, false}) {
            const DiffResult r = trimmedIsB ? compareDocs(*base, trimmed) : compareDocs(trimmed, *base);
            QCOMPARE(kinds(r), QStringList{QStringLiteral("clip_metadata:frame_count")});
            const Change &c = r.changes.first();
            QVERIFY(c.alignment);
            QCOMPARE(c.alignment->kind, FrameAlignment::Kind::Trimmed);
            QCOMPARE(c.alignment->frames, 16u);
            QCOMPARE(trimmedIsB ? c.alignment->firstA : c.alignment->firstB, 4u);
            QCOMPARE(c.detail,
                     trimmedIsB ? QStringLiteral("trimmed: B is frames 4-19 of A, motion unchanged")
                                : QStringLiteral("trimmed: A is frames 4-19 of B, motion unchanged"));
            const ClipPair &pair = r.clipPairs.at(walk);
            QCOMPARE(pair.alignment.frameOfB(trimmedIsB ? 4 : 0), std::optional<quint32>(trimmedIsB ? 0 : 4));
            QCOMPARE(pair.alignment.frameOfB(trimmedIsB ? 3 : 16), std::nullopt);
        }
        // A trimmed clip edited after: the motion change names A's frames.
        BpatDocument edited = trimmed;
        difftest::rotateBone(edited, walk, 8, 2, 3.0f); // B's frames 2-4 = A's 6-8
        const DiffResult r = compareDocs(*base, edited);
        QCOMPARE(kinds(r), (QStringList{QStringLiteral("clip_metadata:frame_count"), QStringLiteral("motion")}));
        QCOMPARE(r.changes.at(1).frames, (FrameRange{6, 8}));
        QCOMPARE(r.changes.at(1).framesCompared, 16u);
        QCOMPARE(r.changes.at(1).bone, 8);
        QVERIFY2(r.changes.first().detail.endsWith(QStringLiteral("motion compared on those frames")),
                 qPrintable(r.changes.first().detail));
    }

    // Every second frame (a resample to half the rate that keeps frames): paired with a stride.
    void decimatedClipsAlign()
    {
        const QString path = difftest::realFile("bpat_current", "horse");
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_current/horse.bpat"));
        const auto base = difftest::load(path);
        QVERIFY(base);
        const int walk = base->findClip(QStringLiteral("walk"));
        BpatDocument half = *base;
        BpatClip &c = half.clip(walk);
        const qsizetype frame = qsizetype(half.boneCount()) * 16;
        QList<float> palette, contacts;
        for (quint32 f = 1; f < c.frameCount; f += 2) {
            palette.append(c.palette.mid(qsizetype(f) * frame, frame));
            contacts.append(c.contacts.mid(qsizetype(f) * 2, 2));
        }
        c.palette = palette;
        c.contacts = contacts;
        c.storedSkin.clear();
        c.frameCount = 12;
        c.fps = 12.0f;
        const DiffResult r = compareDocs(*base, half);
        QCOMPARE(kinds(r), (QStringList{QStringLiteral("clip_metadata:frame_count"), QStringLiteral("clip_metadata:fps")}));
        const FrameAlignment &align = *r.changes.first().alignment;
        QCOMPARE(align.kind, FrameAlignment::Kind::Decimated);
        QCOMPARE(align.firstA, 1u);
        QCOMPARE(align.strideA, 2u);
        QCOMPARE(r.changes.first().detail, QStringLiteral("resampled: B is every 2nd frame of A, frames 1-23, motion unchanged"));
    }

    // Clips of other counts that nothing explains: no per-bone numbers, and the line says why.
    void unrelatedClipsAreNotPaired()
    {
        const QString path = difftest::realFile("bpat_current", "horse");
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_current/horse.bpat"));
        const auto base = difftest::load(path);
        QVERIFY(base);
        const int walk = base->findClip(QStringLiteral("walk")), gallop = base->findClip(QStringLiteral("gallop"));
        BpatDocument other = *base;
        BpatClip replaced = base->clip(gallop);
        replaced.name = QStringLiteral("walk");
        other.clip(walk) = replaced;
        const DiffResult r = compareDocs(*base, other);
        const Change &c = r.changes.first();
        QCOMPARE(c.field, QStringLiteral("frame_count"));
        QVERIFY(c.alignment && !c.alignment->paired());
        QVERIFY2(c.detail.endsWith(QStringLiteral(": motion not compared")), qPrintable(c.detail));
        for (const Change &x : r.changes)
            QVERIFY(!(x.kind == ChangeKind::Motion && x.clipA == walk));
    }

    // Markers by name, with their frames, "unset" for -1 (not a row of five numbers).
    void markersAreNamed()
    {
        const QString path = difftest::realFile("bpat_current", "horse");
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_current/horse.bpat"));
        const auto base = difftest::load(path);
        QVERIFY(base);
        const int walk = base->findClip(QStringLiteral("walk"));
        BpatDocument doc = *base;
        QVERIFY(DocumentEditor(doc).setClipMarker(walk, 3, 18.0f / 23.0f));
        QVERIFY(DocumentEditor(doc).clearClipMarker(walk, 4));
        const DiffResult r = compareDocs(*base, doc);
        QCOMPARE(kinds(r), QStringList{QStringLiteral("clip_metadata:markers")});
        QCOMPARE(DiffReport::line(r.changes.first()),
                 QStringLiteral("clip walk: markers: recover_unlocked unset -> 0.7826087 (frame 18 of 24); "
                                "exit_safe 0.98 (frame 22.54 of 24) -> unset"));
    }

    void reportShapes()
    {
        const QString path = difftest::realFile("bpat_current", "humanoid");
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_current/humanoid.bpat"));
        auto a = difftest::load(path), b = difftest::load(path);
        QVERIFY(a && b);
        const difftest::Planted p = difftest::plant(*b);
        const DiffResult r = compareDocs(*a, *b);
        const QStringList lines = DiffReport::text(r).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 6);
        QVERIFY(lines.at(0).startsWith(QStringLiteral("a.bpat -> b.bpat: 5 changes (")));
        QCOMPARE(lines.at(1), QStringLiteral("clip renamed: %1 -> %2 (matched by content)").arg(p.renamedFrom, p.renamedTo));
        QVERIFY2(lines.at(3).contains(QStringLiteral("motion differs in frames 4-6 (3 of")), qPrintable(lines.at(3)));
        QVERIFY2(lines.at(3).contains(QStringLiteral("largest 2.000 deg at bone 5 (Head)")), qPrintable(lines.at(3)));
        const QJsonObject json = DiffReport::json(r);
        QCOMPARE(json.value(QStringLiteral("same")).toBool(), false);
        const QJsonObject motion = json.value(QStringLiteral("changes")).toArray().at(2).toObject();
        QCOMPARE(motion.value(QStringLiteral("kind")).toString(), QStringLiteral("motion"));
        QCOMPARE(motion.value(QStringLiteral("clip")).toString(), p.rotatedClip);
        QCOMPARE(motion.value(QStringLiteral("bone")).toInt(), 5);
        QCOMPARE(motion.value(QStringLiteral("frames")).toArray(), (QJsonArray{4, 6}));
        QVERIFY(std::abs(motion.value(QStringLiteral("max_rotation_deg")).toDouble() - 2.0) < 1e-3);
        QVERIFY(motion.contains(QStringLiteral("max_translation")));
        const QJsonObject renamed = json.value(QStringLiteral("changes")).toArray().at(0).toObject();
        QCOMPARE(renamed.value(QStringLiteral("new_name")).toString(), p.renamedTo);
        const QJsonObject fps = json.value(QStringLiteral("changes")).toArray().at(1).toObject();
        QCOMPARE(fps.value(QStringLiteral("field")).toString(), QStringLiteral("fps"));
    }

    void troubleForBrokenFiles()
    {
        const QString path = difftest::realFile("bpat_v1_latest", "horse");
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_v1_latest/horse.bpat"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        const BpatFile whole = BpatFile::fromData(bytes, QStringLiteral("whole.bpat"));
        const BpatFile cut = BpatFile::fromData(bytes.left(bytes.size() / 2), QStringLiteral("cut.bpat"));
        const DiffResult r = FileDiff::compare(whole, cut);
        QVERIFY(r.error.contains(QStringLiteral("cut.bpat")));
        QVERIFY(r.error.contains(QStringLiteral("palette")));
        QVERIFY(!r.same());
        const BpatFile junk = BpatFile::fromData(QByteArray(100, 'x'), QStringLiteral("junk.bpat"));
        QVERIFY(FileDiff::compare(junk, whole).error.contains(QStringLiteral("magic")));
    }
};

QTEST_GUILESS_MAIN(tst_FileDiff)
#include "tst_FileDiff.moc"
