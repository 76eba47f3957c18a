// Editing in the window: in-place edits through the Clips and Sockets models, the Clip menu,
// Edit > Undo/Redo with their texts, the modified mark, Save with the file watcher on, and the
// Save / Discard / Cancel question before unsaved edits would be lost.
#include "PanelDocks.h"
#include "MainWindow.h"
#include "ui_MainWindow.h"
#include "StudioContext.h"
#include "TestDocuments.h"
#include "TestPaths.h"
#include "bpat/BpatFile.h"
#include "dialogs/ImportClipsDialog.h"
#include "editing/ClipCommands.h"
#include "editing/DocumentSession.h"
#include "editing/EditActions.h"
#include "ReadOnlyTargets.h"
#include "models/ClipsModel.h"
#include "models/SocketsModel.h"
#include "widgets/CopyableTableView.h"
#include "widgets/TablePanel.h"

#include <QAbstractButton>
#include <QSettings>
#include <QRegularExpression>
#include <QTableView>
#include <QLineEdit>
#include <QDockWidget>
#include <QFile>
#include <QMenu>
#include <QMessageBox>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QUndoStack>
#include <QUndoView>
#include <QtTest/QtTest>

using namespace bpat;
using namespace bpat::studio;

class tst_EditActions : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void clipCellsEditThroughUndoableCommands();
    void refusedCellEditIsReportedNotWritten();
    void clipMenuActions();
    void socketCellsEditAndMoveTheSocket();
    void saveIsNotTakenForAnExternalChange();
    void saveAsAddsTheSuffix();
    void readOnlyFileIsReplacedOnlyWhenTheUserSaysSo();
    void importedClipsTakeTheOpenFilesVersion();
    void closeAsksAboutUnsavedChanges();
    void closeBoxCanBeAnswered();
    void redoHasCtrlYAndHistoryStartsClosed();
    void cellEditsThroughTheViewLeaveNoQtWarnings();

private:
    QString writeSmall(const QString &name);
    QTemporaryDir m_dir;
};

void tst_EditActions::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("bpat-studio-tests"));
}

QString tst_EditActions::writeSmall(const QString &name)
{
    const QString path = m_dir.filePath(name);
    QFile file(path);
    const QByteArray bytes = testdocs::smallFileBytes();
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

void tst_EditActions::cellEditsThroughTheViewLeaveNoQtWarnings()
{
    // Nine "commitData called with an editor that does not belong to this view" warnings
    // followed cell edits: any Qt warning fails this test.
    QTest::failOnWarning(QRegularExpression(QStringLiteral(".*")));
    MainWindow window;
    window.setInteractive(false);
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openFile(writeSmall(QStringLiteral("view-edits.bpat"))));
    auto *clipsDock = window.findChild<QDockWidget *>(QStringLiteral("clipsDock"));
    QVERIFY(clipsDock);
    clipsDock->show();
    clipsDock->raise();
    QTableView *view = window.panels()->clipsPanel()->view();
    const auto editCell = [&](int row, int column, const QString &text) {
        const QModelIndex index = view->model()->index(row, column);
        view->setCurrentIndex(index);
        view->edit(index);
        QLineEdit *editor = nullptr;
        for (QLineEdit *e : view->findChildren<QLineEdit *>()) {
            if (e->isVisible())
                editor = e;
        }
        QVERIFY(editor);
        editor->selectAll();
        QTest::keyClicks(editor, text);
        QTest::keyClick(editor, Qt::Key_Return);
        QCoreApplication::processEvents();
    };
    editCell(0, ClipsModel::NameColumn, QStringLiteral("breathe"));
    editCell(1, ClipsModel::FpsColumn, QStringLiteral("60"));
    editCell(1, ClipsModel::NameColumn, QStringLiteral("strike"));
    QCOMPARE(window.context()->file().clips().at(0).name, QStringLiteral("breathe"));
    QCOMPARE(window.context()->file().clips().at(1).fps, 60.0f);
    QCOMPARE(window.context()->file().clips().at(1).name, QStringLiteral("strike"));
    window.form()->actionUndo->trigger();
    window.form()->actionUndo->trigger();
    QCoreApplication::processEvents();
    view->setFocus();
    QCoreApplication::processEvents();
}

