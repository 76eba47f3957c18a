// The inspector window on real and crafted files: every panel's rows, the validation panel on a
// broken file (filters, jumps, deep checks, JSON export), and the window's plumbing.
#include "PanelDocks.h"
#include "MainWindow.h"
#include "ui_MainWindow.h"
#include "StudioContext.h"
#include "TestDocuments.h"
#include "TestPaths.h"
#include "models/ClipsModel.h"
#include "models/HeaderModel.h"
#include "models/LayoutModel.h"
#include "models/PaletteModel.h"
#include "models/SocketsModel.h"
#include "models/ValidationModel.h"
#include "widgets/CentralViewHost.h"
#include "widgets/CopyableTableView.h"
#include "widgets/TablePanel.h"
#include "widgets/ValidationPanel.h"

#include "DeepCheckRunner.h"
#include "viewport/ViewportWidget.h"

#include <QClipboard>
#include <QComboBox>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest/QtTest>

using namespace bpat;
using namespace bpat::studio;

class tst_MainWindow : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void upstreamFilesFillEveryPanel_data();
    void upstreamFilesFillEveryPanel();
    void invalidFileOpensWithItsIssues();
    void deepChecksFindBadMatricesAndJump();
    void jumpUsesFieldsNotText();
    void exportedReportMatchesTheCliFormat();
    void fileThatCannotBeReadLeavesTheWindowUsable();
    void clipSelectionFollowsTheContext();
    void copiesRowsAsTsv();
    void centralViewsPlugIn();
    void menusAreTheFormsInItsOrder();

private:
    QString writeCrafted(const QByteArray &bytes, const QString &name);
    QTemporaryDir m_dir;
};

void tst_MainWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("bpat-studio-tests"));
    QVERIFY(m_dir.isValid());
}

QString tst_MainWindow::writeCrafted(const QByteArray &bytes, const QString &name)
{
    const QString path = m_dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return {};
    file.write(bytes);
    return path;
}

void tst_MainWindow::upstreamFilesFillEveryPanel_data()
{
    QTest::addColumn<QString>("relative");
    for (const char *set : {"bpat_v1_latest", "bpat_v1_initial", "bpat_v2", "bpat_v3_early", "bpat_v3_late"}) {
        for (const char *name : {"humanoid", "humanoid_sword", "horse", "elephant"})
            QTest::newRow(qPrintable(QStringLiteral("%1/%2").arg(QLatin1String(set), QLatin1String(name))))
                << QStringLiteral("upstream_assets/%1/%2.bpat").arg(QLatin1String(set), QLatin1String(name));
    }
}

