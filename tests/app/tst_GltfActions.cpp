// File > Export glTF... and File > Import glTF...: the menu entries, export of the open file
// behind the progress dialog, and import into a new validated file.
#include "GltfActions.h"
#include "GltfTestSupport.h"
#include "MainWindow.h"
#include "ui_MainWindow.h"
#include "TestDocuments.h"

#include <QAction>
#include <QMenu>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest/QtTest>

using namespace bpat;
using namespace bpat::studio;

class tst_GltfActions : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("bpat-studio-tests"));
    }

    void menuEntries()
    {
        MainWindow window;
        window.setInteractive(false);
        auto *gltf = window.findChild<GltfActions *>();
        QVERIFY(gltf);
        Ui::MainWindow *ui = window.form();
        QVERIFY(ui->menuFile->actions().contains(ui->actionExportGltf));
        QVERIFY(ui->menuFile->actions().contains(ui->actionImportGltf));
        QVERIFY(!ui->actionExportGltf->isEnabled()); // nothing open
        QVERIFY(ui->actionImportGltf->isEnabled());
    }

    void exportAndImport()
    {
        QTemporaryDir dir;
        const QString source = dir.filePath(QStringLiteral("small.bpat"));
        QFile file(source);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(testdocs::smallFileBytes());
        file.close();
        MainWindow window;
        window.setInteractive(false);
        QVERIFY(window.openFile(source));
        auto *gltf = window.findChild<GltfActions *>();
        QVERIFY(window.form()->actionExportGltf->isEnabled());
        bool ok = false;
        const QString glb = dir.filePath(QStringLiteral("small.glb"));
        QString message = gltf->exportTo(glb, true, &ok);
        QVERIFY2(ok, qPrintable(message));
        QVERIFY(QFileInfo::exists(glb));
        const QString back = dir.filePath(QStringLiteral("back.bpat"));
        message = gltf->importFrom(glb, back, &ok);
        QVERIFY2(ok, qPrintable(message));
        const auto original = testgltf::loadDocument(source);
        const auto imported = testgltf::loadDocument(back);
        QVERIFY(original && imported);
        QCOMPARE(imported->clipCount(), original->clipCount());
        for (int c = 0; c < original->clipCount(); ++c)
            QVERIFY(testgltf::paletteDifference(imported->clip(c), original->clip(c)) < 1e-5);
        QCOMPARE(imported->socketCount(), 2);

        // With the game's body the viewport draws (a late-v3 file with its bodies beside it).
        const QString wolf = QStringLiteral("upstream_assets/bpat_current/wolf.bpat");
        if (QFileInfo::exists(testpaths::shared(wolf))) {
            QVERIFY(window.openFile(testpaths::shared(wolf)));
            const QString withBody = dir.filePath(QStringLiteral("wolf.glb"));
            message = gltf->exportTo(withBody, true, &ok, testpaths::shared(QStringLiteral("upstream_assets/bpat_current/wolf_full.bprm")));
            QVERIFY2(ok, qPrintable(message));
            QVERIFY2(message.contains(QLatin1String("the body wolf_full.bprm (8336 vertices, 9 materials)")), qPrintable(message));
            QVERIFY(window.openFile(source));
        }

        // A refused import writes nothing and says why.
        const QString bad = dir.filePath(QStringLiteral("bad.gltf"));
        QFile badFile(bad);
        QVERIFY(badFile.open(QIODevice::WriteOnly));
        badFile.write("{\"asset\":{\"version\":\"2.0\"}}");
        badFile.close();
        message = gltf->importFrom(bad, dir.filePath(QStringLiteral("never.bpat")), &ok);
        QVERIFY(!ok);
        QVERIFY(message.contains(QLatin1String("scene")));
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("never.bpat"))));
    }
};

QTEST_MAIN(tst_GltfActions)
#include "tst_GltfActions.moc"