void tst_EditActions::redoHasCtrlYAndHistoryStartsClosed()
{
    QSettings().remove(QStringLiteral("mainWindow/state")); // a first start
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.form()->actionRedo->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::Key_Y)));
    QVERIFY(window.form()->actionRedo->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)));
    auto *dock = window.findChild<QDockWidget *>(QStringLiteral("undoHistoryDock"));
    QVERIFY(dock);
    QVERIFY(dock->isHidden());
}

void tst_EditActions::clipCellsEditThroughUndoableCommands()
{
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.openFile(writeSmall(QStringLiteral("cells.bpat"))));
    ClipsModel *clips = window.panels()->clipsModel();
    QVERIFY(clips->flags(clips->index(0, ClipsModel::NameColumn)) & Qt::ItemIsEditable);
    QVERIFY(!window.isWindowModified());
    QVERIFY(window.windowTitle().contains(QLatin1String("[*]")));

    QVERIFY(clips->setData(clips->index(0, ClipsModel::NameColumn), QStringLiteral("breathe")));
    QCOMPARE(clips->data(clips->index(0, ClipsModel::NameColumn)).toString(), QStringLiteral("breathe"));
    QVERIFY(clips->setData(clips->index(1, ClipsModel::FpsColumn), 60.0));
    QCOMPARE(window.context()->file().clips().at(1).fps, 60.0f);
    QVERIFY(clips->setData(clips->index(1, ClipsModel::LoopsColumn), Qt::Checked, Qt::CheckStateRole));
    QVERIFY(window.context()->file().clips().at(1).loops());
    QVERIFY(window.isWindowModified());

    const EditActions *edit = window.editActions();
    QCOMPARE(window.form()->actionUndo->text(), QStringLiteral("&Undo Make clip 'jab' loop"));
    window.form()->actionUndo->trigger();
    window.form()->actionUndo->trigger();
    QCOMPARE(window.context()->file().clips().at(1).fps, 30.0f);
    QCOMPARE(window.form()->actionUndo->text(), QStringLiteral("&Undo Rename clip 'idle' to 'breathe'"));
    window.form()->actionUndo->trigger();
    QCOMPARE(clips->data(clips->index(0, ClipsModel::NameColumn)).toString(), QStringLiteral("idle"));
    QVERIFY(!window.isWindowModified());
    window.form()->actionRedo->trigger();
    QCOMPARE(clips->data(clips->index(0, ClipsModel::NameColumn)).toString(), QStringLiteral("breathe"));
    QVERIFY(window.isWindowModified());
    QCOMPARE(edit->historyView()->stack()->count(), 3);
}

void tst_EditActions::refusedCellEditIsReportedNotWritten()
{
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.openFile(writeSmall(QStringLiteral("refused.bpat"))));
    ClipsModel *clips = window.panels()->clipsModel();
    QVERIFY(!clips->setData(clips->index(0, ClipsModel::NameColumn), QStringLiteral("jab")));
    QVERIFY2(window.statusBar()->currentMessage().contains(QLatin1String("already exists")),
             qPrintable(window.statusBar()->currentMessage()));
    QVERIFY(!clips->setData(clips->index(0, ClipsModel::FpsColumn), QStringLiteral("fast")));
    QVERIFY(!clips->setData(clips->index(0, ClipsModel::FpsColumn), -5.0));
    QCOMPARE(clips->data(clips->index(0, ClipsModel::NameColumn)).toString(), QStringLiteral("idle"));
    QCOMPARE(window.context()->session()->undoStack()->count(), 0);
    QVERIFY(!window.isWindowModified());
}

