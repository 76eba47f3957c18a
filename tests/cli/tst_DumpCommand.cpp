#include "bpat/BpatFile.h"
#include "bpat/BpatWriter.h"
#include "CliRunner.h"
#include "TestDocuments.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest/QTest>

class tst_DumpCommand : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_path;

private Q_SLOTS:
    void initTestCase()
    {
        m_path = m_dir.filePath(QStringLiteral("small.bpat"));
        QVERIFY(bpat::BpatWriter(testdocs::smallDocument()).save(m_path));
    }

    void jsonHoldsTheStoredFloats()
    {
        const testcli::Run r = testcli::bpat({QStringLiteral("dump"), m_path, QStringLiteral("--clip"), QStringLiteral("jab"),
                                              QStringLiteral("--frame"), QStringLiteral("1"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = r.json();
        // Sorted keys; a v1 file has no contact table, and its globals are the stored floats.
        QCOMPARE(
            j.keys(),
            (QStringList{QStringLiteral("clip"), QStringLiteral("clip_index"), QStringLiteral("frame"), QStringLiteral("global"),
                         QStringLiteral("global_frame"), QStringLiteral("palette"), QStringLiteral("sockets")}));
        QVERIFY(j.value(QStringLiteral("global")) == j.value(QStringLiteral("palette")));
        QCOMPARE(j.value(QStringLiteral("clip")).toString(), QStringLiteral("jab"));
        QCOMPARE(j.value(QStringLiteral("clip_index")).toInt(), 1);
        QCOMPARE(j.value(QStringLiteral("frame")).toInt(), 1);
        QCOMPARE(j.value(QStringLiteral("global_frame")).toInt(), 5);
        const auto file = bpat::BpatFile::open(m_path);
        QVERIFY(file);
        const QJsonArray palette = j.value(QStringLiteral("palette")).toArray();
        QCOMPARE(palette.size(), 3);
        for (int b = 0; b < 3; ++b) {
            const auto m = *file->matrixFloats(5, quint32(b));
            const QJsonArray row = palette.at(b).toArray();
            QCOMPARE(row.size(), 16);
            for (int k = 0; k < 16; ++k)
                QCOMPARE(float(row.at(k).toDouble()), m[k]);
        }
        const QJsonArray sockets = j.value(QStringLiteral("sockets")).toArray();
        QCOMPARE(sockets.size(), 2);
        const auto rows = *file->socketRow(5, 1);
        for (int k = 0; k < 12; ++k)
            QCOMPARE(float(sockets.at(1).toArray().at(k).toDouble()), rows[k]);
    }

    void csvAndText()
    {
        testcli::Run r = testcli::bpat({QStringLiteral("dump"), m_path, QStringLiteral("--clip"), QStringLiteral("0"),
                                        QStringLiteral("--frame"), QStringLiteral("3"), QStringLiteral("--csv")});
        QCOMPARE(r.exitCode, 0);
        const QStringList lines = r.outText().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 1 + 3 + 2);
        QVERIFY(lines.at(0).startsWith(QStringLiteral("kind,index,name,f0,")));
        QCOMPARE(lines.at(1).split(QLatin1Char(',')).size(), 19);
        QVERIFY(lines.at(4).startsWith(QStringLiteral("socket,0,hand,")));
        QCOMPARE(lines.at(4).split(QLatin1Char(',')).size(), 19);
        const auto file = bpat::BpatFile::open(m_path);
        QCOMPARE(lines.at(1).split(QLatin1Char(',')).at(3 + 3).toFloat(), (*file->matrixFloats(3, 0))[3]);

        r = testcli::bpat({QStringLiteral("dump"), m_path, QStringLiteral("--clip"), QStringLiteral("idle"),
                           QStringLiteral("--frame"), QStringLiteral("0")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.outText().contains(QStringLiteral("clip 0 'idle', frame 0 (global frame 0)")));
    }

    void errors()
    {
        auto dump = [&](const QStringList &extra) { return testcli::bpat(QStringList{QStringLiteral("dump"), m_path} + extra); };
        QCOMPARE(dump({QStringLiteral("--clip"), QStringLiteral("jab")}).exitCode, 2); // no --frame
        QCOMPARE(dump({QStringLiteral("--frame"), QStringLiteral("0")}).exitCode, 2);  // no --clip
        QCOMPARE(
            dump({QStringLiteral("--clip"), QStringLiteral("jab"), QStringLiteral("--frame"), QStringLiteral("-1")}).exitCode, 2);
        QCOMPARE(dump({QStringLiteral("--clip"), QStringLiteral("jab"), QStringLiteral("--frame"), QStringLiteral("0"),
                       QStringLiteral("--json"), QStringLiteral("--csv")})
                     .exitCode,
                 2);
        testcli::Run r = dump({QStringLiteral("--clip"), QStringLiteral("walk"), QStringLiteral("--frame"), QStringLiteral("0")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.errText().contains(QStringLiteral("no clip")));
        QVERIFY(r.out.isEmpty());
        r = dump({QStringLiteral("--clip"), QStringLiteral("jab"), QStringLiteral("--frame"), QStringLiteral("2")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.errText().contains(QStringLiteral("has 2 frames")));
        // A truncated file: the matrix is not inside it.
        QFile f(m_path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray cut = f.readAll().left(500);
        const QString cutPath = m_dir.filePath(QStringLiteral("cut.bpat"));
        QFile c(cutPath);
        QVERIFY(c.open(QIODevice::WriteOnly));
        c.write(cut);
        c.close();
        r = testcli::bpat({QStringLiteral("dump"), cutPath, QStringLiteral("--clip"), QStringLiteral("jab"),
                           QStringLiteral("--frame"), QStringLiteral("1")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.errText().contains(QStringLiteral("not inside the file")));
        QCOMPARE(testcli::bpat({QStringLiteral("dump"), QStringLiteral("--help")}).exitCode, 0);
        QCOMPARE(testcli::bpat({QStringLiteral("dump"), QStringLiteral("--version")}).exitCode, 0);
    }
};

QTEST_GUILESS_MAIN(tst_DumpCommand)
#include "tst_DumpCommand.moc"
