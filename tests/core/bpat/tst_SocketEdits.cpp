// Socket edits are linear in their count (issue 42, finding 6): each edit only notes where every
// socket's rows come from, and the rows are rebuilt once, when the clips are next read (250
// --add-socket took 0.8 s, 1,000 21 s, 3,000 over 120 s: every edit rebuilt every clip's rows).
// What the rows hold is the same as applying the edits one by one.
#include "TestDocuments.h"
#include "bpat/DocumentEditor.h"

#include <QRandomGenerator>
#include <QtTest/QTest>

using namespace bpat;

namespace {

// The rows of every clip, as the writer reads them.
QList<QList<float>> rowsOf(const BpatDocument &doc)
{
    QList<QList<float>> out;
    for (const BpatClip &c : doc.clips())
        out.append(c.socketRows);
    return out;
}

QStringList namesOf(const BpatDocument &doc)
{
    QStringList out;
    for (const BpatSocket &s : doc.sockets())
        out.append(s.name);
    return out;
}

} // namespace

class tst_SocketEdits : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void thousandsOfAddsRebuildTheRowsOnce()
    {
        BpatDocument doc = testdocs::smallDocument();
        const QList<QList<float>> before = rowsOf(doc);
        const quint64 passes = doc.socketRowPasses();
        DocumentEditor editor(doc);
        for (int i = 0; i < 3000; ++i) {
            QString error;
            QVERIFY2(editor.addSocket({QStringLiteral("s%1").arg(i), quint32(i % 3), QVector3D(0.01f * float(i), 0, 0)}, &error),
                     qPrintable(error));
        }
        QCOMPARE(doc.socketRowPasses(), passes); // nothing rebuilt yet
        QCOMPARE(doc.socketCount(), 3002);
        const QList<QList<float>> after = rowsOf(doc);
        QCOMPARE(doc.socketRowPasses(), passes + 1);
        // The two sockets there before keep their rows; the new ones are anchor x offset.
        for (qsizetype c = 0; c < after.size(); ++c) {
            const BpatClip &clip = doc.clip(int(c));
            QCOMPARE(after.at(c).size(), qsizetype(clip.frameCount) * 3002 * 12);
            for (quint32 f = 0; f < clip.frameCount; ++f) {
                for (int s = 0; s < 2; ++s)
                    for (int k = 0; k < 12; ++k)
                        QCOMPARE(after.at(c).at((qsizetype(f) * 3002 + s) * 12 + k),
                                 before.at(c).at((qsizetype(f) * 2 + s) * 12 + k));
            }
        }
        QCOMPARE(doc.socketRowsDeviation(), 0.0f);
        QVERIFY(doc.problems().isEmpty());
        QCOMPARE(doc.socketRowPasses(), passes + 1); // reading again costs nothing
    }

    void pendingEditsEqualEagerOnes()
    {
        // A random mix of socket and clip edits, applied to one document lazily and to another
        // with a read after every edit (each settled at once): the same sockets, the same rows.
        QRandomGenerator random(42);
        for (int round = 0; round < 20; ++round) {
            BpatDocument lazy = testdocs::smallDocument();
            // One socket's rows not from its anchor (as the game bakes its grip sockets): kept.
            lazy.clip(0).socketRows[5] = 7.0f;
            BpatDocument eager = lazy;
            int next = 0;
            for (int step = 0; step < 40; ++step) {
                const int op = int(random.bounded(7));
                const int count = lazy.socketCount();
                const int pick = count > 0 ? int(random.bounded(count)) : -1;
                const auto apply = [&](BpatDocument &doc) {
                    DocumentEditor e(doc);
                    switch (op) {
                    case 0:
                    case 1: return e.addSocket({QStringLiteral("n%1").arg(next), random.bounded(3u), QVector3D(0.1f, 0, 0)});
                    case 2: return pick >= 0 && e.removeSocket(pick);
                    case 3: return pick >= 0 && e.renameSocket(pick, QStringLiteral("r%1").arg(next));
                    case 4: return pick >= 0 && e.setSocketOffset(pick, QVector3D(0, 0.2f * float(step), 0));
                    case 5: return pick >= 0 && e.setSocketAnchor(pick, quint32(step % 3));
                    default: return e.duplicateClip(0) && e.trimClip(1, 0, 0);
                    }
                };
                const quint32 seed = random.generate();
                random.seed(seed);
                const bool a = apply(lazy);
                random.seed(seed);
                const bool b = apply(eager);
                QCOMPARE(a, b);
                rowsOf(eager); // settled now
                ++next;
            }
            QCOMPARE(namesOf(lazy), namesOf(eager));
            QCOMPARE(rowsOf(lazy), rowsOf(eager));
        }
    }
};

QTEST_GUILESS_MAIN(tst_SocketEdits)
#include "tst_SocketEdits.moc"
