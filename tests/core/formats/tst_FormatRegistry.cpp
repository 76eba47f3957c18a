// FormatRegistry: how a file's kind is told (name, then magic), the dialog filters, and the
// packaging's MIME data (packaging/bpat-studio-mime.xml, the .desktop file) against it.
#include "TestPaths.h"
#include "anim/InputAnimationReader.h"
#include "formats/FormatRegistry.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtEndian>
#include <QtTest/QTest>

using namespace bpat;

namespace {

QByteArray recordingHead()
{
    QByteArray bytes(16, '\0');
    qToLittleEndian<quint64>(InputAnimationReader::Magic, bytes.data());
    return bytes;
}

QString packagingFile(const QString &name)
{
    return testpaths::testData(QStringLiteral("../../packaging/") + name);
}

// The shared-mime-info string value: "\xc6" escapes and plain characters.
QByteArray unescapeMime(const QString &value)
{
    QByteArray out;
    const QByteArray in = value.toLatin1();
    for (qsizetype i = 0; i < in.size(); ++i) {
        if (in[i] == '\\' && i + 3 < in.size() && in[i + 1] == 'x') {
            out.append(char(in.mid(i + 2, 2).toInt(nullptr, 16)));
            i += 3;
        } else {
            out.append(in[i]);
        }
    }
    return out;
}

struct MimeType
{
    QStringList globs;
    QList<QByteArray> magic;
};

QMap<QString, MimeType> readMimeData(const QString &path)
{
    QMap<QString, MimeType> types;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return types;
    QXmlStreamReader xml(&file);
    QString current;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        const auto attributes = xml.attributes();
        if (xml.name() == QLatin1String("mime-type"))
            current = attributes.value(QLatin1String("type")).toString();
        else if (xml.name() == QLatin1String("glob"))
            types[current].globs << attributes.value(QLatin1String("pattern")).toString();
        else if (xml.name() == QLatin1String("match"))
            types[current].magic << unescapeMime(attributes.value(QLatin1String("value")).toString());
    }
    return xml.hasError() ? QMap<QString, MimeType>() : types;
}

} // namespace

