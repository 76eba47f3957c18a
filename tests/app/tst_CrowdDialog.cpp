// Mixed crowds in the window (View > Crowd..., CrowdDialog, CrowdActions, --crowd SPEC.json): a
// crowd of the game's humanoids, horses and sheep is loaded as a job and drawn as one instanced
// draw per species and level; a count of ten million is clamped with the reason shown; a
// specification naming a missing file, or a species without a body, shows what is wrong beside
// the crowd and the viewport keeps drawing; Show the File goes back; a specification survives
// Save and Open. Under Xvfb; the army's picture goes to $BPAT_SCREENSHOT_DIR.
#include "CrowdActions.h"
#include "MainWindow.h"
#include "TestPaths.h"
#include "ViewportPixels.h"
#include "dialogs/CrowdDialog.h"
#include "ui_MainWindow.h"
#include "viewport/CrowdRenderer.h"
#include "viewport/ViewportWidget.h"

#include <QDir>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest/QtTest>

using namespace bpat::studio;

namespace {

const QString Dir = u"upstream_assets/bpat_current/"_qs;

QString shared(const QString &name)
{
    return testpaths::shared(Dir + name);
}

bool anyContains(const QStringList &lines, const QString &words)
{
    return std::any_of(lines.cbegin(), lines.cend(), [&](const QString &l) { return l.contains(words); });
}

void saveScreenshot(const QImage &image, const QString &name)
{
    const QString dir = qEnvironmentVariable("BPAT_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        image.save(QDir(dir).filePath(name + QStringLiteral(".png")));
}

} // namespace

class tst_CrowdDialog : public QObject
{
    Q_OBJECT

    struct Window
    {
        MainWindow window;
        ViewportCanvas *canvas = nullptr;
    };

    bool open(Window &w, const QString &path)
    {
        w.window.setInteractive(false);
        w.window.resize(900, 700);
        w.window.show();
        if (!QTest::qWaitForWindowExposed(&w.window) || !w.window.openFile(path))
            return false;
        w.canvas = w.window.viewport()->canvas();
        return w.canvas != nullptr;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("bpat-studio-tests"));
        if (!ViewportWidget::openGLProblem().isEmpty())
            QSKIP("no OpenGL here (run under xvfb-run)");
        BPAT_REQUIRE_SHARED(Dir + u"horse.bpat"_qs);
    }

    // Three species from the dialog, one of them ten million strong: clamped, with the reason.
    void armyFromTheDialog()
    {
        Window w;
        QVERIFY(open(w, shared(u"wolf.bpat"_qs)));
        w.window.form()->actionCrowd->trigger();
        CrowdDialog *dialog = w.window.crowdActions()->dialog();
        QVERIFY(dialog->isVisible());
        dialog->addFiles({shared(u"humanoid.bpat"_qs), shared(u"horse.bpat"_qs), shared(u"sheep.bpat"_qs)});
        QCOMPARE(dialog->rowCount(), 3);
        // The humanoids: ten million asked for.
        bpat::CrowdSpec spec;
        spec.species = dialog->spec(nullptr).species;
        QCOMPARE(spec.species.size(), 3);
        spec.species[0].requestedCount = 10000000;
        spec.species[0].formation.type = bpat::CrowdFormation::Type::Ranks;
        spec.species[0].clips = {{u"walk"_qs, 2.0}, {u"attack_sword_a"_qs, 1.0}, {u"no_such_clip"_qs, 1.0}};
        spec.species[1].requestedCount = 30;
        spec.species[1].formation.type = bpat::CrowdFormation::Type::Random;
        spec.species[2].requestedCount = 40;
        dialog->setSpec(spec);
        bpat::Diagnostics findings;
        spec = dialog->spec(&findings);
        QVERIFY(spec.species.at(0).count < bpat::CrowdSpec::kMaxInstances && spec.species.at(0).count > 240000);
        // Drawing a quarter of a million humanoids on llvmpipe takes minutes: this test draws
        // 2,000 of them; the clamp itself is shown with them.
        QCOMPARE(spec.species.size(), 3); // the clamp keeps every species, in proportion
        spec.species[0].count = 2000;
        spec.species[1].count = 30;
        spec.species[2].count = 40;
        QSignalSpy shown(w.window.crowdActions(), &CrowdActions::crowdShown);
        w.window.crowdActions()->show(spec, findings);
        QVERIFY(w.window.crowdActions()->isLoading());
        QVERIFY(shown.wait(120000));
        QVERIFY(w.canvas->showsArmy());
        const CrowdScene *army = w.canvas->crowdScene();
        w.canvas->grabFramebuffer(); // the crowd renderer takes the scene at the first paint
        army = w.canvas->crowdScene();
        QVERIFY(army);
        QCOMPARE(army->species.size(), 3);
        QCOMPARE(army->instanceCount(), 2070);
        // The findings: the clamp and the unknown clip, in the dialog and beside the crowd.
        const QStringList text = w.canvas->crowdTextLines();
        QVERIFY2(anyContains(text, u"10,000,000 instances asked for"_qs), qPrintable(text.join(u'\n')));
        QVERIFY2(anyContains(text, u"no clip named 'no_such_clip'"_qs), qPrintable(text.join(u'\n')));
        // One instanced draw per species and level in use.
        w.canvas->camera().distance *= 0.4f; // nearer: several levels at once
        const QImage image = w.canvas->grabFramebuffer();
        const CrowdRenderer::Stats &stats = w.canvas->crowdRenderer().lastStats();
        int drawsExpected = 0;
        for (int s = 0; s < w.canvas->crowdRenderer().speciesCount(); ++s)
            for (int l = 0; l < CreatureRenderer::kLevels; ++l)
                drawsExpected += w.canvas->crowdRenderer().renderer(s).instanceCount(l) > 0;
        QCOMPARE(stats.drawCalls, drawsExpected);
        QVERIFY(stats.drawCalls >= 3 && stats.drawCalls <= 9);
        QVERIFY(viewportpixels::foregroundPixels(image) > image.width() * image.height() / 20);
        saveScreenshot(image, u"army-dialog"_qs);
        // The camera flies over it: W moves the target forward.
        const QVector3D before = w.canvas->camera().target;
        QTest::keyClick(w.canvas, Qt::Key_W);
        QVERIFY(w.canvas->camera().target != before);
        // Back to the file.
        w.window.crowdActions()->stop();
        QVERIFY(!w.canvas->showsArmy());
        w.canvas->grabFramebuffer();
        QCOMPARE(w.canvas->lastDrawCalls(), 1);
    }