void tst_EditActions::clipMenuActions()
{
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.openFile(writeSmall(QStringLiteral("menu.bpat"))));
    StudioContext *context = window.context();
    ClipsModel *clips = window.panels()->clipsModel();
    QVERIFY(window.form()->menuClip->actions().contains(window.form()->actionSplitClip));

    window.form()->actionDuplicateClip->trigger();
    QCOMPARE(clips->rowCount(), 3);
    QCOMPARE(context->file().clips().at(1).name, QStringLiteral("idle_copy"));
    QCOMPARE(context->currentClip(), 1);

    window.form()->actionMoveClipDown->trigger(); // idle, jab, idle_copy
    QCOMPARE(context->file().clips().at(2).name, QStringLiteral("idle_copy"));
    QCOMPARE(context->currentClip(), 2);
    window.form()->actionMoveClipUp->trigger();
    QCOMPARE(context->file().clips().at(1).name, QStringLiteral("idle_copy"));

    context->setCurrentClip(0);
    context->setCurrentFrame(3);
    window.form()->actionSplitClip->trigger();
    QCOMPARE(context->file().clips().at(0).frameCount, 3u);
    QCOMPARE(context->file().clips().at(1).name, QStringLiteral("idle_b"));
    QCOMPARE(context->file().clips().at(1).frameCount, 1u);

    context->setCurrentClip(1);
    window.form()->actionRemoveClip->trigger();
    QCOMPARE(clips->rowCount(), 3);
    QCOMPARE(context->file().findClip(QStringLiteral("idle_b")), -1);

    QUndoStack *stack = context->session()->undoStack();
    QCOMPARE(stack->count(), 5);
    stack->setIndex(0);
    QCOMPARE(context->file().bytes().toByteArray(), testdocs::smallFileBytes());
    QVERIFY(!window.isWindowModified());
}

void tst_EditActions::socketCellsEditAndMoveTheSocket()
{
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.openFile(writeSmall(QStringLiteral("sockets.bpat"))));
    StudioContext *context = window.context();
    SocketsModel *sockets = window.panels()->socketsModel();
    QVERIFY(sockets->setData(sockets->index(0, SocketsModel::NameColumn), QStringLiteral("grip")));
    QCOMPARE(context->file().sockets().at(0).name, QStringLiteral("grip"));
    QVERIFY(sockets->setData(sockets->index(0, SocketsModel::AnchorColumn), QStringLiteral("bone 1")));
    QCOMPARE(context->file().sockets().at(0).anchorBone, 1u);
    QVERIFY(sockets->setData(sockets->index(0, SocketsModel::AnchorColumn), QStringLiteral("0")));
    QCOMPARE(context->file().sockets().at(0).anchorBone, 0u);
    QVERIFY(!sockets->setData(sockets->index(0, SocketsModel::AnchorColumn), QStringLiteral("9")));
    QVERIFY(!sockets->setData(sockets->index(0, SocketsModel::AnchorColumn), QStringLiteral("wing")));

    const QMatrix4x4 before = context->file().socketMatrix(1, 1, 0);
    QVERIFY(sockets->setData(sockets->index(0, SocketsModel::OffsetColumn), QStringLiteral("0.25, 0, -0.5")));
    QCOMPARE(context->file().sockets().at(0).localOffset, QVector3D(0.25f, 0.0f, -0.5f));
    const QMatrix4x4 after = context->file().socketMatrix(1, 1, 0);
    const QVector3D moved = after.column(3).toVector3D() - before.column(3).toVector3D();
    const QVector3D expected =
        context->file().matrix(1, 1, 0).mapVector(QVector3D(0.25f, 0.0f, -0.5f) - QVector3D(0.0f, 0.1f, 0.0f));
    QVERIFY2((moved - expected).length() < 1e-5f, "the socket rows follow the new offset");
    QVERIFY(!sockets->setData(sockets->index(0, SocketsModel::OffsetColumn), QStringLiteral("1, 2")));
    QCOMPARE(context->session()->undoStack()->count(), 4);
}

