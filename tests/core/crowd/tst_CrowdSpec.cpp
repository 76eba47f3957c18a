// Crowd specifications (CrowdSpec) and their placement (FormationLayout): a mixed army parses
// with relative paths, defaults and every option; bad input names its JSON path and leaves only
// the broken species out (a missing file, a wrong type, an unknown formation); a count of ten
// million is clamped with the reason; placements follow the formation, the clip weights and the
// phase rule, and the same specification always gives the same crowd.
#include "crowd/CrowdSpec.h"
#include "crowd/FormationLayout.h"
#include "TestPaths.h"

#include <QDir>
#include <QFile>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QtMath>

using namespace bpat;

namespace {

QString codesOf(const Diagnostics &diagnostics)
{
    QStringList out;
    for (const Diagnostic &d : diagnostics)
        out << QStringLiteral("%1 %2: %3").arg(d.code, d.location.toString(), d.message);
    return out.join(u'\n');
}

const Diagnostic *find(const Diagnostics &diagnostics, const QString &path)
{
    for (const Diagnostic &d : diagnostics) {
        if (d.location.toString() == path)
            return &d;
    }
    return nullptr;
}

} // namespace

class tst_CrowdSpec : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    QString touch(const QString &name)
    {
        QFile f(m_dir.filePath(name));
        f.open(QIODevice::WriteOnly);
        f.write("x");
        return f.fileName();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        touch(u"humanoid.bpat"_qs);
        touch(u"horse.bpat"_qs);
        touch(u"horse_full.bprm"_qs);
    }

    void mixedArmyParses()
    {
        const QByteArray json = R"({"species": [
            {"file": "humanoid.bpat", "count": 2000, "clips": ["walk", {"name": "attack_sword_a", "weight": 0.5}],
             "formation": {"type": "ranks", "center": [0, 10], "facing": 90, "columns": 50, "spacing": [1.2, 1.6]},
             "phase": "in-step", "seed": 7},
            {"file": "horse.bpat", "count": 300, "body": "horse_full.bprm",
             "formation": {"type": "random", "size": [60, 20]}, "phase": 0.25},
            {"file": "humanoid.bpat", "count": 5, "body": "stand-in"}]})";
        Diagnostics diagnostics;
        const std::optional<CrowdSpec> spec = CrowdSpec::parse(json, m_dir.path(), &diagnostics);
        QVERIFY(spec);
        QVERIFY2(diagnostics.isEmpty(), qPrintable(codesOf(diagnostics)));
        QCOMPARE(spec->species.size(), 3);
        QCOMPARE(spec->totalCount(), 2305);
        const CrowdSpeciesSpec &men = spec->species.at(0);
        QCOMPARE(men.file, m_dir.filePath(u"humanoid.bpat"_qs));
        QCOMPARE(men.jsonPath, u"species[0]"_qs);
        QCOMPARE(men.count, 2000);
        QCOMPARE(men.body, u"full"_qs);
        QCOMPARE(men.clips.size(), 2);
        QCOMPARE(men.clips.at(1).name, u"attack_sword_a"_qs);
        QCOMPARE(men.clips.at(1).weight, 0.5);
        QCOMPARE(men.formation.type, CrowdFormation::Type::Ranks);
        QCOMPARE(men.formation.center, QPointF(0, 10));
        QCOMPARE(men.formation.facingDegrees, 90.0);
        QCOMPARE(*men.formation.columns, 50);
        QCOMPARE(*men.formation.across, 1.2);
        QCOMPARE(*men.formation.between, 1.6);
        QCOMPARE(men.phase, CrowdSpeciesSpec::Phase::InStep);
        QCOMPARE(men.seed, 7u);
        const CrowdSpeciesSpec &horses = spec->species.at(1);
        QCOMPARE(horses.body, m_dir.filePath(u"horse_full.bprm"_qs));
        QCOMPARE(horses.formation.type, CrowdFormation::Type::Random);
        QCOMPARE(horses.formation.size->width(), 60.0);
        QCOMPARE(horses.phase, CrowdSpeciesSpec::Phase::Fixed);
        QCOMPARE(horses.phaseOffset, 0.25);
        QCOMPARE(horses.seed, 1u); // its index
        QCOMPARE(spec->species.at(2).body, u"stand-in"_qs);
        QCOMPARE(spec->species.at(2).formation.type, CrowdFormation::Type::Grid);

        // Written back and read again: the same crowd.
        Diagnostics again;
        const std::optional<CrowdSpec> round = CrowdSpec::parse(spec->toJson(m_dir.path()), m_dir.path(), &again);
        QVERIFY(round && again.isEmpty());
        QCOMPARE(round->species.size(), 3);
        QCOMPARE(round->species.at(0).formation.columns, men.formation.columns);
        QCOMPARE(round->species.at(1).body, horses.body);
        QCOMPARE(round->species.at(1).phaseOffset, 0.25);
        QVERIFY(!spec->toJson(m_dir.path()).contains(m_dir.path().toUtf8())); // relative paths
    }

    void badInputNamesItsPath_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("words");
        QTest::newRow("missing file") << QByteArray(R"({"species": [{"file": "elephant.bpat", "count": 3}]})")
                                      << u"species[0].file"_qs << u"CROWD_MISSING_FILE"_qs << u"no such file"_qs;
        QTest::newRow("missing body file") << QByteArray(
            R"({"species": [{"file": "horse.bpat", "count": 3, "body": "pony.bprm"}]})")
                                           << u"species[0].body"_qs << u"CROWD_MISSING_FILE"_qs << u"no such body file"_qs;
        QTest::newRow("count not a number") << QByteArray(R"({"species": [{"file": "horse.bpat", "count": "many"}]})")
                                            << u"species[0].count"_qs << u"CROWD_BAD_VALUE"_qs << u"whole number"_qs;
        QTest::newRow("count not whole") << QByteArray(R"({"species": [{"file": "horse.bpat", "count": 2.5}]})")
                                         << u"species[0].count"_qs << u"CROWD_BAD_VALUE"_qs << u"whole number"_qs;
        QTest::newRow("no count") << QByteArray(R"({"species": [{"file": "horse.bpat"}]})") << u"species[0].count"_qs
                                  << u"CROWD_BAD_VALUE"_qs << u"whole number"_qs;
        QTest::newRow("formation type") << QByteArray(
            R"({"species": [{"file": "horse.bpat", "count": 3, "formation": {"type": "wedge"}}]})")
                                        << u"species[0].formation.type"_qs << u"CROWD_BAD_VALUE"_qs
                                        << u"grid, ranks or random"_qs;
        QTest::newRow("spacing") << QByteArray(
            R"({"species": [{"file": "horse.bpat", "count": 3, "formation": {"spacing": [1, -1]}}]})")
                                 << u"species[0].formation.spacing[1]"_qs << u"CROWD_BAD_VALUE"_qs << u"> 0"_qs;
        QTest::newRow("clip weight") << QByteArray(
            R"({"species": [{"file": "horse.bpat", "count": 3, "clips": [{"name": "walk", "weight": 0}]}]})")
                                     << u"species[0].clips[0].weight"_qs << u"CROWD_BAD_VALUE"_qs << u"weight > 0"_qs;
        QTest::newRow("phase") << QByteArray(R"({"species": [{"file": "horse.bpat", "count": 3, "phase": 1.5}]})")
                               << u"species[0].phase"_qs << u"CROWD_BAD_VALUE"_qs << u"in-step"_qs;
        QTest::newRow("not an object") << QByteArray(R"({"species": [7]})") << u"species[0]"_qs << u"CROWD_BAD_VALUE"_qs
                                       << u"a species object"_qs;
        QTest::newRow("no species") << QByteArray(R"({"army": []})") << u"species"_qs << u"CROWD_BAD_JSON"_qs
                                    << u"non-empty array"_qs;
        QTest::newRow("not JSON") << QByteArray("{\"species\": [") << u"$"_qs << u"CROWD_BAD_JSON"_qs << u"not valid JSON"_qs;
    }
    void badInputNamesItsPath()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, path);
        QFETCH(QString, code);
        QFETCH(QString, words);
        Diagnostics diagnostics;
        const std::optional<CrowdSpec> spec = CrowdSpec::parse(json, m_dir.path(), &diagnostics);
        const Diagnostic *d = find(diagnostics, path);
        QVERIFY2(d, qPrintable(codesOf(diagnostics)));
        QCOMPARE(d->code, code);
        QCOMPARE(d->severity, Severity::Error);
        QVERIFY2((path == u"$"_qs || d->message.startsWith(path + u": "_qs)) && d->message.contains(words),
                 qPrintable(d->message));
        QVERIFY(!spec || spec->species.isEmpty()); // the broken species is left out
    }

    // One broken species does not take the others with it; unknown keys are warnings.
    void brokenSpeciesIsLeftOut()
    {
        const QByteArray json = R"({"species": [
            {"file": "humanoid.bpat", "count": 10, "colour": "red"},
            {"file": "ghost.bpat", "count": 10},
            {"file": "horse.bpat", "count": 4}], "camera": {}})";
        Diagnostics diagnostics;
        const std::optional<CrowdSpec> spec = CrowdSpec::parse(json, m_dir.path(), &diagnostics);
        QVERIFY(spec);
        QCOMPARE(spec->species.size(), 2);
        QCOMPARE(spec->species.at(1).jsonPath, u"species[2]"_qs);
        QCOMPARE(find(diagnostics, u"species[0].colour"_qs)->severity, Severity::Warning);
        QCOMPARE(find(diagnostics, u"camera"_qs)->code, u"CROWD_UNKNOWN_KEY"_qs);
        QCOMPARE(find(diagnostics, u"species[1].file"_qs)->code, u"CROWD_MISSING_FILE"_qs);
    }

    // Ten million: clamped to what the viewport draws, every species in proportion and with the
    // reason, never allocated.
    void tenMillionIsClamped()
    {
        const QByteArray json = R"({"species": [{"file": "humanoid.bpat", "count": 10000000},
                                                {"file": "horse.bpat", "count": 100000}]})";
        Diagnostics diagnostics;
        const std::optional<CrowdSpec> spec = CrowdSpec::parse(json, m_dir.path(), &diagnostics);
        QVERIFY(spec);
        QCOMPARE(spec->species.size(), 2); // the horses stay
        QCOMPARE(spec->species.at(0).requestedCount, 10000000);
        QVERIFY(spec->totalCount() <= CrowdSpec::kMaxInstances && spec->totalCount() > CrowdSpec::kMaxInstances - 10);
        QVERIFY(spec->species.at(1).count > 2000 && spec->species.at(1).count < 2500); // a hundredth of the crowd
        const Diagnostic *d = find(diagnostics, u"species[0].count"_qs);
        QVERIFY(d);
        QCOMPARE(d->code, u"CROWD_CLAMPED"_qs);
        QCOMPARE(d->severity, Severity::Warning);
        QVERIFY2(d->message.contains(u"10,000,000 instances asked for, 247,522 drawn: the viewport draws at most 250,000"_qs),
                 qPrintable(d->message));
        QVERIFY(find(diagnostics, u"species[1].count"_qs));
        // Within the limit: nothing said.
        diagnostics.clear();
        QVERIFY(CrowdSpec::parse(R"({"species": [{"file": "horse.bpat", "count": 250000}]})", m_dir.path(), &diagnostics));
        QVERIFY(diagnostics.isEmpty());
    }

    void readFileRefusesWhatIsNoFile()
    {
        Diagnostics diagnostics;
        QVERIFY(!CrowdSpec::readFile(m_dir.path(), &diagnostics)); // a directory
        QCOMPARE(diagnostics.size(), 1);
        QCOMPARE(diagnostics.first().code, u"CROWD_UNREADABLE"_qs);
        QVERIFY(!CrowdSpec::readFile(m_dir.filePath(u"none.json"_qs), &diagnostics));
        QFile spec(m_dir.filePath(u"army.json"_qs));
        QVERIFY(spec.open(QIODevice::WriteOnly));
        spec.write(R"({"species": [{"file": "horse.bpat", "count": 2}]})");
        spec.close();
        diagnostics.clear();
        const std::optional<CrowdSpec> read = CrowdSpec::readFile(spec.fileName(), &diagnostics);
        QVERIFY(read && diagnostics.isEmpty());
        QCOMPARE(read->species.at(0).file, m_dir.filePath(u"horse.bpat"_qs)); // relative to the spec
    }

    void formationsPlaceAsAsked()
    {
        CrowdSpeciesSpec s;
        s.count = 12;
        s.formation.type = CrowdFormation::Type::Ranks;
        s.formation.columns = 4;
        s.formation.across = 1.0;
        s.formation.between = 2.0;
        s.phase = CrowdSpeciesSpec::Phase::InStep;
        QList<CrowdMember> members = FormationLayout::place(s, {1.0}, 0.5f);
        QCOMPARE(members.size(), 12);
        // Three ranks of four, facing +Z: the first rank in front (largest z), all facing ahead.
        QCOMPARE(members.at(0).z, 2.0f);
        QCOMPARE(members.at(11).z, -2.0f);
        QCOMPARE(members.at(1).x - members.at(0).x, 1.0f);
        QCOMPARE(members.at(0).x, -1.5f);
        for (const CrowdMember &m : members) {
            QCOMPARE(m.yaw, 0.0f);
            QCOMPARE(m.phase, 0.0f);
            QCOMPARE(m.clip, 0);
        }
        // Facing +X (90 degrees): ranks stack along x, the front rank at the largest x.
        s.formation.facingDegrees = 90;
        s.formation.center = QPointF(10, 5);
        members = FormationLayout::place(s, {1.0}, 0.5f);
        QVERIFY(qAbs(members.at(0).x - 12.0f) < 1e-5f);
        QVERIFY(qAbs(members.at(0).z - 6.5f) < 1e-5f);
        QVERIFY(qAbs(members.at(0).yaw - float(M_PI / 2)) < 1e-6f);

        // Random: inside the box, any heading; phases differ; clip shares follow the weights.
        s.formation = CrowdFormation();
        s.formation.type = CrowdFormation::Type::Random;
        s.formation.size = QSizeF(20, 10);
        s.count = 4000;
        s.phase = CrowdSpeciesSpec::Phase::Random;
        members = FormationLayout::place(s, {3.0, 1.0}, 1.0f);
        int first = 0;
        QSet<float> phases;
        for (const CrowdMember &m : members) {
            QVERIFY(m.x >= -10 && m.x <= 10 && m.z >= -5 && m.z <= 5);
            first += m.clip == 0;
            phases.insert(m.phase);
        }
        QVERIFY2(first > 2800 && first < 3200, qPrintable(QString::number(first))); // 3:1
        QVERIFY(phases.size() > 3900);
        // Reproducible.
        const QList<CrowdMember> again = FormationLayout::place(s, {3.0, 1.0}, 1.0f);
        QCOMPARE(again.at(1234).x, members.at(1234).x);
        QCOMPARE(again.at(1234).clip, members.at(1234).clip);

        // Grid by default, spaced from the footprint, centred.
        s.formation = CrowdFormation();
        s.count = 9;
        members = FormationLayout::place(s, {1.0}, 1.0f);
        QCOMPARE(members.at(4).x, 0.0f);
        QCOMPARE(members.at(4).z, 0.0f);
        QVERIFY(qAbs(members.at(5).x - 1.4f) < 1e-6f);
        QVERIFY(FormationLayout::place(s, {}, 1.0f).isEmpty());
    }
};

QTEST_MAIN(tst_CrowdSpec)
#include "tst_CrowdSpec.moc"
