// Recipe JSON: errors name the JSON path and what was expected; built-ins round-trip; the
// shipped example recipe files parse to the built-ins.
#include "rebake/BuiltinRecipes.h"
#include "rebake/RecipeJson.h"
#include "TestPaths.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest/QTest>

using namespace bpat;

class tst_RecipeJson : public QObject
{
    Q_OBJECT

private:
    static Diagnostic firstError(const QByteArray &json)
    {
        Diagnostics d;
        const auto r = RecipeJson::parse(json, &d);
        for (const Diagnostic &x : d) {
            if (x.severity == Severity::Error) {
                if (r)
                    qWarning("parse succeeded despite an error");
                return x;
            }
        }
        return Diagnostic{QStringLiteral("NONE"), Severity::Info, QString(), std::nullopt, QString()};
    }

    static void compareRecipes(const RebakeRecipe &a, const RebakeRecipe &b)
    {
        QCOMPARE(a.name, b.name);
        QCOMPARE(a.speciesId, b.speciesId);
        QCOMPARE(a.convertCoordinates, b.convertCoordinates);
        QCOMPARE(int(a.untracked), int(b.untracked));
        QCOMPARE(a.boneCount(), b.boneCount());
        for (int i = 0; i < a.boneCount(); ++i) {
            const RecipeBone &x = a.bones.at(i);
            const RecipeBone &y = b.bones.at(i);
            QCOMPARE(x.name, y.name);
            QCOMPARE(x.parent, y.parent);
            QCOMPARE(int(x.drive), int(y.drive));
            if (x.drive != DriveKind::Rest)
                QCOMPARE(x.curve.name(), y.curve.name());
            QVERIFY(qFuzzyCompare(x.rest.translation, y.rest.translation));
            QVERIFY(qFuzzyCompare(x.rest.rotation, y.rest.rotation));
            QVERIFY(qFuzzyCompare(x.offset.translation, y.offset.translation));
            QVERIFY(qFuzzyCompare(x.offset.rotation, y.offset.rotation));
            QCOMPARE(x.ik.has_value(), y.ik.has_value());
            if (x.ik) {
                QCOMPARE(x.ik->middle, y.ik->middle);
                QCOMPARE(x.ik->end, y.ik->end);
                QCOMPARE(x.ik->poleBone, y.ik->poleBone);
                QVERIFY(qFuzzyCompare(x.ik->poleDirection, y.ik->poleDirection));
            }
        }
        QCOMPARE(a.sockets.size(), b.sockets.size());
        for (qsizetype s = 0; s < a.sockets.size(); ++s) {
            QCOMPARE(a.sockets.at(s).name, b.sockets.at(s).name);
            QCOMPARE(a.sockets.at(s).anchor, b.sockets.at(s).anchor);
            QVERIFY(qFuzzyCompare(a.sockets.at(s).offset, b.sockets.at(s).offset));
        }
    }

private Q_SLOTS:
    void minimalRecipe()
    {
        Diagnostics d;
        const auto r = RecipeJson::parse(R"({"name":"one","bones":[{"name":"Head","drive":{"curve":"Camera"}},
            {"name":"Hat","parent":"Head","rest":{"translation":[0,0.2,0]}}],
            "sockets":[{"name":"top","bone":"Hat","offset":[0,0.1,0]}]})",
                                         &d);
        QVERIFY(r);
        QVERIFY(d.isEmpty());
        QCOMPARE(r->boneCount(), 2);
        QCOMPARE(r->bones.at(1).parent, 0);
        QCOMPARE(int(r->bones.at(0).drive), int(DriveKind::Pose));
        QCOMPARE(r->bones.at(1).rest.translation, QVector3D(0, 0.2f, 0));
        QCOMPARE(r->sockets.at(0).anchor, 1);
        QVERIFY(r->convertCoordinates);
    }

    void badJson()
    {
        const Diagnostic e = firstError("{\"bones\": [");
        QCOMPARE(e.code, QStringLiteral("RECIPE_BAD_JSON"));
        QVERIFY(e.offset.has_value());
        QVERIFY(e.message.contains(u"byte"));
    }

    void notAnObject()
    {
        const Diagnostic e = firstError("[1,2]");
        QCOMPARE(e.code, QStringLiteral("RECIPE_BAD_TYPE"));
        QVERIFY(e.message.contains(u"expected a JSON object"));
    }

    void unknownCurve()
    {
        const Diagnostic e = firstError(R"({"bones":[{"name":"A"},{"name":"B","drive":{"curve":"LeftHand/Elbow"}}]})");
        QCOMPARE(e.code, QStringLiteral("RECIPE_UNKNOWN_CURVE"));
        QCOMPARE(e.location.toString(), QStringLiteral("bones[1].drive.curve"));
        QVERIFY(e.message.contains(u"LeftHand/Elbow"));
        QVERIFY(e.message.contains(u"expected"));
        // Joint None is written but never recorded.
        QCOMPARE(firstError(R"({"bones":[{"name":"A","drive":{"curve":"RightHand/None"}}]})").code,
                 QStringLiteral("RECIPE_UNKNOWN_CURVE"));
    }

    void unknownBone()
    {
        Diagnostic e = firstError(R"({"bones":[{"name":"A"},{"name":"B","parent":"Nope"}]})");
        QCOMPARE(e.code, QStringLiteral("RECIPE_UNKNOWN_BONE"));
        QCOMPARE(e.location.toString(), QStringLiteral("bones[1].parent"));
        QVERIFY(e.message.contains(u"'Nope'"));
        e = firstError(R"({"bones":[{"name":"A"}],"sockets":[{"name":"s","bone":"Z"}]})");
        QCOMPARE(e.code, QStringLiteral("RECIPE_UNKNOWN_BONE"));
        QCOMPARE(e.location.toString(), QStringLiteral("sockets[0].bone"));
    }

    void parentCycle()
    {
        const Diagnostic e = firstError(
            R"({"bones":[{"name":"R"},{"name":"A","parent":"C"},{"name":"B","parent":"A"},{"name":"C","parent":"B"}]})");
        QCOMPARE(e.code, QStringLiteral("RECIPE_PARENT_CYCLE"));
        QVERIFY(e.location.toString().startsWith(u"bones["));
        QVERIFY(e.location.toString().endsWith(u"].parent"));
        QVERIFY2(e.message.contains(u"A -> C -> B -> A") || e.message.contains(u"C -> B -> A -> C")
                     || e.message.contains(u"B -> A -> C -> B"),
                 qPrintable(e.message));
        QCOMPARE(firstError(R"({"bones":[{"name":"S","parent":"S"}]})").code, QStringLiteral("RECIPE_PARENT_CYCLE"));
    }

    void tooManyBones()
    {
        QJsonArray bones;
        for (int i = 0; i < 65; ++i)
            bones.append(QJsonObject{{QStringLiteral("name"), QStringLiteral("b%1").arg(i)}});
        const QByteArray json = QJsonDocument(QJsonObject{{QStringLiteral("bones"), bones}}).toJson();
        const Diagnostic e = firstError(json);
        QCOMPARE(e.code, QStringLiteral("RECIPE_TOO_MANY_BONES"));
        QCOMPARE(e.location.toString(), QStringLiteral("bones"));
        QVERIFY(e.message.contains(u"65") && e.message.contains(u"64"));
        bones.removeLast();
        Diagnostics d;
        QVERIFY(RecipeJson::parse(QJsonDocument(QJsonObject{{QStringLiteral("bones"), bones}}).toJson(), &d));
    }

    void wrongTypesNameThePath()
    {
        Diagnostic e = firstError(R"({"bones":[{"name":"A","rest":{"translation":[0,"x",0]}}]})");
        QCOMPARE(e.code, QStringLiteral("RECIPE_BAD_TYPE"));
        QCOMPARE(e.location.toString(), QStringLiteral("bones[0].rest.translation[1]"));
        QVERIFY(e.message.contains(u"expected a finite number, found a string"));
        e = firstError(R"({"bones":[{"name":"A","drive":{"curve":"Camera","offset":{"rotation":[0,0,0,0]}}}]})");
        QCOMPARE(e.code, QStringLiteral("RECIPE_BAD_VALUE"));
        QCOMPARE(e.location.toString(), QStringLiteral("bones[0].drive.offset.rotation"));
        e = firstError(R"({"species_id":-1,"bones":[{"name":"A"}]})");
        QCOMPARE(e.location.toString(), QStringLiteral("species_id"));
        e = firstError(R"({"bones":[{"name":"A"},{"name":"A"}]})");
        QCOMPARE(e.code, QStringLiteral("RECIPE_DUPLICATE_BONE"));
        QCOMPARE(e.location.toString(), QStringLiteral("bones[1].name"));
        e = firstError(R"({"bones":[]})");
        QCOMPARE(e.location.toString(), QStringLiteral("bones"));
        e = firstError(R"({"bones":[{"name":"A","drive":{"curve":"Camera","mode":"fly"}}]})");
        QCOMPARE(e.location.toString(), QStringLiteral("bones[0].drive.mode"));
    }

    void badIkChain()
    {
        const Diagnostic e = firstError(R"({"bones":[{"name":"U","ik":{"middle":"M","end":"E","pole":{"direction":[0,0,1]}}},
            {"name":"M","parent":"U"},{"name":"E","parent":"U","drive":{"curve":"LeftHand/Wrist"}}]})");
        QCOMPARE(e.code, QStringLiteral("RECIPE_BAD_RIG"));
        QVERIFY(e.message.contains(u"end must be a child of the middle bone"));
        QCOMPARE(e.location.toString(), QStringLiteral("bones[0].ik.end")); // the key to fix, not just "bones"
        const Diagnostic pole = firstError(
            R"({"bones":[{"name":"R"},{"name":"U","ik":{"middle":"M","end":"E","pole":{"bone":"E","direction":[0,0,1]}}},
            {"name":"M","parent":"U"},{"name":"E","parent":"M","drive":{"curve":"LeftHand/Wrist"}}]})");
        QCOMPARE(pole.code, QStringLiteral("RECIPE_BAD_RIG"));
        QCOMPARE(pole.location.toString(), QStringLiteral("bones[1].ik.pole.bone"));
        QVERIFY(pole.message.contains(u"pole bone must be an ancestor"));
    }

    void unknownKeysWarn()
    {
        Diagnostics d;
        QVERIFY(RecipeJson::parse(R"({"bones":[{"name":"A","parnet":"B"}]})", &d));
        QCOMPARE(d.size(), 1);
        QCOMPARE(d.first().severity, Severity::Warning);
        QCOMPARE(d.first().location.toString(), QStringLiteral("bones[0].parnet"));
    }

    void builtinsRoundTrip()
    {
        for (const QString &name : BuiltinRecipes::names()) {
            const RebakeRecipe r = *BuiltinRecipes::byName(name);
            QVERIFY2(r.problems().isEmpty(), qPrintable(r.problems().join(u'\n')));
            Diagnostics d;
            const auto back = RecipeJson::parse(RecipeJson::toJson(r), &d);
            QVERIFY(back);
            QVERIFY(d.isEmpty());
            compareRecipes(r, *back);
        }
    }

    void documentedExampleParses()
    {
        Diagnostics d;
        const auto r = RecipeJson::readFile(
            QDir::cleanPath(testpaths::testData(QStringLiteral("../../docs/examples/pointer-recipe.json"))), &d);
        QVERIFY(r);
        QVERIFY(d.isEmpty());
        QCOMPARE(r->boneCount(), 6);
        QCOMPARE(r->bones.at(5).offset.translation, QVector3D(0, 0, -0.01f));
        QCOMPARE(r->sockets.size(), 2);
    }

    void shippedRecipeFilesMatchTheBuiltins()
    {
        for (const QString &name : BuiltinRecipes::names()) {
            const QString path =
                QDir::cleanPath(testpaths::testData(QStringLiteral("../../resources/recipes/") + name + QStringLiteral(".json")));
            Diagnostics d;
            const auto r = RecipeJson::readFile(path, &d);
            QVERIFY2(r, qPrintable(path));
            compareRecipes(*BuiltinRecipes::byName(name), *r);
        }
    }
};

QTEST_GUILESS_MAIN(tst_RecipeJson)
#include "tst_RecipeJson.moc"