void tst_MainWindow::upstreamFilesFillEveryPanel()
{
    QFETCH(QString, relative);
    BPAT_REQUIRE_SHARED(relative);
    // Expected counts come from the independent dump beside each file.
    QString dumpRelative = relative;
    dumpRelative.replace(QLatin1String(".bpat"), QLatin1String(".dump.txt"));
    BPAT_REQUIRE_SHARED(dumpRelative);
    QFile dumpFile(testpaths::shared(dumpRelative));
    QVERIFY(dumpFile.open(QIODevice::ReadOnly));
    const QString dump = QString::fromUtf8(dumpFile.readAll());
    const auto number = [&dump](const QString &key) {
        const auto m = QRegularExpression(key + QStringLiteral("=(\\d+)")).match(dump);
        return m.hasMatch() ? m.captured(1).toInt() : -1;
    };
    const int bones = number(QStringLiteral("bone_count"));
    const int sockets = number(QStringLiteral("socket_count"));
    const int clips = number(QStringLiteral("clip_count"));
    QVERIFY(bones > 0 && clips > 0 && sockets >= 0);

    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.openFile(testpaths::shared(relative)));
    PanelDocks *panels = window.panels();
    const bool v3 = relative.contains(QStringLiteral("bpat_v3_"));
    QCOMPARE(panels->headerModel()->rowCount(), v3 ? 20 : 15); // 12 stored fields + 3 derived (+ 5 of the v3 extension)
    for (const char *field :
         {"magic", "version", "species_id", "bone_count", "socket_count", "clip_count", "frame_total", "string_table_size",
          "clip_table_offset", "socket_table_offset", "string_table_offset", "palette_data_offset"})
        QVERIFY2(panels->headerModel()->rowOfField(QLatin1String(field)) >= 0, field);
    QCOMPARE(panels->clipsModel()->rowCount(), clips);
    // Markers from v2 on, flags and variants in v3.
    QCOMPARE(panels->clipsModel()->columnCount(), v3 ? 10 : relative.contains(QStringLiteral("bpat_v2")) ? 8 : 7);
    QCOMPARE(panels->socketsModel()->rowCount(), sockets);
    QCOMPARE(panels->paletteModel()->rowCount(), bones + sockets);
    QCOMPARE(panels->palettePanel()->proxy()->rowCount(), bones + sockets);
    // The game's files are laid out back to back: no gaps, overlaps or trailing bytes.
    const auto &sections = panels->layoutModel()->layout().sections();
    // + socket table and data; padding only if any; v3: extension and contacts, late v3: bind palette
    // and parents (and an 8-byte pad before the bind palette when frame_total is odd).
    const bool late = relative.contains(QStringLiteral("bpat_v3_late"));
    const int expectedSections = (sockets > 0 ? 7 : 5) + (v3 ? 2 : 0) + (late ? 3 : 0);
    QVERIFY2(sections.size() <= expectedSections && sections.size() >= expectedSections - 2,
             qPrintable(QString::number(sections.size())));
    for (const LayoutSection &s : sections) {
        QVERIFY2(!s.overlaps && !s.pastEnd, qPrintable(s.name));
        QVERIFY2(s.kind != LayoutSection::Kind::Gap && s.kind != LayoutSection::Kind::Trailing, qPrintable(s.name));
    }
    QCOMPARE(panels->layoutModel()->rowCount(), int(sections.size()));
    // The default profile is the current game's: it refuses the older versions (and nothing
    // else); by the format's own rules (spec) every file is valid.
    const ValidationModel *validation = panels->validationPanel()->model();
    QCOMPARE(window.context()->profile(), ValidationProfile::Game);
    for (int row = 0; row < validation->rowCount(); ++row) {
        const Diagnostic &d = validation->diagnostic(row);
        QVERIFY2(d.severity != Severity::Error || d.code == u"GAME_VERSION_REFUSED" || d.code == u"GAME_DIALECT_MISREAD",
                 qPrintable(d.message));
    }
    window.context()->setProfile(ValidationProfile::Spec);
    for (int row = 0; row < validation->rowCount(); ++row)
        QVERIFY2(validation->diagnostic(row).severity != Severity::Error, qPrintable(validation->diagnostic(row).message));
    // Every palette row of frame 0 is finite and affine.
    for (int row = 0; row < panels->paletteModel()->rowCount(); ++row)
        QCOMPARE(panels->paletteModel()->check(row), PaletteModel::Check::Ok);
    // The timeline lists the clips; the window title names the file.
    auto *clipCombo = window.findChild<QComboBox *>(QStringLiteral("clipCombo"));
    QVERIFY(clipCombo);
    QCOMPARE(clipCombo->count(), clips);
    QVERIFY(window.windowTitle().contains(QFileInfo(relative).fileName()));
}

// 3 bones, clips idle (4 frames) and jab (2 frames), 2 sockets; clip 0's fps set to -1 (BAD_FPS,
// an error) and clip 1's loops byte to 7 (BAD_LOOPS_FLAG, a warning).
static QByteArray brokenBytes()
{
    QByteArray bytes = testdocs::smallFileBytes();
    const BpatFile file = BpatFile::fromData(bytes);
    testdocs::setF32(bytes, qsizetype(file.clips().at(0).entryOffset + 16), -1.0f);
    bytes[qsizetype(file.clips().at(1).entryOffset + 20)] = char(7);
    // Deep-check material: a NaN in clip jab, frame 1, bone 2; a non-affine row 3 in idle frame 2.
    const quint64 nan = *file.matrixOffset(*file.globalFrame(1, 1), 2);
    testdocs::setF32(bytes, qsizetype(nan + 4 * 5), std::numeric_limits<float>::quiet_NaN());
    const quint64 skew = *file.matrixOffset(*file.globalFrame(0, 2), 1);
    testdocs::setF32(bytes, qsizetype(skew + 4 * 12), 0.5f);
    return bytes;
}