    // Bad input: a missing file and a species without a body (a v1 file) are named beside the
    // crowd; what can be drawn is drawn, and the viewport keeps working.
    void badSpecificationShowsWhy()
    {
        Window w;
        QVERIFY(open(w, shared(u"horse.bpat"_qs)));
        QTemporaryDir dir;
        const QString v1 = testpaths::shared(u"upstream_assets/bpat_v1_latest/horse.bpat"_qs);
        QFile spec(dir.filePath(u"army.json"_qs));
        QVERIFY(spec.open(QIODevice::WriteOnly));
        spec.write(QStringLiteral(R"({"species": [
            {"file": "%1", "count": 20},
            {"file": "missing.bpat", "count": 5},
            {"file": "%2", "count": 12, "formation": {"center": [0, 20]}}]})")
                       .arg(shared(u"sheep.bpat"_qs), v1)
                       .toUtf8());
        spec.close();
        const QStringList findings = w.window.crowdActions()->showSpecFile(spec.fileName());
        QVERIFY2(anyContains(findings, u"species[1].file: no such file"_qs), qPrintable(findings.join(u'\n')));
        QVERIFY2(anyContains(findings, u"drawn with the stand-in"_qs), qPrintable(findings.join(u'\n')));
        const QImage image = w.canvas->grabFramebuffer();
        QCOMPARE(w.canvas->crowdScene()->species.size(), 2); // the sheep and the stand-in horses
        QCOMPARE(w.canvas->crowdScene()->species.at(1).body, u"stand-in"_qs);
        QVERIFY(viewportpixels::foregroundPixels(image) > 0);
        QVERIFY(anyContains(w.canvas->crowdTextLines(), u"no such file"_qs));
        // A specification that is not even JSON: an empty crowd that says why.
        QVERIFY(spec.open(QIODevice::WriteOnly | QIODevice::Truncate));
        spec.write("{\"species\": [");
        spec.close();
        QVERIFY(anyContains(w.window.crowdActions()->showSpecFile(spec.fileName()), u"not valid JSON"_qs));
        w.canvas->grabFramebuffer();
        QVERIFY(w.canvas->showsArmy());
        QVERIFY(anyContains(w.canvas->crowdTextLines(), u"not valid JSON"_qs));
        w.window.crowdActions()->stop();
        w.canvas->grabFramebuffer();
        QVERIFY(w.canvas->lastDrawCalls() >= 1); // the horse again
    }

    void specificationSurvivesSaveAndOpen()
    {
        Window w;
        QVERIFY(open(w, shared(u"horse.bpat"_qs)));
        CrowdDialog *dialog = w.window.crowdActions()->dialog();
        dialog->addFiles({shared(u"horse.bpat"_qs), shared(u"elephant.bpat"_qs)});
        QTemporaryDir dir;
        const QString path = dir.filePath(u"herd.json"_qs);
        QString error;
        QVERIFY2(dialog->saveSpec(path, &error), qPrintable(error));
        dialog->setSpec({});
        QCOMPARE(dialog->rowCount(), 0);
        QVERIFY2(dialog->openSpec(path, &error), qPrintable(error));
        QCOMPARE(dialog->rowCount(), 2);
        const bpat::CrowdSpec spec = dialog->spec(nullptr);
        QCOMPARE(spec.species.size(), 2);
        QCOMPARE(spec.species.at(1).file, shared(u"elephant.bpat"_qs));
        QCOMPARE(spec.species.at(1).formation.center, QPointF(30, 0)); // beside the horses
    }
};

QTEST_MAIN(tst_CrowdDialog)
#include "tst_CrowdDialog.moc"