void tst_EditActions::saveIsNotTakenForAnExternalChange()
{
    const QString path = writeSmall(QStringLiteral("watched.bpat"));
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.openFile(path));
    QSignalSpy reloaded(window.context(), &StudioContext::fileReloaded);
    ClipsModel *clips = window.panels()->clipsModel();
    QVERIFY(clips->setData(clips->index(1, ClipsModel::NameColumn), QStringLiteral("punch")));
    window.form()->actionSave->trigger();
    QVERIFY(!window.isWindowModified());
    QTest::qWait(800); // longer than the watcher's settle delay
    QCOMPARE(reloaded.count(), 0);
    QCOMPARE(window.context()->session()->undoStack()->count(), 1); // history kept after saving
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), window.context()->file().bytes().toByteArray());
    // An external rewrite while edits are unsaved keeps the edits.
    QVERIFY(clips->setData(clips->index(1, ClipsModel::FpsColumn), 50.0));
    file.close();
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(testdocs::smallFileBytes(false));
    file.close();
    QTest::qWait(800);
    QCOMPARE(reloaded.count(), 0);
    QCOMPARE(window.context()->file().clips().at(1).fps, 50.0f);
    QVERIFY(window.statusBar()->currentMessage().contains(QLatin1String("unsaved edits are kept")));
}

void tst_EditActions::saveAsAddsTheSuffix()
{
    // Save As "walk_edit" wrote a file without a suffix, which the open dialog does not list.
    const QString path = writeSmall(QStringLiteral("named.bpat"));
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.openFile(path));
    const QString typed = m_dir.filePath(QStringLiteral("walk_edit"));
    window.editActions()->setSaveAsPathHook([typed] { return typed; });
    QVERIFY(window.editActions()->saveAs());
    QVERIFY(QFileInfo::exists(typed + QStringLiteral(".bpat")));
    QVERIFY(!QFileInfo::exists(typed));
    QCOMPARE(window.context()->filePath(), typed + QStringLiteral(".bpat"));
    // A name with a suffix of its own is kept as typed.
    const QString other = m_dir.filePath(QStringLiteral("walk.v2.bpat"));
    window.editActions()->setSaveAsPathHook([other] { return other; });
    QVERIFY(window.editActions()->saveAs());
    QVERIFY(QFileInfo::exists(other));
}

void tst_EditActions::readOnlyFileIsReplacedOnlyWhenTheUserSaysSo()
{
    // Issue 42, finding 10: the one save path refuses a read-only target; the window asks
    // (ReadOnlyTargets) and replaces it only on Yes, keeping its mode.
    const QString path = writeSmall(QStringLiteral("locked.bpat"));
    QVERIFY(QFile::setPermissions(path, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.openFile(path));
    ClipsModel *clips = window.panels()->clipsModel();
    QVERIFY(clips->setData(clips->index(1, ClipsModel::NameColumn), QStringLiteral("punch")));
    QStringList asked;
    bool answer = false;
    ReadOnlyTargets::setAsker([&](const QString &target) {
        asked << target;
        return answer;
    });
    QVERIFY(!window.editActions()->save());
    QCOMPARE(asked, QStringList{path});
    QVERIFY(window.isWindowModified());
    QCOMPARE(BpatFile::open(path)->clips().at(1).name, QStringLiteral("jab"));
    answer = true;
    QVERIFY(window.editActions()->save());
    QCOMPARE(asked.size(), 2);
    QVERIFY(!window.isWindowModified());
    QCOMPARE(BpatFile::open(path)->clips().at(1).name, QStringLiteral("punch"));
    QVERIFY(!(QFileInfo(path).permissions() & (QFile::WriteOwner | QFile::WriteGroup | QFile::WriteOther)));
    // Save As onto another read-only file asks too; a writable one does not.
    const QString other = writeSmall(QStringLiteral("other.bpat"));
    window.editActions()->setSaveAsPathHook([other] { return other; });
    QVERIFY(window.editActions()->saveAs());
    QCOMPARE(asked.size(), 2);
    ReadOnlyTargets::setAsker({});
}

void tst_EditActions::importedClipsTakeTheOpenFilesVersion()
{
    // Clip > Import Clips from a v1 file into the game's late-v3 humanoid was refused (the new
    // clips had no contact records), and from a v3 file into a v1 one the markers vanished
    // without a word.
    const QString late = QStringLiteral("upstream_assets/bpat_v3_late/humanoid.bpat");
    const QString v1 = QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat");
    BPAT_REQUIRE_SHARED(late);
    BPAT_REQUIRE_SHARED(v1);
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.openFile(testpaths::shared(late)));
    DocumentSession *session = window.context()->session();
    const int before = window.context()->clipCount();
    ImportClipsDialog fromV1;
    QString error;
    QVERIFY(fromV1.load(testpaths::shared(v1), &error));
    fromV1.setTarget(*session->document());
    QVERIFY2(fromV1.noteText().contains(QStringLiteral("contact records computed from the rig's feet")),
             qPrintable(fromV1.noteText()));
    QVERIFY(session->execute(new ImportClipsCommand(session, fromV1.source(), {0, 3}, QStringLiteral("humanoid.bpat"))));
    QCOMPARE(window.context()->clipCount(), before + 2);
    const BpatFile &file = window.context()->file();
    QCOMPARE(file.dialect(), format::Dialect::V3Late);
    QVERIFY(file.contactTableInBounds());
    QCOMPARE(file.clips().at(before).name, QStringLiteral("idle_2"));
    QVERIFY(file.clips().at(before).flags & format::ClipFlagSuppliesGroundContact);
    // The other way: the dialog says what a v1 file drops of late-v3 clips.
    ImportClipsDialog fromLate;
    QVERIFY(fromLate.load(testpaths::shared(late), &error));
    const std::optional<BpatFile> v1File = BpatFile::open(testpaths::shared(v1));
    const std::optional<BpatDocument> v1Doc = BpatDocument::planFromFile(*v1File);
    QVERIFY(v1Doc);
    fromLate.setTarget(*v1Doc);
    QVERIFY2(fromLate.noteText().contains(QStringLiteral("stays v1")) && fromLate.noteText().contains(QStringLiteral("markers"))
                 && fromLate.noteText().contains(QStringLiteral("contact records")),
             qPrintable(fromLate.noteText()));
}