static int rowWithCode(const ValidationModel *model, const QString &code)
{
    for (int row = 0; row < model->rowCount(); ++row) {
        if (model->diagnostic(row).code == code)
            return row;
    }
    return -1;
}

void tst_MainWindow::invalidFileOpensWithItsIssues()
{
    const QString path = writeCrafted(brokenBytes(), QStringLiteral("broken.bpat"));
    MainWindow window;
    window.context()->setProfile(ValidationProfile::Spec); // the format's own rules
    window.setInteractive(false);
    window.show();
    QVERIFY(window.openFile(path)); // opens despite errors
    PanelDocks *panels = window.panels();
    QCOMPARE(panels->clipsModel()->rowCount(), 2);
    QCOMPARE(panels->socketsModel()->rowCount(), 2);
    ValidationPanel *panel = panels->validationPanel();
    const ValidationModel *model = panel->model();
    const int badFps = rowWithCode(model, QStringLiteral("BAD_FPS"));
    const int badLoops = rowWithCode(model, QStringLiteral("BAD_LOOPS_FLAG"));
    QVERIFY(badFps >= 0);
    QVERIFY(badLoops >= 0);
    QCOMPARE(model->diagnostic(badFps).severity, Severity::Error);
    QCOMPARE(model->diagnostic(badLoops).severity, Severity::Warning);
    QCOMPARE(model->index(badFps, ValidationModel::SeverityColumn).data().toString(), QStringLiteral("error"));

    // Severity filter: hiding errors hides BAD_FPS but keeps the warning.
    const int all = panel->proxy()->rowCount();
    QCOMPARE(all, model->rowCount());
    panel->proxy()->setSeverityVisible(Severity::Error, false);
    QCOMPARE(panel->proxy()->rowCount(), all - countDiagnostics(window.context()->diagnostics()).errors);
    panel->proxy()->setSeverityVisible(Severity::Error, true);
    // Text filter.
    panel->proxy()->setFilterFixedString(QStringLiteral("BAD_LOOPS"));
    QCOMPARE(panel->proxy()->rowCount(), 1);
    // Double-clicking the loops issue makes clip 1 current and selects it in the Clips panel.
    QCOMPARE(window.context()->currentClip(), 0);
    panel->activateRow(panel->proxy()->index(0, 0));
    QCOMPARE(window.context()->currentClip(), 1);
    QCOMPARE(panels->clipsPanel()->sourceRow(panels->clipsPanel()->view()->currentIndex()), 1);
    panel->proxy()->setFilterFixedString(QString());

    // Status bar counts.
    const DiagnosticCounts counts = countDiagnostics(window.context()->diagnostics());
    bool found = false;
    for (QLabel *label : window.statusBar()->findChildren<QLabel *>()) {
        // "1 error", "2 errors": never "1 errors".
        if (label->text().contains(counts.errors == 1 ? QStringLiteral("1 error ")
                                                      : QStringLiteral("%1 errors").arg(counts.errors))
            && !label->text().contains(QStringLiteral("1 errors")))
            found = true;
    }
    QVERIFY(found);
    // The clip with the bad loops byte says so.
    QCOMPARE(panels->clipsModel()->index(1, ClipsModel::LoopsColumn).data().toString(), QStringLiteral("invalid (7)"));
}

