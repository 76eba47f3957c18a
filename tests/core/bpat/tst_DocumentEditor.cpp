#include "bpat/BpatSaver.h"
#include "bpat/DocumentEditor.h"
#include "bpat/EditCodes.h"
#include "TestDocuments.h"
#include "TestPaths.h"
#include "bpat/BpatFile.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest/QTest>
#include <functional>

using namespace bpat;

using EditFunction = std::function<bool(DocumentEditor &, QString *)>;
Q_DECLARE_METATYPE(EditFunction)

class tst_DocumentEditor : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void renameRefusesDuplicatesAndEmpty()
    {
        BpatDocument doc = testdocs::smallDocument();
        DocumentEditor ed(doc);
        QString error;
        QVERIFY(!ed.renameClip(0, QStringLiteral("jab"), &error));
        QVERIFY(error.contains(QStringLiteral("already exists")));
        QVERIFY(!ed.renameClip(0, QString(), &error));
        QCOMPARE(doc.clip(0).name, QStringLiteral("idle"));
        QVERIFY(ed.renameClip(0, QStringLiteral("breathe"), &error));
        QCOMPARE(doc.clip(0).name, QStringLiteral("breathe"));
        QVERIFY(ed.renameClip(0, QStringLiteral("breathe"), &error)); // same name is fine
        QVERIFY(!ed.renameClip(7, QStringLiteral("x"), &error));
    }
    void fpsAndLoops()
    {
        BpatDocument doc = testdocs::smallDocument();
        DocumentEditor ed(doc);
        QVERIFY(!ed.setClipFps(0, 0.0f));
        QVERIFY(!ed.setClipFps(0, std::numeric_limits<float>::quiet_NaN()));
        QCOMPARE(doc.clip(0).fps, 24.0f);
        QVERIFY(ed.setClipFps(0, 60.0f));
        QCOMPARE(doc.clip(0).fps, 60.0f);
        QVERIFY(ed.setClipLoops(1, true));
        QVERIFY(doc.clip(1).loops);
    }
    void removeKeepsAtLeastOneClip()
    {
        BpatDocument doc = testdocs::smallDocument();
        DocumentEditor ed(doc);
        QVERIFY(ed.removeClip(0));
        QCOMPARE(doc.clipCount(), 1);
        QString error;
        QVERIFY(!ed.removeClip(0, &error));
        QVERIFY(error.contains(QStringLiteral("at least one clip")));
        QCOMPARE(doc.clipCount(), 1);
    }
    void duplicateTrimSplit()
    {
        BpatDocument doc = testdocs::smallDocument();
        const BpatClip idle = doc.clip(0);
        DocumentEditor ed(doc);
        QVERIFY(ed.duplicateClip(0));
        QCOMPARE(doc.clipCount(), 3);
        QCOMPARE(doc.clip(1).name, QStringLiteral("idle_copy"));
        QCOMPARE(doc.clip(1).palette, idle.palette);

        QVERIFY(!ed.trimClip(0, 2, 9));
        QVERIFY(ed.trimClip(0, 1, 2));
        QCOMPARE(doc.clip(0).frameCount, 2u);
        const qsizetype m = 3 * 16;
        QCOMPARE(doc.clip(0).palette, idle.palette.mid(m, 2 * m));
        QCOMPARE(doc.clip(0).socketRows.size(), qsizetype(2 * 2 * 12));

        QVERIFY(!ed.splitClip(1, 0));
        QVERIFY(!ed.splitClip(1, 4));
        QVERIFY(ed.splitClip(1, 3));
        QCOMPARE(doc.clip(1).frameCount, 3u);
        QCOMPARE(doc.clip(2).frameCount, 1u);
        QCOMPARE(doc.clip(2).name, QStringLiteral("idle_copy_b"));
        QCOMPARE(doc.clip(2).palette, idle.palette.mid(3 * m, m));
        QVERIFY(doc.isWritable());
    }
    void importNeedsSameRigAndUniqueNames()
    {
        BpatDocument doc = testdocs::smallDocument();
        const BpatDocument other = testdocs::smallDocument(false);
        DocumentEditor ed(doc);
        QString error;
        QVERIFY(!ed.importClips(other, {}, false, &error));
        QVERIFY(error.contains(QStringLiteral("already exists")));
        QCOMPARE(doc.clipCount(), 2);
        QVERIFY(ed.importClips(other, {1}, true, &error));
        QCOMPARE(doc.clipCount(), 3);
        QCOMPARE(doc.clip(2).name, QStringLiteral("jab_2"));
        // Imported clips get socket rows for this file's sockets.
        QCOMPARE(doc.clip(2).socketRows.size(), qsizetype(2 * 2 * 12));
        QCOMPARE(doc.socketRowsDeviation(), 0.0f);

        BpatDocument fourBones(0, 4);
        fourBones.addClip(testdocs::makeClip(QStringLiteral("x"), 1, 4, 24.0f, true));
        QVERIFY(!ed.importClips(fourBones, {}, true, &error));
        QVERIFY(error.contains(QStringLiteral("bone counts differ")));
    }
    void importRefusesAnotherSpecies()
    {
        // Same bone count, another species: the clips would play on the wrong creature.
        BpatDocument horse = testdocs::smallDocument(false);
        horse.setSpeciesId(1);
        BpatDocument elephant = testdocs::smallDocument(false);
        elephant.setSpeciesId(2);
        DocumentEditor ed(horse);
        QString error;
        QVERIFY(!ed.importClips(elephant, {}, true, &error));
        QVERIFY2(error.startsWith(QStringLiteral("SPECIES_MISMATCH:")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("\"horse\"")) && error.contains(QStringLiteral("\"elephant\"")),
                 qPrintable(error));
        QCOMPARE(horse.clipCount(), 2);
        // The explicit override still refuses another bone count, with its own code.
        DocumentEditor::ImportOptions override;
        override.renameOnConflict = true;
        override.allowOtherSpecies = true;
        QVERIFY(ed.importClips(elephant, {}, override, &error));
        QCOMPARE(horse.clipCount(), 4);
        BpatDocument big(2, 4);
        big.addClip(testdocs::makeClip(QStringLiteral("x"), 1, 4, 24.0f, true));
        QVERIFY(!ed.importClips(big, {}, override, &error));
        QVERIFY2(error.startsWith(QStringLiteral("BONE_COUNT_MISMATCH:")), qPrintable(error));
    }
    void socketsRecomputeRows()
    {
        BpatDocument doc = testdocs::smallDocument();
        DocumentEditor ed(doc);
        QString error;
        QVERIFY(!ed.addSocket({QStringLiteral("hand"), 0, QVector3D()}, &error));
        QVERIFY(!ed.addSocket({QStringLiteral("tail"), 3, QVector3D()}, &error));
        QVERIFY(error.contains(QStringLiteral("outside the rig")));
        QVERIFY(ed.addSocket({QStringLiteral("tail"), 0, QVector3D(1, 2, 3)}, &error));
        QCOMPARE(doc.socketCount(), 3);
        QVERIFY(ed.setSocketOffset(2, QVector3D(0, 0, 1)));
        QVERIFY(ed.setSocketAnchor(2, 2));
        QVERIFY(ed.renameSocket(2, QStringLiteral("tip")));
        QCOMPARE(doc.socketRowsDeviation(), 0.0f);
        const QMatrix4x4 expected = doc.clip(1).matrix(1, 2, 3) * [] {
            QMatrix4x4 t;
            t.translate(0, 0, 1);
            return t;
        }();
        const float *row = doc.clip(1).socketRows.constData() + (1 * 3 + 2) * 12;
        for (int r = 0; r < 3; ++r)
            for (int c = 0; c < 4; ++c)
                QVERIFY(qAbs(row[r * 4 + c] - expected(r, c)) < 1e-6f);
        QVERIFY(ed.removeSocket(0));
        QCOMPARE(doc.socketCount(), 2);
        QCOMPARE(doc.clip(0).socketRows.size(), qsizetype(4 * 2 * 12));
    }
    // The game bakes its grip and weapon sockets from other frames, not from anchor x offset:
    // editing one socket (move, re-anchor, rename, add, remove) keeps every other socket's stored
    // rows as the file has them; only the moved or added socket gets rows computed.
    void socketEditsKeepTheOtherSocketsRows()
    {
        const QString relative = QStringLiteral("upstream_assets/bpat_current/humanoid.bpat");
        BPAT_REQUIRE_SHARED(relative);
        const auto file = BpatFile::open(testpaths::shared(relative));
        QVERIFY(file);
        std::optional<BpatDocument> doc = BpatDocument::fromFile(*file);
        QVERIFY(doc);
        QVERIFY(doc->socketRowsDeviation() > 0.01f); // the baked sockets are not anchor x offset
        const int grip = doc->findSocket(QStringLiteral("grip_r")), back = doc->findSocket(QStringLiteral("back"));
        QVERIFY(grip >= 0 && back >= 0);
        auto rowsOf = [&](int socket) {
            QList<float> out;
            const int n = doc->socketCount();
            for (const BpatClip &c : doc->clips())
                for (quint32 f = 0; f < c.frameCount; ++f)
                    out.append(c.socketRows.mid((qsizetype(f) * n + socket) * 12, 12));
            return out;
        };
        const QList<float> gripRows = rowsOf(grip);
        DocumentEditor ed(*doc);
        QVERIFY(ed.setSocketOffset(back, QVector3D(0.0f, 0.2f, -0.2f)));
        QCOMPARE(rowsOf(grip), gripRows);
        QVERIFY(ed.setSocketAnchor(back, 2));
        QCOMPARE(rowsOf(grip), gripRows);
        const QList<float> backRows = rowsOf(back);
        QVERIFY(ed.renameSocket(back, QStringLiteral("back_plate")));
        QCOMPARE(rowsOf(back), backRows);
        QCOMPARE(rowsOf(grip), gripRows);
        QVERIFY(ed.addSocket({QStringLiteral("belt"), 1, QVector3D(0.0f, 0.0f, 0.1f)}));
        QCOMPARE(rowsOf(grip), gripRows);
        QVERIFY(ed.removeSocket(0)); // head: every socket after it moves up one
        QCOMPARE(rowsOf(grip - 1), gripRows);
        // The moved socket's rows are its anchor x offset.
        const int moved = doc->findSocket(QStringLiteral("back_plate"));
        const QMatrix4x4 expected = doc->clip(6).matrix(3, 2, doc->boneCount()) * [] {
            QMatrix4x4 t;
            t.translate(0.0f, 0.2f, -0.2f);
            return t;
        }();
        const float *row = doc->clip(6).socketRows.constData() + (3 * doc->socketCount() + moved) * 12;
        for (int r = 0; r < 3; ++r)
            for (int c = 0; c < 4; ++c)
                QVERIFY(qAbs(row[r * 4 + c] - expected(r, c)) < 1e-5f);
    }
    // Every refusal reads "CODE: message" with a code of the catalogue (EditCodes), as the
    // validator's findings carry theirs; the Python module and `bpat edit` pass it on.
    void refusalsCarryStableCodes_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<EditFunction>("edit");
        using Edit = EditFunction;
        QTest::newRow("no clip") << EditCodes::EDIT_NO_SUCH_CLIP
                                 << Edit([](DocumentEditor &e, QString *w) { return e.setClipLoops(9, true, w); });
        QTest::newRow("no socket") << EditCodes::EDIT_NO_SUCH_SOCKET
                                   << Edit([](DocumentEditor &e, QString *w) { return e.removeSocket(9, w); });
        QTest::newRow("empty") << EditCodes::EDIT_EMPTY_NAME
                               << Edit([](DocumentEditor &e, QString *w) { return e.renameClip(0, QString(), w); });
        QTest::newRow("nul") << EditCodes::EDIT_NAME_HAS_NUL
                             << Edit([](DocumentEditor &e, QString *w) { return e.renameClip(0, QString(QChar(0)), w); });
        QTest::newRow("duplicate clip") << EditCodes::EDIT_DUPLICATE_CLIP_NAME << Edit([](DocumentEditor &e, QString *w) {
            return e.renameClip(0, QStringLiteral("jab"), w);
        });
        QTest::newRow("fps") << EditCodes::EDIT_BAD_FPS
                             << Edit([](DocumentEditor &e, QString *w) { return e.setClipFps(0, -1, w); });
        QTest::newRow("v1 markers") << EditCodes::EDIT_NO_MARKERS
                                    << Edit([](DocumentEditor &e, QString *w) { return e.setClipMarker(0, 0, 0.5f, w); });
        QTest::newRow("trim") << EditCodes::EDIT_BAD_FRAME_RANGE
                              << Edit([](DocumentEditor &e, QString *w) { return e.trimClip(0, 2, 1, w); });
        QTest::newRow("split") << EditCodes::EDIT_BAD_FRAME_RANGE
                               << Edit([](DocumentEditor &e, QString *w) { return e.splitClip(0, 0, QString(), w); });
        QTest::newRow("anchor") << EditCodes::EDIT_ANCHOR_OUT_OF_RANGE << Edit([](DocumentEditor &e, QString *w) {
            return e.addSocket(BpatSocket{QStringLiteral("tip"), 99, {}}, w);
        });
    }
    void refusalsCarryStableCodes()
    {
        QFETCH(QString, code);
        QFETCH(EditFunction, edit);
        BpatDocument doc = testdocs::smallDocument();
        const BpatDocument before = doc;
        DocumentEditor ed(doc);
        QString error;
        QVERIFY(!edit(ed, &error));
        QVERIFY2(error.startsWith(code + QStringLiteral(": ")), qPrintable(error));
        QCOMPARE(EditCodes::codeOf(error), code);
        QCOMPARE(doc.clipCount(), before.clipCount());
        QCOMPARE(doc.clip(0).name, before.clip(0).name);
        // The last clip, and another species' clips.
        QVERIFY(ed.removeClip(1));
        QVERIFY(!ed.removeClip(0, &error));
        QCOMPARE(EditCodes::codeOf(error), EditCodes::EDIT_LAST_CLIP);
        BpatDocument other(doc.speciesId() + 1, doc.boneCount());
        QCOMPARE(EditCodes::codeOf(DocumentEditor::rigMismatch(doc, other)), EditCodes::SPECIES_MISMATCH);
        QVERIFY(EditCodes::codeOf(QStringLiteral("NOT_A_CODE: x")).isEmpty());
        QVERIFY(EditCodes::codeOf(QStringLiteral("no code")).isEmpty());
    }
    void everyEditCodeIsDocumented()
    {
        QFile doc(QDir::cleanPath(QStringLiteral(BPAT_TEST_DATA_DIR "/../../docs/validation.md")));
        QVERIFY(doc.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(doc.readAll());
        const qsizetype section = text.indexOf(QStringLiteral("## Edit refusal codes"));
        QVERIFY(section >= 0);
        for (const EditCodeInfo &c : EditCodes::all())
            QVERIFY2(text.indexOf(QLatin1Char('`') + c.code + QLatin1Char('`'), section) > 0, qPrintable(c.code));
    }
    void saverRefusesInvalidAndKeepsTarget()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("x.bpat"));
        BpatDocument doc = testdocs::smallDocument();
        BpatSaver::Result r = BpatSaver::save(doc, path);
        QVERIFY2(r.saved, qPrintable(r.error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray before = f.readAll();
        f.close();
        doc.clip(1).name = doc.clip(0).name; // a duplicate name slipped past the editor
        r = BpatSaver::save(doc, path);
        QVERIFY(!r.saved);
        QVERIFY(!r.error.isEmpty());
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), before);
    }
};

QTEST_GUILESS_MAIN(tst_DocumentEditor)
#include "tst_DocumentEditor.moc"