void tst_EditActions::closeAsksAboutUnsavedChanges()
{
    const QString path = writeSmall(QStringLiteral("close.bpat"));
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.openFile(path));
    window.show();
    ClipsModel *clips = window.panels()->clipsModel();
    QVERIFY(clips->setData(clips->index(0, ClipsModel::NameColumn), QStringLiteral("breathe")));
    int asked = 0;
    EditActions::Choice answer = EditActions::Choice::Cancel;
    window.editActions()->setChoiceHook([&] {
        ++asked;
        return answer;
    });
    QVERIFY(!window.close());
    QCOMPARE(asked, 1);
    QVERIFY(window.isVisible());
    window.form()->actionClose->trigger(); // File > Close asks too
    QCOMPARE(asked, 2);
    QVERIFY(window.context()->hasFile());

    answer = EditActions::Choice::Save;
    QVERIFY(window.close());
    QCOMPARE(asked, 3);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.readAll().contains("breathe"));

    // Nothing unsaved: no question.
    MainWindow clean;
    clean.setInteractive(false);
    QVERIFY(clean.openFile(path));
    clean.editActions()->setChoiceHook([&] {
        ++asked;
        return EditActions::Choice::Cancel;
    });
    clean.show();
    QVERIFY(clean.close());
    QCOMPARE(asked, 3);
}

void tst_EditActions::closeBoxCanBeAnswered()
{
    const QString path = writeSmall(QStringLiteral("closebox.bpat"));
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.openFile(path));
    window.show();
    ClipsModel *clips = window.panels()->clipsModel();
    QVERIFY(clips->setData(clips->index(0, ClipsModel::FpsColumn), 12.0));
    QString seen;
    auto answerWith = [&](QMessageBox::StandardButton button) {
        QTimer::singleShot(50, this, [&seen, button] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (!box)
                return;
            seen = box->text();
            box->button(button)->click();
        });
    };
    answerWith(QMessageBox::Cancel);
    QVERIFY(!window.close());
    QVERIFY2(seen.contains(QLatin1String("closebox.bpat")), qPrintable(seen));
    answerWith(QMessageBox::Discard);
    QVERIFY(window.close());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), testdocs::smallFileBytes()); // discarded: untouched
}

QTEST_MAIN(tst_EditActions)
#include "tst_EditActions.moc"