void tst_MainWindow::deepChecksFindBadMatricesAndJump()
{
    const QString path = writeCrafted(brokenBytes(), QStringLiteral("broken-deep.bpat"));
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.openFile(path));
    ValidationPanel *panel = window.panels()->validationPanel();
    QCOMPARE(rowWithCode(panel->model(), QStringLiteral("NON_FINITE")), -1); // quick checks only
    QSignalSpy done(window.context(), &StudioContext::validationChanged);
    panel->runDeepChecks();
    QTRY_VERIFY_WITH_TIMEOUT(window.context()->deepChecked(), 10000);
    const int nonFinite = rowWithCode(panel->model(), QStringLiteral("NON_FINITE"));
    QVERIFY(nonFinite >= 0);
    QVERIFY(rowWithCode(panel->model(), QStringLiteral("NON_AFFINE")) >= 0);
    // The quick-check issues are still there.
    QVERIFY(rowWithCode(panel->model(), QStringLiteral("BAD_FPS")) >= 0);

    // Double-click the NaN: clip jab, frame 1, bone 2 become current, the palette row shows it.
    panel->activateRow(panel->proxy()->mapFromSource(panel->model()->index(nonFinite, 0)));
    QCOMPARE(window.context()->currentClip(), 1);
    QCOMPARE(window.context()->currentFrame(), 1);
    QCOMPARE(window.context()->currentBone(), 2);
    QCOMPARE(window.panels()->paletteModel()->check(2), PaletteModel::Check::NonFinite);
    QCOMPARE(window.panels()->paletteModel()->check(1), PaletteModel::Check::Ok);
    // The viewport marks the bad bone at that frame (it showed nothing wrong).
    ViewportCanvas *canvas = window.viewport()->canvas();
    QVERIFY2(canvas, qPrintable(window.viewport()->unavailableReason()));
    {
        const QStringList flagged = canvas->flaggedTextLines();
        QVERIFY2(!flagged.isEmpty() && flagged.first().contains(QStringLiteral("(bone 2)"))
                     && flagged.first().contains(QStringLiteral("NON_FINITE")),
                 qPrintable(flagged.join(u'\n')));
        window.context()->setCurrentFrame(0);
        QVERIFY2(canvas->flaggedTextLines().join(u' ').contains(QStringLiteral("other frames")),
                 qPrintable(canvas->flaggedTextLines().join(u'\n')));
        window.context()->setCurrentFrame(1);
    }

    // Deep checks can be cancelled; the quick results stay.
    window.context()->revalidate();
    panel->runDeepChecks();
    panel->cancelDeepChecks();
    panel->runner()->wait();
    QTRY_VERIFY(!panel->runner()->isRunning());
}

// Clip names are free text: a name holding ',', ']' and "frame=" once made the location parser
// pick the wrong clip and frame. Jumps now use the finding's fields.
void tst_MainWindow::jumpUsesFieldsNotText()
{
    bpat::BpatDocument doc(0, 3);
    doc.addClip(testdocs::makeClip(QStringLiteral("a,frame=3"), 4, 3, 24.0f, true));
    doc.addClip(testdocs::makeClip(QStringLiteral("b],frame=0,bone=0]"), 3, 3, 30.0f, false));
    QByteArray bytes = bpat::BpatWriter(doc).toBytes();
    const BpatFile file = BpatFile::fromData(bytes);
    testdocs::setF32(bytes, qsizetype(*file.matrixOffset(*file.globalFrame(1, 2), 1) + 4 * 5),
                     std::numeric_limits<float>::quiet_NaN());
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.openFile(writeCrafted(bytes, QStringLiteral("awkward-names.bpat"))));
    ValidationPanel *panel = window.panels()->validationPanel();
    panel->runDeepChecks();
    QTRY_VERIFY_WITH_TIMEOUT(window.context()->deepChecked(), 10000);
    const int nonFinite = rowWithCode(panel->model(), QStringLiteral("NON_FINITE"));
    QVERIFY(nonFinite >= 0);
    // The text is what it always was (the reports print it) ...
    QCOMPARE(panel->model()->diagnostic(nonFinite).location.toString(),
             QStringLiteral("palette[clip=b],frame=0,bone=0],frame=2,bone=1]"));
    // ... and the jump goes to clip 1, frame 2, bone 1.
    panel->activateRow(panel->proxy()->mapFromSource(panel->model()->index(nonFinite, 0)));
    QCOMPARE(window.context()->currentClip(), 1);
    QCOMPARE(window.context()->currentFrame(), 2);
    QCOMPARE(window.context()->currentBone(), 1);
}

