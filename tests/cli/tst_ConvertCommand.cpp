// `bpat convert`, `bpat edit --set-marker/--clear-marker`, `--format-version` on rebake inputs
// and `bpat dump --json`'s global matrices and contacts, over the real files of every version.
#include "bpat/BpatFile.h"
#include "bpat/GameReader.h"
#include "CliRunner.h"
#include "TestDocuments.h"
#include "TestPaths.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest/QTest>
#include <cmath>

using namespace bpat;
using format::Dialect;

namespace {
QString asset(const char *set, const char *name)
{
    return testpaths::shared(QStringLiteral("upstream_assets/%1/%2.bpat").arg(QLatin1String(set), QLatin1String(name)));
}
} // namespace

class tst_ConvertCommand : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void convertEveryWay()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_v3_late/horse.bpat"));
        QTemporaryDir dir;
        const struct
        {
            const char *to;
            Dialect dialect;
        } targets[] = {{"1", Dialect::V1}, {"2", Dialect::V2}, {"v3-early", Dialect::V3Early}, {"3", Dialect::V3Late}};
        for (const char *set : {"bpat_v1_latest", "bpat_v2", "bpat_v3_early", "bpat_v3_late"}) {
            const auto source = BpatFile::open(asset(set, "horse"));
            QVERIFY(source);
            for (const auto &t : targets) {
                const QString out = dir.filePath(QStringLiteral("%1-%2.bpat").arg(QLatin1String(set), QLatin1String(t.to)));
                const testcli::Run r = testcli::bpat({QStringLiteral("convert"), asset(set, "horse"), QStringLiteral("-o"), out,
                                                      QStringLiteral("--to-version"), QLatin1String(t.to)});
                QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
                const auto written = BpatFile::open(out);
                QVERIFY(written);
                QCOMPARE(written->dialect(), t.dialect);
                QVERIFY(GameReader(t.dialect).read(*written).loads);
                // Globals survive within 1e-5.
                for (quint32 f = 0; f < source->header().frameTotal; f += 7) {
                    for (quint32 b = 0; b < source->header().boneCount; ++b) {
                        const auto x = *source->globalMatrixFloats(f, b);
                        const auto y = *written->globalMatrixFloats(f, b);
                        for (int k = 0; k < 16; ++k)
                            QVERIFY(std::abs(x[k] - y[k]) <= 1e-5f);
                    }
                }
                // Going down from v2/v3 to v1 drops the markers, with a warning.
                if (QLatin1String(set) != QLatin1String("bpat_v1_latest") && t.dialect == Dialect::V1)
                    QVERIFY(r.errText().contains(QStringLiteral("warning: dropped the markers")));
            }
        }
    }

    void convertOptions()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat"));
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("walk-bind.bpat"));
        testcli::Run r = testcli::bpat({QStringLiteral("convert"), asset("bpat_v1_latest", "humanoid"), QStringLiteral("-o"), out,
                                        QStringLiteral("--to-version"), QStringLiteral("3"), QStringLiteral("--bind-clip"),
                                        QStringLiteral("walk"), QStringLiteral("--bind-frame"), QStringLiteral("3")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        const auto file = BpatFile::open(out);
        const auto v1 = BpatFile::open(asset("bpat_v1_latest", "humanoid"));
        QVERIFY(file && v1);
        // The bind palette is walk frame 3, so that frame's skinning matrices are identities.
        const int walk = v1->findClip(QStringLiteral("walk"));
        const quint32 g = *file->globalFrame(walk, 3);
        for (quint32 b = 0; b < 20; ++b) {
            const QMatrix4x4 skin = file->storedMatrix(g, b);
            const QMatrix4x4 identity;
            for (int k = 0; k < 16; ++k)
                QVERIFY(std::abs(skin.constData()[k] - identity.constData()[k]) < 1e-5f);
            const QMatrix4x4 bind = file->bindMatrix(b);
            const QMatrix4x4 global = v1->matrixAtGlobalFrame(g, b);
            for (int k = 0; k < 16; ++k)
                QVERIFY(std::abs(bind.constData()[k] - global.constData()[k]) < 1e-6f);
        }
        // --bind-from another file's bind palette.
        const QString out2 = dir.filePath(QStringLiteral("bind-from.bpat"));
        r = testcli::bpat({QStringLiteral("convert"), asset("bpat_v1_latest", "humanoid"), QStringLiteral("-o"), out2,
                           QStringLiteral("--to-version"), QStringLiteral("3"), QStringLiteral("--bind-from"),
                           asset("bpat_v3_late", "humanoid")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        const auto late = BpatFile::open(asset("bpat_v3_late", "humanoid"));
        const auto converted = BpatFile::open(out2);
        QVERIFY(converted->bytes().sliced(qsizetype(late->v3Extension().bindPaletteOffset))
                == late->bytes().sliced(qsizetype(late->v3Extension().bindPaletteOffset)));
        // Usage errors.
        r = testcli::bpat({QStringLiteral("convert"), asset("bpat_v1_latest", "humanoid"), QStringLiteral("-o"), out2,
                           QStringLiteral("--to-version"), QStringLiteral("4")});
        QCOMPARE(r.exitCode, 2);
        r = testcli::bpat({QStringLiteral("convert"), asset("bpat_v1_latest", "humanoid"), QStringLiteral("-o"), out2,
                           QStringLiteral("--to-version"), QStringLiteral("3"), QStringLiteral("--bind-clip"),
                           QStringLiteral("nope")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.errText().contains(QStringLiteral("nope")));
        // Not over the input unless asked.
        r = testcli::bpat(
            {QStringLiteral("convert"), out2, QStringLiteral("-o"), out2, QStringLiteral("--to-version"), QStringLiteral("1")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.errText().contains(QStringLiteral("is the input")));
        r = testcli::bpat({QStringLiteral("convert"), out2, QStringLiteral("-o"), out2, QStringLiteral("--to-version"),
                           QStringLiteral("1"), QStringLiteral("--overwrite-input")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(BpatFile::open(out2)->dialect(), Dialect::V1);
    }

    void markersFromTheCommandLine()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_v3_late/humanoid.bpat"));
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("marked.bpat"));
        testcli::Run r = testcli::bpat({QStringLiteral("edit"), asset("bpat_v3_late", "humanoid"), QStringLiteral("-o"), out,
                                        QStringLiteral("--set-marker"), QStringLiteral("walk:contact=0.25"),
                                        QStringLiteral("--clear-marker"), QStringLiteral("attack_sword_a:exit_safe")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        r = testcli::bpat({QStringLiteral("info"), out, QStringLiteral("--json")});
        const QJsonArray clips = r.json().value(QStringLiteral("clips")).toArray();
        QCOMPARE(clips.at(1).toObject().value(QStringLiteral("markers")).toObject().value(QStringLiteral("contact")).toDouble(),
                 0.25);
        QCOMPARE(clips.at(4).toObject().value(QStringLiteral("markers")).toObject().value(QStringLiteral("exit_safe")).toDouble(),
                 -1.0);
        QCOMPARE(r.json().value(QStringLiteral("dialect")).toString(), QStringLiteral("v3-late"));
        // Only the two marker floats changed.
        const auto before = BpatFile::open(asset("bpat_v3_late", "humanoid"));
        const auto after = BpatFile::open(out);
        int differing = 0;
        for (qsizetype i = 0; i < before->bytes().size(); ++i)
            differing += before->bytes().at(i) != after->bytes().at(i) ? 1 : 0;
        QVERIFY(differing > 0 && differing <= 8);
        r = testcli::bpat({QStringLiteral("edit"), asset("bpat_v3_late", "humanoid"), QStringLiteral("-o"), out,
                           QStringLiteral("--set-marker"), QStringLiteral("walk:nope=0.5")});
        QCOMPARE(r.exitCode, 1);
        r = testcli::bpat({QStringLiteral("edit"), asset("bpat_v1_latest", "humanoid"), QStringLiteral("-o"), out,
                           QStringLiteral("--set-marker"), QStringLiteral("walk:contact=0.5")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.errText().contains(QStringLiteral("v1")));
    }

    // Markers set out of the order the game's markers keep are written, with a warning on stderr
    // naming the clip and what breaks the order; an edit that keeps the order says nothing.
    void markersOutOfOrderAreWrittenWithAWarning()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_v3_late/humanoid.bpat"));
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("marked.bpat"));
        testcli::Run r = testcli::bpat({QStringLiteral("edit"), asset("bpat_v3_late", "humanoid"), QStringLiteral("-o"), out,
                                        QStringLiteral("--set-marker"), QStringLiteral("attack_sword_a:contact=0.3")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        QVERIFY2(r.errText().contains(
                     QStringLiteral("warning: clip 'attack_sword_a': contact (0.3) comes before weapon_release (0.42); "
                                    "the game expects 0 <= anticipation_start < weapon_release <= contact")),
                 qPrintable(r.errText()));
        QCOMPARE(BpatFile::open(out)->clips().at(4).markers[2], 0.3f);
        // Through another order on the way to a good one: judged at the end, no warning.
        r = testcli::bpat({QStringLiteral("edit"), asset("bpat_v3_late", "humanoid"), QStringLiteral("-o"), out,
                           QStringLiteral("--set-marker"), QStringLiteral("attack_sword_a:contact=0.3"),
                           QStringLiteral("--set-marker"), QStringLiteral("attack_sword_a:weapon_release=0.2")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        QVERIFY2(!r.errText().contains(QStringLiteral("warning")), qPrintable(r.errText()));
    }

    void dumpGivesGlobalsAndContacts()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_v3_late/horse.bpat"));
        const testcli::Run late =
            testcli::bpat({QStringLiteral("dump"), asset("bpat_v3_late", "horse"), QStringLiteral("--clip"),
                           QStringLiteral("trot"), QStringLiteral("--frame"), QStringLiteral("5"), QStringLiteral("--json")});
        const testcli::Run v1 =
            testcli::bpat({QStringLiteral("dump"), asset("bpat_v1_latest", "horse"), QStringLiteral("--clip"),
                           QStringLiteral("trot"), QStringLiteral("--frame"), QStringLiteral("5"), QStringLiteral("--json")});
        QCOMPARE(late.exitCode, 0);
        const QJsonArray global = late.json().value(QStringLiteral("global")).toArray();
        const QJsonArray palette = late.json().value(QStringLiteral("palette")).toArray();
        const QJsonArray reference = v1.json().value(QStringLiteral("palette")).toArray();
        QCOMPARE(global.size(), 16);
        bool storedDiffers = false;
        for (int b = 0; b < 16; ++b) {
            for (int k = 0; k < 16; ++k) {
                QVERIFY(std::abs(global.at(b).toArray().at(k).toDouble() - reference.at(b).toArray().at(k).toDouble()) < 1e-5);
                storedDiffers |= palette.at(b).toArray().at(k).toDouble() != reference.at(b).toArray().at(k).toDouble();
            }
        }
        QVERIFY(storedDiffers); // the stored floats are skinning matrices, column-major
        const QJsonObject contact = late.json().value(QStringLiteral("contact")).toObject();
        QVERIFY(contact.contains(QStringLiteral("sole_y")) && contact.contains(QStringLiteral("foot_y")));
        QVERIFY(!v1.json().contains(QStringLiteral("contact")));
        QVERIFY(v1.json().value(QStringLiteral("global")) == v1.json().value(QStringLiteral("palette")));
    }

    void bakeWritesLateV3()
    {
        QTemporaryDir dir;
        const testcli::Run r = testcli::bpat(
            {QStringLiteral("bake"), dir.path(), QStringLiteral("--format-version"), QStringLiteral("3"), QStringLiteral("-q")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        const auto horse = BpatFile::open(dir.filePath(QStringLiteral("horse.bpat")));
        QVERIFY(horse);
        QCOMPARE(horse->dialect(), Dialect::V3Late);
        QVERIFY(GameReader(Dialect::V3Late).read(*horse).loads);
        QVERIFY(horse->contactTableInBounds());
        const testcli::Run v = testcli::bpat({QStringLiteral("validate"), QStringLiteral("--deep"), dir.path()});
        QVERIFY2(v.exitCode == 0, qPrintable(v.outText() + v.errText()));
    }

    void mergeKeepsTheFirstVersion()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_v3_late/horse.bpat"));
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("merged.bpat"));
        testcli::Run r = testcli::bpat({QStringLiteral("merge"), asset("bpat_v3_late", "horse"), asset("bpat_v1_latest", "horse"),
                                        QStringLiteral("-o"), out, QStringLiteral("--rename-on-conflict")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        auto merged = BpatFile::open(out);
        QCOMPARE(merged->dialect(), Dialect::V3Late);
        QCOMPARE(merged->clips().size(), 12);
        QVERIFY(merged->contactTableInBounds());
        r = testcli::bpat({QStringLiteral("merge"), asset("bpat_v3_late", "horse"), asset("bpat_v1_latest", "horse"),
                           QStringLiteral("-o"), out, QStringLiteral("--rename-on-conflict"), QStringLiteral("--format-version"),
                           QStringLiteral("2")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        merged = BpatFile::open(out);
        QCOMPARE(merged->dialect(), Dialect::V2);
        QVERIFY(GameReader(Dialect::V2).read(*merged).loads);
    }
};

QTEST_GUILESS_MAIN(tst_ConvertCommand)
#include "tst_ConvertCommand.moc"