class tst_FormatRegistry : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyKindIsComplete()
    {
        QCOMPARE(FormatRegistry::formats().size(), 4);
        for (const FileFormat &f : FormatRegistry::formats()) {
            QVERIFY(f.kind != FileKind::Unknown);
            QVERIFY(!f.id.isEmpty() && !f.name.isEmpty() && !f.mimeType.isEmpty());
            QVERIFY(!f.suffixes.isEmpty());
            QVERIFY(f.magic.size() >= 4);
            QVERIFY(f.validate != nullptr);
            QCOMPARE(&FormatRegistry::format(f.kind), &f);
        }
        QCOMPARE(FormatRegistry::format(FileKind::Unknown).kind, FileKind::Bpat);
    }

    void detectByNameThenMagic_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("head");
        QTest::addColumn<FileKind>("kind");
        QTest::newRow("bpat") << "a.bpat" << QByteArray("BPAT\1\0\0\0") << FileKind::Bpat;
        QTest::newRow("bpat magic, any name") << "a.dat" << QByteArray("BPAT\1\0\0\0") << FileKind::Bpat;
        QTest::newRow("damaged .bpat") << "a.BPAT" << QByteArray("XXXX") << FileKind::Bpat;
        QTest::newRow("bpsm") << "m.bpsm" << QByteArray("BPSM\1\0\0\0") << FileKind::Bpsm;
        // A .bpsm name decides: a damaged magic still gets the BPSM codes.
        QTest::newRow("damaged .bpsm") << "m.bpsm" << QByteArray("BPAT\1\0\0\0") << FileKind::Bpsm;
        QTest::newRow("bpsm magic in .bpat") << "m.bpat" << QByteArray("BPSM\1\0\0\0") << FileKind::Bpsm;
        QTest::newRow("bprm") << "horse_full.bprm" << QByteArray("BPRM\1\0\0\0") << FileKind::Bprm;
        QTest::newRow("damaged .bprm") << "b.bprm" << QByteArray("XXXX\1\0\0\0") << FileKind::Bprm;
        QTest::newRow("bprm magic, any name") << "b.mesh" << QByteArray("BPRM\1\0\0\0") << FileKind::Bprm;
        QTest::newRow("recording") << "r.bin" << recordingHead() << FileKind::InputAnimation;
        QTest::newRow("recording, any name") << "r.rec" << recordingHead() << FileKind::InputAnimation;
        QTest::newRow("damaged .bin") << "r.bin" << QByteArray("garbage!") << FileKind::InputAnimation;
        QTest::newRow("bpat in .bin") << "r.bin" << QByteArray("BPAT\1\0\0\0") << FileKind::Bpat;
        QTest::newRow("unknown") << "notes.txt" << QByteArray("hello") << FileKind::Unknown;
        QTest::newRow("empty") << "x" << QByteArray() << FileKind::Unknown;
    }
    void detectByNameThenMagic()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, head);
        QFETCH(FileKind, kind);
        QCOMPARE(FormatRegistry::detect(name, head), kind);
    }

    void detectReadsTheFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("recording.data"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(recordingHead());
        file.close();
        QCOMPARE(FormatRegistry::detect(path), FileKind::InputAnimation);
        QCOMPARE(FormatRegistry::forPath(path).id, QStringLiteral("input-animation"));
        // Missing files go by their name; unknown ones are read as BPAT, whose reader says why.
        QCOMPARE(FormatRegistry::detect(dir.filePath(QStringLiteral("gone.bpsm"))), FileKind::Bpsm);
        QCOMPARE(FormatRegistry::detect(dir.filePath(QStringLiteral("gone"))), FileKind::Unknown);
        QCOMPARE(FormatRegistry::forPath(dir.filePath(QStringLiteral("gone"))).kind, FileKind::Bpat);
        QCOMPARE(FormatRegistry::detect(dir.path()), FileKind::Unknown); // a directory is not read
    }

    void filtersListEveryKind()
    {
        QCOMPARE(FormatRegistry::folderGlobs(),
                 (QStringList{QStringLiteral("*.bpat"), QStringLiteral("*.bpsm"), QStringLiteral("*.bprm")}));
        const QStringList filters = FormatRegistry::openFilters().split(QStringLiteral(";;"));
        QCOMPARE(filters.size(), FormatRegistry::formats().size() + 2);
        // The default (first) filter shows every kind.
        QCOMPARE(filters.constFirst(), QStringLiteral("Every kind BPAT Studio opens (*.bpat *.bpsm *.bin *.bprm)"));
        QCOMPARE(filters.at(1), QStringLiteral("Bone palettes (*.bpat)"));
        QCOMPARE(filters.constLast(), QStringLiteral("All files (*)"));
    }

    // What the desktop learns about the kinds (shared-mime-info, the .desktop entry) is what
    // the registry says: same types, globs for suffixes that name a kind, the same magic.
    void packagingMimeDataMatches()
    {
        const QMap<QString, MimeType> mime = readMimeData(packagingFile(QStringLiteral("bpat-studio-mime.xml")));
        QCOMPARE(mime.size(), FormatRegistry::formats().size());
        QFile desktop(packagingFile(QStringLiteral("org.bpatstudio.BpatStudio.desktop")));
        QVERIFY(desktop.open(QIODevice::ReadOnly | QIODevice::Text));
        const QRegularExpressionMatch line =
            QRegularExpression(QStringLiteral("^MimeType=(.*)$"), QRegularExpression::MultilineOption)
                .match(QString::fromUtf8(desktop.readAll()));
        QVERIFY(line.hasMatch());
        const QStringList desktopTypes = line.captured(1).split(QLatin1Char(';'), Qt::SkipEmptyParts);
        QCOMPARE(desktopTypes.size(), FormatRegistry::formats().size());
        for (const FileFormat &f : FormatRegistry::formats()) {
            QVERIFY2(mime.contains(f.mimeType), qPrintable(f.mimeType));
            const MimeType &m = mime.value(f.mimeType);
            const QStringList globs = f.suffixRule == FileFormat::SuffixRule::Weak ? QStringList() : f.globs();
            QCOMPARE(m.globs, globs);
            QCOMPARE(m.magic, QList<QByteArray>{f.magic});
            QVERIFY2(desktopTypes.contains(f.mimeType), qPrintable(f.mimeType));
        }
    }
};

QTEST_GUILESS_MAIN(tst_FormatRegistry)
#include "tst_FormatRegistry.moc"