void tst_MainWindow::exportedReportMatchesTheCliFormat()
{
    const QString path = writeCrafted(brokenBytes(), QStringLiteral("broken-export.bpat"));
    MainWindow window;
    window.context()->setProfile(ValidationProfile::Spec); // the format's own rules
    window.setInteractive(false);
    QVERIFY(window.openFile(path));
    const QString out = m_dir.filePath(QStringLiteral("report.json"));
    QVERIFY(window.panels()->validationPanel()->exportReportTo(out));
    QFile file(out);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    QCOMPARE(root.value(QStringLiteral("profile")).toString(), QStringLiteral("spec"));
    // Which tool, when and with which rules, as bpat validate --json says it.
    QCOMPARE(root.value(QStringLiteral("tool")).toString(), QStringLiteral("bpat"));
    QVERIFY(!root.value(QStringLiteral("version")).toString().isEmpty());
    QVERIFY(!root.value(QStringLiteral("time")).toString().isEmpty());
    QCOMPARE(root.value(QStringLiteral("deep")).toBool(), false);
    const QJsonArray files = root.value(QStringLiteral("files")).toArray();
    QCOMPARE(files.size(), 1);
    const QJsonObject entry = files.at(0).toObject();
    QCOMPARE(entry.value(QStringLiteral("valid")).toBool(), false);
    const QJsonArray issues = entry.value(QStringLiteral("issues")).toArray();
    QCOMPARE(issues.size(), window.context()->diagnostics().size());
    QStringList codes;
    for (const QJsonValue &issue : issues)
        codes.append(issue.toObject().value(QStringLiteral("code")).toString());
    QVERIFY(codes.contains(QStringLiteral("BAD_FPS")));
    QCOMPARE(entry.value(QStringLiteral("counts")).toObject().value(QStringLiteral("error")).toInt(),
             countDiagnostics(window.context()->diagnostics()).errors);
}

void tst_MainWindow::fileThatCannotBeReadLeavesTheWindowUsable()
{
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.openFile(writeCrafted(testdocs::smallFileBytes(), QStringLiteral("good.bpat"))));
    // An empty file and a folder cannot be mapped: the open file stays, no dialog.
    QVERIFY(!window.openFile(writeCrafted(QByteArray(), QStringLiteral("empty.bpat"))));
    QVERIFY(!window.openFile(m_dir.path()));
    QVERIFY(window.context()->hasFile());
    QCOMPARE(window.panels()->clipsModel()->rowCount(), 2);
    // A file shorter than the header opens with its error.
    QVERIFY(window.openFile(writeCrafted(QByteArray("BPAT", 4), QStringLiteral("short.bpat"))));
    QCOMPARE(window.panels()->clipsModel()->rowCount(), 0);
    QCOMPARE(window.panels()->paletteModel()->rowCount(), 0);
    QVERIFY(rowWithCode(window.panels()->validationPanel()->model(), QStringLiteral("FILE_TOO_SMALL")) >= 0);
    // Header claims wildly out of range: tables are not decoded, the panels stay bounded.
    QByteArray lying = testdocs::smallFileBytes();
    testdocs::setU32(lying, 12, 0xffffffffu);           // bone_count
    testdocs::setU64(lying, 32, 0xfffffffffffffff0ull); // clip_table_offset
    QVERIFY(window.openFile(writeCrafted(lying, QStringLiteral("lying.bpat"))));
    QVERIFY(window.panels()->paletteModel()->rowCount() <= PaletteModel::kMaxBoneRows + 2);
    QVERIFY(window.panels()->layoutModel()->rowCount() > 0);
    QVERIFY(countDiagnostics(window.context()->diagnostics()).errors > 0);
    for (int row = 0; row < window.panels()->paletteModel()->rowCount(); ++row)
        window.panels()->paletteModel()->index(row, PaletteModel::Row0Column).data();
}

void tst_MainWindow::clipSelectionFollowsTheContext()
{
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.openFile(writeCrafted(testdocs::smallFileBytes(), QStringLiteral("select.bpat"))));
    TablePanel *clips = window.panels()->clipsPanel();
    clips->selectSourceRow(1);
    clips->view()->setCurrentIndex(clips->proxy()->index(1, 0));
    QCOMPARE(window.context()->currentClip(), 1);
    QCOMPARE(window.context()->frameCount(), 2);
    window.context()->setCurrentClip(0);
    QCOMPARE(clips->sourceRow(clips->view()->currentIndex()), 0);
    // Selecting a bone row in the palette selects the bone (for the viewport's highlight).
    TablePanel *palette = window.panels()->palettePanel();
    palette->view()->setCurrentIndex(palette->proxy()->index(2, 0));
    QCOMPARE(window.context()->currentBone(), 2);
    // Sorting the clips by frames descending puts jab (2 frames) last.
    clips->view()->sortByColumn(ClipsModel::FramesColumn, Qt::DescendingOrder);
    QCOMPARE(clips->proxy()->index(1, ClipsModel::NameColumn).data().toString(), QStringLiteral("jab"));
}

