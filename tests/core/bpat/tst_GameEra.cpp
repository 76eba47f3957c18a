// The game profile means the current game (its reader at 4c0caf75: late v3 only, today's rigs),
// or the era --game-era names: on the game's own files of every version and on today's set.
#include "bpat/BpatFile.h"
#include "bpat/GameEra.h"
#include "bpat/Validator.h"
#include "TestPaths.h"

#include <QtTest/QTest>

using namespace bpat;

namespace {

ValidationResult validate(const QString &relative, GameEra era, bool deep = false)
{
    ValidationOptions options = ValidationOptions::make(ValidationProfile::Game, deep);
    options.gameEra = era;
    return Validator(options).validatePath(testpaths::shared(relative));
}

const Diagnostic *firstError(const ValidationResult &r)
{
    for (const Diagnostic &d : r.issues) {
        if (d.severity == Severity::Error)
            return &d;
    }
    return nullptr;
}

QString describe(const ValidationResult &r)
{
    QStringList lines;
    for (const Diagnostic &d : r.issues)
        lines << QStringLiteral("%1 %2 %3").arg(severityName(d.severity), d.code, d.message);
    return lines.join(QLatin1Char('\n'));
}

} // namespace

class tst_GameEra : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void names()
    {
        QCOMPARE(
            gameEra::names(),
            (QStringList{QStringLiteral("v1"), QStringLiteral("v2"), QStringLiteral("v3-early"), QStringLiteral("current")}));
        for (const QString &name : gameEra::names())
            QCOMPARE(gameEra::name(*gameEra::fromName(name)), name);
        QCOMPARE(*gameEra::fromName(QStringLiteral("v3-late")), GameEra::Current);
        QVERIFY(!gameEra::fromName(QStringLiteral("v4")));
        QCOMPARE(gameEra::readerDialect(GameEra::Current), format::Dialect::V3Late);
        QCOMPARE(gameEra::ofDialect(format::Dialect::V3Early), GameEra::V3Early);
        QCOMPARE(ValidationOptions().gameEra, GameEra::Current); // the default is today's game
        QVERIFY(gameEra::currentGameNote(format::Dialect::V3Late).isEmpty());
        QVERIFY(gameEra::currentGameNote(format::Dialect::V1).contains(QStringLiteral("bpat convert --to-version 3")));
    }

    void currentGameRefusesOlderVersions_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("ownEra");
        QTest::newRow("v1") << "upstream_assets/bpat_v1_latest/horse.bpat" << codes::GAME_VERSION_REFUSED << "v1";
        QTest::newRow("v2") << "upstream_assets/bpat_v2/horse.bpat" << codes::GAME_VERSION_REFUSED << "v2";
        QTest::newRow("v3-early") << "upstream_assets/bpat_v3_early/horse.bpat" << codes::GAME_DIALECT_MISREAD << "v3-early";
    }

    void currentGameRefusesOlderVersions()
    {
        // `bpat validate --profile game` used to say a v1 file had no issues: the current game's
        // reader refuses it. The error comes first and names the fix.
        QFETCH(QString, file);
        QFETCH(QString, code);
        QFETCH(QString, ownEra);
        BPAT_REQUIRE_SHARED(file);
        const ValidationResult current = validate(file, GameEra::Current);
        QVERIFY(!current.valid());
        QCOMPARE(current.counts.errors, 1);
        const Diagnostic *error = firstError(current);
        QCOMPARE(error->code, code);
        QVERIFY2(error->message.contains(QStringLiteral("bpat convert --to-version 3")), qPrintable(error->message));
        QVERIFY2(error->message.contains(QStringLiteral("current game")), qPrintable(error->message));
        // The 16-bone horse is not today's 50-bone rig either.
        QVERIFY(std::any_of(current.issues.cbegin(), current.issues.cend(),
                            [](const Diagnostic &d) { return d.code == codes::RIG_BONE_COUNT_MISMATCH; }));
        // Judged as the game it was made for, it loads; the only warning is that the 16-bone
        // horse was no longer that game's rig after v2 (bpat_v3_early holds the v1 creatures).
        const ValidationResult own = validate(file, *gameEra::fromName(ownEra), true);
        QVERIFY2(own.valid(), qPrintable(describe(own)));
        for (const Diagnostic &d : own.issues)
            QVERIFY2(d.severity != Severity::Warning || (d.code == codes::RIG_BONE_COUNT_MISMATCH && ownEra == u"v3-early"),
                     qPrintable(describe(own)));
    }

    void currentGameLoadsTodaysFiles_data()
    {
        QTest::addColumn<QString>("file");
        for (const char *name : {"humanoid", "humanoid_skeleton", "horse", "elephant", "sheep", "wolf"})
            QTest::newRow(name) << QStringLiteral("upstream_assets/bpat_current/%1.bpat").arg(QLatin1String(name));
    }

    void currentGameLoadsTodaysFiles()
    {
        QFETCH(QString, file);
        BPAT_REQUIRE_SHARED(file);
        const ValidationResult r = validate(file, GameEra::Current);
        QVERIFY2(r.valid() && r.counts.warnings == 0, qPrintable(describe(r)));
    }

    void olderErasRefuseNewerFiles()
    {
        const QString late = QStringLiteral("upstream_assets/bpat_v3_late/humanoid.bpat");
        BPAT_REQUIRE_SHARED(late);
        // The late-v3 writer's humanoid loads in the current game; the v1 and v2 readers refuse
        // it, the early-v3 reader reads its skinning matrices as globals.
        QVERIFY(validate(late, GameEra::Current).valid());
        const ValidationResult v1 = validate(late, GameEra::V1);
        QCOMPARE(firstError(v1)->code, codes::GAME_VERSION_REFUSED);
        QVERIFY2(firstError(v1)->message.contains(QStringLiteral("--to-version 1")), qPrintable(firstError(v1)->message));
        QCOMPARE(firstError(validate(late, GameEra::V2))->code, codes::GAME_VERSION_REFUSED);
        const ValidationResult early = validate(late, GameEra::V3Early);
        QCOMPARE(firstError(early)->code, codes::GAME_DIALECT_MISREAD);
        QVERIFY(firstError(early)->message.contains(QStringLiteral("--to-version v3-early")));
    }

    void rigsFollowTheEra()
    {
        // Today's 50-bone horse: the current game's rig, and the v2 era's after 18c572f2; never
        // a v1-era rig.
        const QString horse = QStringLiteral("upstream_assets/bpat_current/horse.bpat");
        BPAT_REQUIRE_SHARED(horse);
        const auto rigWarning = [](const ValidationResult &r) {
            return std::any_of(r.issues.cbegin(), r.issues.cend(),
                               [](const Diagnostic &d) { return d.code == codes::RIG_BONE_COUNT_MISMATCH; });
        };
        QVERIFY(!rigWarning(validate(horse, GameEra::Current)));
        QVERIFY(!rigWarning(validate(horse, GameEra::V2)));
        QVERIFY(rigWarning(validate(horse, GameEra::V1)));
    }

    void specProfileIgnoresTheEra()
    {
        const QString file = QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat");
        BPAT_REQUIRE_SHARED(file);
        for (GameEra era : {GameEra::Current, GameEra::V1}) {
            ValidationOptions options = ValidationOptions::make(ValidationProfile::Spec);
            options.gameEra = era;
            const ValidationResult r = Validator(options).validatePath(testpaths::shared(file));
            QVERIFY2(r.issues.isEmpty(), qPrintable(describe(r)));
        }
    }
};

QTEST_GUILESS_MAIN(tst_GameEra)
#include "tst_GameEra.moc"
