// Several files open in one window (DocumentList, DocumentActions): each opened file is added
// beside the others with a tab; switching shows each as it was left (clip, frame, bones,
// camera); each keeps its own edits and undo history; closing a modified one asks and Cancel
// keeps it; closing the window asks about each; the same file opened again is shown, not
// doubled; dropping several files (a recording among them) opens them all; Window > Next
// Document and the Window menu's list switch. Writes a screenshot for the user guide.
#include "DocumentActions.h"
#include "GeneratedRecording.h"
#include "MainWindow.h"
#include "PanelDocks.h"
#include "StudioContext.h"
#include "TestDocuments.h"
#include "TestPaths.h"
#include "document/DocumentList.h"
#include "editing/DocumentSession.h"
#include "editing/EditActions.h"
#include "models/ClipsModel.h"
#include "ui_MainWindow.h"
#include "viewport/ViewportWidget.h"
#include "widgets/DocumentTabs.h"
#include "widgets/TimelineWidget.h"

#include <QScrollArea>
#include <QScrollBar>

#include <QMimeData>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest/QTest>

using namespace bpat::studio;

class tst_SeveralDocuments : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("bpat-studio-tests-documents"));
        QVERIFY(m_dir.isValid());
    }

    void init()
    {
        m_window = std::make_unique<MainWindow>();
        m_window->setInteractive(false);
        m_window->resize(1280, 720);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }
    void cleanup() { m_window.reset(); }

    void switchingKeepsClipFrameBonesAndCamera()
    {
        const QString humanoid = testpaths::shared(QStringLiteral("upstream_assets/bpat_current/humanoid.bpat"));
        const QString horse = testpaths::shared(QStringLiteral("upstream_assets/bpat_current/horse.bpat"));
        if (!QFileInfo::exists(humanoid) || !QFileInfo::exists(horse))
            BPAT_SKIP_SHARED(QStringLiteral("shared assets not found: ") + humanoid);
        StudioContext *context = m_window->context();
        DocumentList *documents = m_window->documents()->documents();
        DocumentTabs *tabs = m_window->documents()->tabs();
        QVERIFY(m_window->openFile(humanoid));
        QCOMPARE(documents->count(), 1);
        QVERIFY(!tabs->isVisible()); // one file: the title names it
        context->setCurrentClipByName(QStringLiteral("walk"));
        context->setCurrentFrame(17);
        context->setSelectedBones({14, 15});
        ViewportCanvas *canvas = m_window->viewport()->canvas();
        if (canvas)
            canvas->camera().yaw = 123.0f;

        QVERIFY(m_window->openFile(horse));
        QCOMPARE(documents->count(), 2);
        QCOMPARE(documents->activeIndex(), 1);
        QTRY_VERIFY(tabs->isVisible());
        QCOMPARE(tabs->count(), 2);
        QCOMPARE(tabs->tabText(1), QStringLiteral("horse.bpat"));
        QCOMPARE(QFileInfo(context->filePath()).fileName(), QStringLiteral("horse.bpat"));
        QCOMPARE(context->currentFrame(), 0);
        context->setCurrentClip(2);
        context->setCurrentFrame(5);
        if (canvas) {
            QVERIFY(canvas->camera().yaw != 123.0f); // a new file is framed on its own
            canvas->camera().yaw = -40.0f;
        }

        tabs->setCurrentIndex(0); // a click on the first tab
        QCOMPARE(documents->activeIndex(), 0);
        QCOMPARE(QFileInfo(context->filePath()).fileName(), QStringLiteral("humanoid.bpat"));
        QCOMPARE(context->clipEntries().at(context->currentClip()).name, QStringLiteral("walk"));
        QCOMPARE(context->currentFrame(), 17);
        QCOMPARE(context->selectedBones(), (QList<int>{14, 15}));
        QVERIFY(m_window->windowTitle().startsWith(QStringLiteral("humanoid.bpat")));
        if (canvas) {
            QCOMPARE(canvas->camera().yaw, 123.0f);
            QCOMPARE(canvas->scene().source().boneCount, 20);
        }
        m_window->form()->actionNextDocument->trigger(); // Window > Next Document (Ctrl+PgDown)
        QCOMPARE(documents->activeIndex(), 1);
        QCOMPARE(context->currentClip(), 2);
        QCOMPARE(context->currentFrame(), 5);
        if (canvas)
            QCOMPARE(canvas->camera().yaw, -40.0f);
        // The Window menu lists both, the shown one checked.
        QStringList listed;
        for (QAction *action : m_window->form()->menuWindow->actions()) {
            if (action->isCheckable())
                listed.append(action->text() + (action->isChecked() ? QStringLiteral(" (shown)") : QString()));
        }
        QCOMPARE(listed, (QStringList{QStringLiteral("&1 humanoid.bpat"), QStringLiteral("&2 horse.bpat (shown)")}));
        // Opening one that is open shows it: no second tab.
        QVERIFY(m_window->openFile(humanoid));
        QCOMPARE(documents->count(), 2);
        QCOMPARE(documents->activeIndex(), 0);
        QCOMPARE(context->currentFrame(), 17);
        const QString shot = testpaths::binaryDir() + QStringLiteral("/several-documents.png");
        QVERIFY(m_window->saveScreenshot(shot));
        qInfo("screenshot: %s", qPrintable(shot));
    }

    void eachKeepsItsEditsAndHistory()
    {
        const QString a = writeSmall(QStringLiteral("a.bpat"));
        const QString b = writeSmall(QStringLiteral("b.bpat"));
        StudioContext *context = m_window->context();
        DocumentList *documents = m_window->documents()->documents();
        QVERIFY(m_window->openFile(a));
        ClipsModel *clips = m_window->panels()->clipsModel();
        QVERIFY(clips->setData(clips->index(0, ClipsModel::NameColumn), QStringLiteral("breathe")));
        QVERIFY(documents->isModified(0));
        QVERIFY(m_window->form()->actionUndo->isEnabled());
        QVERIFY(m_window->isWindowModified());

        QVERIFY(m_window->openFile(b));
        QCOMPARE(documents->activeIndex(), 1);
        QVERIFY(!documents->isModified(1));
        QVERIFY(!m_window->isWindowModified());
        QVERIFY(!m_window->form()->actionUndo->isEnabled()); // b's history is empty
        QCOMPARE(context->clipEntries().at(0).name, QStringLiteral("idle"));
        QCOMPARE(m_window->documents()->tabs()->tabText(0), QStringLiteral("a.bpat *"));
        QVERIFY(clips->setData(clips->index(1, ClipsModel::NameColumn), QStringLiteral("punch")));

        documents->activate(0);
        QCOMPARE(context->clipEntries().at(0).name, QStringLiteral("breathe")); // the edit, not the file
        QCOMPARE(context->clipEntries().at(1).name, QStringLiteral("jab"));
        QVERIFY(m_window->isWindowModified());
        QVERIFY2(m_window->form()->actionUndo->text().contains(QStringLiteral("breathe")),
                 qPrintable(m_window->form()->actionUndo->text()));
        m_window->form()->actionUndo->trigger(); // undoes a's edit only
        QCOMPARE(context->clipEntries().at(0).name, QStringLiteral("idle"));
        QVERIFY(documents->session(1)->isModified());
        documents->activate(1);
        QCOMPARE(context->clipEntries().at(1).name, QStringLiteral("punch"));
        QVERIFY(m_window->form()->actionSave->isEnabled());
        m_window->form()->actionSave->trigger();
        QVERIFY(!documents->isModified(1));
        QFile saved(b);
        QVERIFY(saved.open(QIODevice::ReadOnly));
        QVERIFY(saved.readAll().contains("punch"));
    }

    void closingAModifiedDocumentAsks()
    {
        const QString a = writeSmall(QStringLiteral("close-a.bpat"));
        const QString b = writeSmall(QStringLiteral("close-b.bpat"));
        DocumentList *documents = m_window->documents()->documents();
        QVERIFY(m_window->openFile(a));
        ClipsModel *clips = m_window->panels()->clipsModel();
        QVERIFY(clips->setData(clips->index(0, ClipsModel::NameColumn), QStringLiteral("breathe")));
        QVERIFY(m_window->openFile(b));
        QVERIFY(clips->setData(clips->index(0, ClipsModel::NameColumn), QStringLiteral("sigh")));
        int asked = 0;
        EditActions::Choice answer = EditActions::Choice::Cancel;
        QStringList shownWhenAsked;
        m_window->editActions()->setChoiceHook([&] {
            ++asked;
            shownWhenAsked.append(QFileInfo(m_window->context()->filePath()).fileName());
            return answer;
        });
        // Closing the other tab shows it first, then asks; Cancel keeps it.
        QVERIFY(!documents->close(0));
        QCOMPARE(asked, 1);
        QCOMPARE(shownWhenAsked, QStringList{QStringLiteral("close-a.bpat")});
        QCOMPARE(documents->count(), 2);
        // The window asks about each modified one; Cancel at the first keeps it open.
        QVERIFY(!m_window->close());
        QCOMPARE(asked, 2);
        QVERIFY(m_window->isVisible());
        // Discard: File > Close takes the shown one; the other is shown as it was.
        answer = EditActions::Choice::Discard;
        documents->activate(1);
        m_window->form()->actionClose->trigger();
        QCOMPARE(asked, 3);
        QCOMPARE(documents->count(), 1);
        QCOMPARE(QFileInfo(m_window->context()->filePath()).fileName(), QStringLiteral("close-a.bpat"));
        QCOMPARE(m_window->context()->clipEntries().at(0).name, QStringLiteral("breathe"));
        QVERIFY(m_window->isWindowModified());
        m_window->form()->actionClose->trigger();
        QCOMPARE(asked, 4);
        QCOMPARE(documents->count(), 0);
        QVERIFY(!m_window->context()->hasDocument());
        QVERIFY(!m_window->form()->actionClose->isEnabled());
        QVERIFY(m_window->close()); // nothing left to ask about
        QCOMPARE(asked, 4);
    }

    void sameNamesShowTheirFoldersAndNamesStayReadable()
    {
        // Two files named horse.bpat get tabs that say which is which; five tabs keep their
        // names whole at 1280x720 (they shrank to "ho…at").
        const QString dir = testpaths::shared(QStringLiteral("upstream_assets"));
        const QStringList files{dir + QStringLiteral("/bpat_current/horse.bpat"),
                                dir + QStringLiteral("/bpat_v1_latest/horse.bpat"), dir + QStringLiteral("/bpat_v2/horse.bpat"),
                                dir + QStringLiteral("/bpat_current/humanoid.bpat"),
                                dir + QStringLiteral("/bpat_current/elephant.bpat")};
        for (const QString &file : files) {
            if (!QFileInfo::exists(file))
                BPAT_SKIP_SHARED(QStringLiteral("shared asset not found: ") + file);
            QVERIFY(m_window->openFile(file));
        }
        DocumentTabs *tabs = m_window->documents()->tabs();
        QCOMPARE(tabs->count(), 5);
        QCOMPARE(tabs->tabText(0), QStringLiteral("horse.bpat (bpat_current)"));
        QCOMPARE(tabs->tabText(1), QStringLiteral("horse.bpat (bpat_v1_latest)"));
        QCOMPARE(tabs->tabText(2), QStringLiteral("horse.bpat (bpat_v2)"));
        QCOMPARE(tabs->tabText(3), QStringLiteral("humanoid.bpat"));
        QCOMPARE(tabs->tabToolTip(1), QDir::toNativeSeparators(files.at(1)));
        QCoreApplication::processEvents();
        const QFontMetrics metrics(tabs->font());
        for (int i = 0; i < tabs->count(); ++i)
            QVERIFY2(tabs->tabRect(i).width() >= metrics.horizontalAdvance(tabs->tabText(i)),
                     qPrintable(QStringLiteral("%1: %2 px").arg(tabs->tabText(i)).arg(tabs->tabRect(i).width())));
        // The tabs take their row from the views, not from the timeline's rows.
        auto *rows = m_window->timeline()->findChild<QScrollArea *>();
        QVERIFY(rows && rows->widget());
        QTRY_VERIFY2(
            rows->viewport()->height() >= rows->widget()->minimumSizeHint().height() && !rows->verticalScrollBar()->isVisible(),
            qPrintable(
                QStringLiteral("rows: %1 of %2 px").arg(rows->viewport()->height()).arg(rows->widget()->sizeHint().height())));
        QVERIFY(m_window->saveScreenshot(testpaths::binaryDir() + QStringLiteral("/five-tabs.png")));
    }

    void droppedFilesOpenBesideEachOther()
    {
        const QString a = writeSmall(QStringLiteral("drop-a.bpat"));
        const QString b = writeSmall(QStringLiteral("drop-b.bpat"));
        const QString take = m_dir.filePath(QStringLiteral("drop-take.bin"));
        QVERIFY(testrecording::write(take));
        const QString text = m_dir.filePath(QStringLiteral("notes.txt"));
        QFile notes(text);
        QVERIFY(notes.open(QIODevice::WriteOnly));
        notes.write("not a file the studio reads");
        notes.close();
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(a), QUrl::fromLocalFile(text), QUrl::fromLocalFile(b), QUrl::fromLocalFile(take)});
        QDragEnterEvent enter(QPoint(300, 300), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(m_window.get(), &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(300, 300), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(m_window.get(), &drop);
        QVERIFY(drop.isAccepted());
        DocumentList *documents = m_window->documents()->documents();
        QCOMPARE(documents->count(), 2);
        QCOMPARE(documents->title(0), QStringLiteral("drop-a.bpat"));
        QCOMPARE(documents->title(1), QStringLiteral("drop-b.bpat"));
        QVERIFY(m_window->context()->recording()->hasRecording()); // beside them
        // A drop of nothing the studio reads is refused.
        QMimeData other;
        other.setUrls({QUrl::fromLocalFile(text)});
        QDragEnterEvent refused(QPoint(300, 300), Qt::CopyAction, &other, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(m_window.get(), &refused);
        QVERIFY(!refused.isAccepted());
    }

private:
    QString writeSmall(const QString &name)
    {
        const QString path = m_dir.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly))
            return {};
        file.write(testdocs::smallFileBytes());
        return path;
    }

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(tst_SeveralDocuments)
#include "tst_SeveralDocuments.moc"
