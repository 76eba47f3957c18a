// AboutDialog: the version from CMake, both Qt versions and the renderer string reach the labels,
// and the built-in icon resource is there for the window and the dialog.
#include "release/BuildInfo.h"
#include "dialogs/AboutDialog.h"

#include <QLabel>
#include <QPixmap>
#include <QtTest>

using namespace bpat::studio;

class tst_AboutDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void showsVersionQtAndRenderer();
    void missingRendererIsSaid();
    void qtVersionNamesRuntimeAndCompileTime();
    void iconResourceRenders();
};

static QString labelText(const QDialog &dialog, const char *name)
{
    const auto *label = dialog.findChild<QLabel *>(QLatin1String(name));
    return label ? label->text() : QString();
}

void tst_AboutDialog::showsVersionQtAndRenderer()
{
    const QString renderer = QStringLiteral("llvmpipe (LLVM 15.0.6, 256 bits)");
    AboutDialog dialog(renderer);
    // The version and the build's git revision (or "revision unknown" outside a checkout).
    QCOMPARE(labelText(dialog, "versionLabel"), bpat::BuildInfo::describe());
    QVERIFY(labelText(dialog, "versionLabel").startsWith(QStringLiteral(BPAT_STUDIO_VERSION " (")));
    QVERIFY(labelText(dialog, "qtVersionLabel").contains(QString::fromLatin1(qVersion())));
    QCOMPARE(labelText(dialog, "rendererLabel"), renderer);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
}

void tst_AboutDialog::missingRendererIsSaid()
{
    AboutDialog dialog(QStringLiteral("  "));
    QVERIFY(labelText(dialog, "rendererLabel").contains(QLatin1String("not available")));
}

void tst_AboutDialog::qtVersionNamesRuntimeAndCompileTime()
{
    const QString text = AboutDialog::qtVersionText();
    QVERIFY(text.startsWith(QString::fromLatin1(qVersion())));
    QVERIFY(text.contains(QStringLiteral("built with " QT_VERSION_STR)));
}

void tst_AboutDialog::iconResourceRenders()
{
    QVERIFY(QFile::exists(QStringLiteral(":/icons/bpat-studio.svg")));
    const QPixmap pixmap = AboutDialog::applicationIcon().pixmap(64, 64);
    QVERIFY(!pixmap.isNull());
    // The SVG draws an opaque rounded square: its centre is not transparent.
    QCOMPARE(pixmap.toImage().pixelColor(pixmap.width() / 2, pixmap.height() / 2).alpha(), 255);
}

QTEST_MAIN(tst_AboutDialog)
#include "tst_AboutDialog.moc"