void tst_MainWindow::copiesRowsAsTsv()
{
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.openFile(writeCrafted(testdocs::smallFileBytes(), QStringLiteral("copy.bpat"))));
    CopyableTableView *view = window.panels()->socketsPanel()->view();
    view->selectRow(1);
    const QStringList lines = view->selectedRowsAsTsv().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 2);
    QCOMPARE(lines.at(0), QStringLiteral("#\tName\tAnchor bone\tLocal offset"));
    QVERIFY(lines.at(1).startsWith(QStringLiteral("1\thead\t1 ")));
    // Ctrl+C on the focused table puts the same text on the clipboard.
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    view->setFocus();
    QTest::keyClick(view, Qt::Key_C, Qt::ControlModifier);
    QCOMPARE(QGuiApplication::clipboard()->text(), view->selectedRowsAsTsv());
}

void tst_MainWindow::centralViewsPlugIn()
{
    MainWindow window;
    CentralViewHost *host = window.centralViews();
    // The window installs the 3D viewport as its primary view, the curves panel and the
    // Analysis tab as tabs.
    QVERIFY(!host->hasPlaceholder());
    QVERIFY(host->primaryView()->inherits("bpat::studio::ViewportWidget"));
    QCOMPARE(host->count(), 3);
    QCOMPARE(host->tabText(1), QStringLiteral("Curves"));
    QCOMPARE(host->tabText(2), QStringLiteral("Analysis"));
    auto *viewport = new QLabel(QStringLiteral("viewport"));
    window.setCentralView(viewport, QStringLiteral("Viewport"));
    QCOMPARE(host->primaryView(), viewport);
    QCOMPARE(window.addCentralView(new QLabel(QStringLiteral("more")), QStringLiteral("More")), 3);
    QCOMPARE(host->count(), 4);
    // Panels added later appear in the View menu.
    QDockWidget *dock = window.addPanel(new QLabel(QStringLiteral("undo")), QStringLiteral("History"),
                                        QStringLiteral("historyDock"), Qt::RightDockWidgetArea);
    QVERIFY(window.form()->menuView->actions().contains(dock->toggleViewAction()));
}

// The menus of ui/MainWindow.ui, in the form's order: no part of the window inserts an action by
// its position in a menu, and panels' toggles go above View > Viewport.
void tst_MainWindow::menusAreTheFormsInItsOrder()
{
    MainWindow window;
    const auto list = [](const char16_t *items) { return QString::fromUtf16(items).split(u'|'); };
    const auto texts = [](const QList<QAction *> &actions) {
        QStringList list;
        for (const QAction *action : actions)
            list << (action->isSeparator() ? QStringLiteral("-") : action->text().remove(u'&'));
        return list;
    };
    QCOMPARE(texts(window.menuBar()->actions()), list(u"File|Edit|Clip|Socket|View|Validate|Playback|Window|Help"));
    Ui::MainWindow *ui = window.form();
    QCOMPARE(
        texts(ui->menuFile->actions()),
        list(
            u"Open...|Open Recent|Reload|Close|-|Save|Save As...|Convert to...|-|Save Screenshot...|Rebake...|Import glTF...|Export glTF...|Attach Body...|-|Compare With...|Stop Comparing|-|Quit"));
    QCOMPARE(texts(ui->menuEdit->actions()), list(u"Undo|Redo|-|Copy Rows"));
    const QStringList view = texts(ui->menuView->actions());
    QCOMPARE(view.mid(0, 4), list(u"Layout Presets|Reset Layout|Dark Theme|-"));
    QCOMPARE(view.mid(4),
             list(u"Header|Layout|Clips|Sockets|Palette|Validation|Undo History|Contacts|Differences|Viewport|Curves "
                  u"Beside Viewport|Body|Crowd..."));
    QCOMPARE(texts(ui->menuLayoutPresets->actions()), list(u"Animator|Tech Artist"));
    // The open documents follow the separator (none yet).
    QCOMPARE(texts(ui->menuWindow->actions()), list(u"Next Document|Previous Document|-"));
    QCOMPARE(texts(ui->menuBody->actions()), list(u"Full|Minimal|Stand-in"));
}

QTEST_MAIN(tst_MainWindow)
#include "tst_MainWindow.moc"
