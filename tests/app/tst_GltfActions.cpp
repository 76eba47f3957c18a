// File > Export glTF... and File > Import glTF...: the menu entries, export of the open file
// behind the progress dialog, and import into a new validated file.
#include "GltfActions.h"
#include "GltfTestSupport.h"
#include "MainWindow.h"
#include "StudioContext.h"
#include "dialogs/GltfExportDialog.h"
#include "dialogs/GltfImportDialog.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatWriter.h"
#include "ui_MainWindow.h"
#include "TestDocuments.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest/QtTest>

using namespace bpat;
using namespace bpat::studio;

namespace {
// A label's "&" marks the shortcut of its buddy: one without a buddy shows it ("&File:").
void noLiteralAmpersands(const QWidget &dialog)
{
    for (const QLabel *label : dialog.findChildren<QLabel *>()) {
        if (label->text().contains(u'&') && !label->text().contains(QStringLiteral("&&")))
            QVERIFY2(label->buddy(), qPrintable(label->text()));
    }
}
} // namespace

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
            message = gltf->exportTo(withBody, true, &ok,
                                     testpaths::shared(QStringLiteral("upstream_assets/bpat_current/wolf_full.bprm")));
            QVERIFY2(ok, qPrintable(message));
            QVERIFY2(message.contains(QLatin1String("the body wolf_full.bprm (8336 vertices, 9 materials)")),
                     qPrintable(message));
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

    void importWritesTheSourcesVersion()
    {
        // Import glTF wrote v1 by default: a late-v3 file's markers, variants, contacts, bind
        // palette and parents were dropped with only a cut-off status message.
        QTemporaryDir dir;
        const QString source = dir.filePath(QStringLiteral("late.bpat"));
        QVERIFY(BpatWriter(testdocs::smallVersionedDocument(format::Dialect::V3Late)).save(source));
        MainWindow window;
        window.setInteractive(false);
        QVERIFY(window.openFile(source));
        auto *gltf = window.findChild<GltfActions *>();
        bool ok = false;
        const QString glb = dir.filePath(QStringLiteral("late.glb"));
        QVERIFY2((gltf->exportTo(glb, false, &ok), ok), "export failed");
        const QString back = dir.filePath(QStringLiteral("back.bpat"));
        const QString message = gltf->importFrom(glb, back, &ok);
        QVERIFY2(ok, qPrintable(message));
        const std::optional<BpatFile> file = BpatFile::open(back);
        QVERIFY(file);
        QCOMPARE(file->dialect(), format::Dialect::V3Late);
        QCOMPARE(file->clips().at(1).markers[2], 0.5f);
        QVERIFY(file->hasBindPalette());
        QVERIFY(file->hasBoneParents());
    }

    void importDialogProposesAnotherFileAndSaysWhatItDrops()
    {
        // horse.glb beside the open horse.bpat: the output proposed was the open file.
        QTemporaryDir dir;
        const QString open = dir.filePath(QStringLiteral("horse.bpat"));
        QVERIFY(BpatWriter(testdocs::smallVersionedDocument(format::Dialect::V3Late)).save(open));
        MainWindow window;
        window.setInteractive(false);
        QVERIFY(window.openFile(open));
        auto *gltf = window.findChild<GltfActions *>();
        bool ok = false;
        const QString glb = dir.filePath(QStringLiteral("horse.glb"));
        gltf->exportTo(glb, false, &ok);
        QVERIFY(ok);
        const std::optional<GltfImportResult> read = gltf->readGltf(glb);
        QVERIFY(read && read->document);
        GltfImportDialog dialog(glb, *read, {window.context()->filePath(), glb});
        QCOMPARE(dialog.outputPath(), dir.filePath(QStringLiteral("horse_imported.bpat")));
        // The source's version by default, and nothing dropped.
        QCOMPARE(dialog.formatVersion(), 3);
        QVERIFY2(dialog.noteText().contains(QStringLiteral("Nothing is dropped")), qPrintable(dialog.noteText()));
        // v1 drops what late v3 carried, and the current game refuses it: said in the dialog.
        dialog.setFormatVersion(1);
        auto *note = dialog.findChild<QLabel *>(QStringLiteral("versionNote"));
        QVERIFY(note && !note->isHidden());
        QVERIFY2(dialog.noteText().contains(QStringLiteral("drops")) && dialog.noteText().contains(QStringLiteral("markers"))
                     && dialog.noteText().contains(QStringLiteral("bind palette"))
                     && dialog.noteText().contains(QStringLiteral("current game")),
                 qPrintable(dialog.noteText()));
        // The open file is refused as the output.
        dialog.setOutputPath(open);
        dialog.accept();
        QVERIFY(dialog.result() != QDialog::Accepted);
        QVERIFY(!dialog.findChild<QLabel *>(QStringLiteral("errorLabel"))->isHidden());
        noLiteralAmpersands(dialog);
        // Import glTF's file dialog opens where the export just went.
        QCOMPARE(gltf->lastGltfFolder(), QFileInfo(glb).absolutePath());
    }

    void exportDialogChoosesMeshAndClips()
    {
        // The mesh was asked in a box after the file dialog, and every clip was exported.
        QTemporaryDir dir;
        GltfExportDialog dialog(dir.filePath(QStringLiteral("small")), {QStringLiteral("idle"), QStringLiteral("jab")});
        QVERIFY(dialog.includeMesh());
        QCOMPARE(dialog.chosenClips(), QStringList()); // all
        dialog.setClipChosen(QStringLiteral("idle"), false);
        QCOMPARE(dialog.chosenClips(), QStringList{QStringLiteral("jab")});
        dialog.setIncludeMesh(false);
        noLiteralAmpersands(dialog);
        const QString source = dir.filePath(QStringLiteral("small.bpat"));
        QFile file(source);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(testdocs::smallFileBytes());
        file.close();
        MainWindow window;
        window.setInteractive(false);
        QVERIFY(window.openFile(source));
        auto *gltf = window.findChild<GltfActions *>();
        bool ok = false;
        const QString glb = dir.filePath(QStringLiteral("jab.glb"));
        const QString message = gltf->exportTo(glb, dialog.includeMesh(), &ok, QString(), dialog.chosenClips());
        QVERIFY2(ok, qPrintable(message));
        const GltfImportResult exported = GltfImporter::importFile(glb, {});
        QVERIFY2(exported.document, qPrintable(exported.error));
        QCOMPARE(exported.document->clipCount(), 1);
        QCOMPARE(exported.document->clip(0).name, QStringLiteral("jab"));
    }
};

QTEST_MAIN(tst_GltfActions)
#include "tst_GltfActions.moc"
