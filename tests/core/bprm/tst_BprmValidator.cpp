// BprmValidator: the game's bodies in bpat_current are clean against their paired rigs (the only
// findings: the humanoid UV spheres' zero-area pole triangles, an info), and every code is found
// on a real body damaged in one place, without reading outside the file.
#include "bpat/BpatFormat.h"
#include "bprm/BodyFiles.h"
#include "bprm/BprmFile.h"
#include "bprm/BprmFormat.h"
#include "bprm/BprmValidator.h"
#include "TestPaths.h"

#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest/QTest>
#include <cmath>
#include <functional>
#include <limits>

using namespace bpat;

namespace {

const QString Dir = QStringLiteral("upstream_assets/bpat_current/");

QByteArray readShared(const QString &name)
{
    QFile f(testpaths::shared(Dir + name));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

uchar *at(QByteArray &b, quint64 offset)
{
    return reinterpret_cast<uchar *>(b.data()) + offset;
}
void putU32(QByteArray &b, quint64 offset, quint32 v)
{
    format::writeU32(at(b, offset), v);
}
void putU64(QByteArray &b, quint64 offset, quint64 v)
{
    format::writeU64(at(b, offset), v);
}
void putF32(QByteArray &b, quint64 offset, float v)
{
    format::writeF32(at(b, offset), v);
}

// humanoid_minimal.bprm: 742 vertices at 10032, 2496 indices at 48.
constexpr quint64 Vertices = 10032;
quint64 vertex(quint32 v)
{
    return Vertices + quint64(v) * bprm::VertexSize;
}

QSet<QString> codesOf(const Diagnostics &d)
{
    QSet<QString> codes;
    for (const Diagnostic &x : d)
        codes.insert(x.code);
    return codes;
}

struct Damage
{
    const char *code;
    std::function<void(QByteArray &)> apply;
    int rigBones = 20; // the humanoid rig; 0: none
};

} // namespace

class tst_BprmValidator : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void realBodiesAreClean_data();
    void realBodiesAreClean();
    void damage_data();
    void damage();
    void everyCodeIsFound();
    void overflowIsNamed();
    void findingsAreCapped();
    void unreadablePath();
    void staleMapping();
    void everyCodeIsDocumented();

private:
    static QList<Damage> damages();
};

void tst_BprmValidator::realBodiesAreClean_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("bones");
    QTest::addColumn<int>("zeroArea"); // pole triangles of the humanoid parts' UV spheres
    QTest::newRow("humanoid_full") << u"humanoid_full.bprm"_qs << 20 << 1408;
    QTest::newRow("humanoid_minimal") << u"humanoid_minimal.bprm"_qs << 20 << 96;
    QTest::newRow("skeleton_full") << u"skeleton_humanoid_full.bprm"_qs << 20 << 1344;
    QTest::newRow("skeleton_minimal") << u"skeleton_humanoid_minimal.bprm"_qs << 20 << 48;
    QTest::newRow("horse_full") << u"horse_full.bprm"_qs << 50 << 0;
    QTest::newRow("horse_minimal") << u"horse_minimal.bprm"_qs << 50 << 0;
    QTest::newRow("elephant_full") << u"elephant_full.bprm"_qs << 32 << 0;
    QTest::newRow("elephant_minimal") << u"elephant_minimal.bprm"_qs << 32 << 0;
    QTest::newRow("sheep_full") << u"sheep_full.bprm"_qs << 21 << 0;
    QTest::newRow("sheep_minimal") << u"sheep_minimal.bprm"_qs << 21 << 0;
    QTest::newRow("wolf_full") << u"wolf_full.bprm"_qs << 21 << 0;
    QTest::newRow("wolf_minimal") << u"wolf_minimal.bprm"_qs << 21 << 0;
}

void tst_BprmValidator::realBodiesAreClean()
{
    QFETCH(QString, name);
    QFETCH(int, bones);
    QFETCH(int, zeroArea);
    BPAT_REQUIRE_SHARED(Dir + name);
    const QString path = testpaths::shared(Dir + name);
    // Paired by the game's naming with the species' BPAT beside it.
    const BodyFiles::PairedRig rig = BodyFiles::pairedRig(path);
    QCOMPARE(rig.boneCount, bones);
    QVERIFY(!rig.bpatPath.isEmpty());
    const Diagnostics all = BprmValidator().validatePath(path);
    for (const Diagnostic &d : all) {
        QVERIFY2(d.severity == Severity::Info, qPrintable(d.code + u": "_qs + d.message));
        QCOMPARE(d.code, u"BPRM_ZERO_AREA_TRIANGLES"_qs);
        QVERIFY2(d.message.startsWith(QString::number(zeroArea) + u" of"_qs), qPrintable(d.message));
    }
    QCOMPARE(all.size(), zeroArea > 0 ? 1 : 0);
}

QList<Damage> tst_BprmValidator::damages()
{
    using H = QByteArray;
    namespace o = bprm::header;
    return {
        {"BPRM_FILE_TOO_SMALL", [](H &b) { b = b.left(39); }},
        {"BPRM_BAD_MAGIC", [](H &b) { b[3] = 'X'; }},
        {"BPRM_UNSUPPORTED_VERSION", [](H &b) { putU32(b, o::Version, 2); }},
        {"BPRM_UNKNOWN_LOD", [](H &b) { putU32(b, o::Lod, 7); }},
        {"BPRM_EMPTY_MESH", [](H &b) { putU32(b, o::IndexCount, 0); }},
        {"BPRM_INDEX_COUNT_NOT_TRIANGLES", [](H &b) { putU32(b, o::IndexCount, 2495); }},
        {"BPRM_INDEX_DATA_OUT_OF_BOUNDS", [](H &b) { putU64(b, o::IndexDataOffset, quint64(b.size()) - 4); }},
        {"BPRM_VERTEX_DATA_OUT_OF_BOUNDS", [](H &b) { putU32(b, o::VertexCount, 743); }},
        {"BPRM_SECTION_OVERLAP", [](H &b) { putU64(b, o::VertexDataOffset, 48); }},
        {"BPRM_INDEX_OUT_OF_RANGE", [](H &b) { putU32(b, 48 + 5 * 4, 742); }},
        {"BPRM_NON_FINITE", [](H &b) { putF32(b, vertex(3) + bprm::vertex::Position, std::numeric_limits<float>::quiet_NaN()); }},
        {"BPRM_BAD_WEIGHTS",
         [](H &b) {
             for (int k = 0; k < 4; ++k) // the one weighted influence of vertex 4 halved
                 if (format::readF32(at(b, vertex(4) + bprm::vertex::Weights + 4 * k)) == 1.0f)
                     putF32(b, vertex(4) + bprm::vertex::Weights + 4 * k, 0.5f);
         }},
        {"BPRM_BONE_OUT_OF_RANGE", [](H &) {}, 10}, // the humanoid body uses bones up to 19
        {"BPRM_BONE_OUT_OF_RANGE",
         [](H &b) { // past the game's 64 bones without a rig
             for (int k = 0; k < 4; ++k)
                 if (format::readF32(at(b, vertex(6) + bprm::vertex::Weights + 4 * k)) != 0.0f)
                     b[qsizetype(vertex(6) + bprm::vertex::Bones + k)] = char(64);
         },
         0},
        {"BPRM_UNUSED_BONE_OUT_OF_RANGE",
         [](H &b) {
             for (int k = 0; k < 4; ++k)
                 if (format::readF32(at(b, vertex(7) + bprm::vertex::Weights + 4 * k)) == 0.0f)
                     b[qsizetype(vertex(7) + bprm::vertex::Bones + k)] = char(200);
         }},
        {"BPRM_NORMAL_NOT_UNIT",
         [](H &b) {
             for (int k = 0; k < 3; ++k)
                 putF32(b, vertex(8) + bprm::vertex::Normal + 4 * k,
                        2 * format::readF32(at(b, vertex(8) + bprm::vertex::Normal + 4 * k)));
         }},
        {"BPRM_DEGENERATE_TRIANGLE", [](H &b) { putU32(b, 48 + 4, format::readU32(at(b, 48))); }},
        {"BPRM_RESERVED_NONZERO", [](H &b) { putU32(b, o::Reserved, 1); }},
        {"BPRM_RESERVED_NONZERO", [](H &b) { b[44] = 1; }}, // the header's padding
        {"BPRM_RESERVED_NONZERO", [](H &b) { b[qsizetype(vertex(9) + bprm::vertex::Pad)] = 1; }},
        {"BPRM_MISALIGNED",
         [](H &b) { // vertices moved 4 bytes on
             b.insert(qsizetype(Vertices), 4, '\0');
             putU64(b, o::VertexDataOffset, Vertices + 4);
         }},
        {"BPRM_TRAILING_BYTES", [](H &b) { b.append("xx"); }},
        {"BPRM_ZERO_AREA_TRIANGLES", [](H &) {}},
        {"BPRM_RIG_UNKNOWN", [](H &) {}, 0},
    };
}

void tst_BprmValidator::damage_data()
{
    QTest::addColumn<int>("which");
    const QList<Damage> all = damages();
    for (int i = 0; i < all.size(); ++i)
        QTest::newRow(qPrintable(QStringLiteral("%1 %2").arg(i).arg(QLatin1String(all.at(i).code)))) << i;
}

void tst_BprmValidator::damage()
{
    QFETCH(int, which);
    BPAT_REQUIRE_SHARED(Dir + u"humanoid_minimal.bprm"_qs);
    const Damage d = damages().at(which);
    QByteArray bytes = readShared(u"humanoid_minimal.bprm"_qs);
    QCOMPARE(bytes.size(), 51584);
    d.apply(bytes);
    const Diagnostics found =
        BprmValidator().validate(BprmFile::fromData(bytes), BprmRig{d.rigBones, QStringLiteral("a %1-bone rig").arg(d.rigBones)});
    QVERIFY2(codesOf(found).contains(QLatin1String(d.code)), qPrintable(QStringList(codesOf(found).values()).join(u' ')));
    for (const Diagnostic &x : found) {
        if (x.code != QLatin1String(d.code) && x.code != u"BPRM_ZERO_AREA_TRIANGLES"_qs && x.code != u"BPRM_RIG_UNKNOWN"_qs)
            QVERIFY2(x.severity != Severity::Info, qPrintable(x.code)); // nothing else unexpected of note
        if (x.code == QLatin1String(d.code))
            QVERIFY(!x.message.isEmpty());
    }
}

void tst_BprmValidator::everyCodeIsFound()
{
    // BPRM_IO_ERROR: unreadablePath. BPRM_FILE_CHANGED needs the file cut while it is checked
    // (validatePath's MappingGuard, as BPSM's); staleMapping shows the reads it guards.
    QSet<QString> covered{u"BPRM_IO_ERROR"_qs, u"BPRM_FILE_CHANGED"_qs};
    for (const Damage &d : damages())
        covered.insert(QLatin1String(d.code));
    for (const BprmCodeInfo &c : BprmValidator::codes())
        QVERIFY2(covered.contains(c.code), qPrintable(c.code));
}

void tst_BprmValidator::overflowIsNamed()
{
    BPAT_REQUIRE_SHARED(Dir + u"humanoid_minimal.bprm"_qs);
    QByteArray bytes = readShared(u"humanoid_minimal.bprm"_qs);
    putU64(bytes, bprm::header::VertexDataOffset, std::numeric_limits<quint64>::max() - 100);
    putU32(bytes, bprm::header::VertexCount, 0xFFFFFFFFu);
    const Diagnostics found = BprmValidator().validate(BprmFile::fromData(bytes), {20, u"rig"_qs});
    bool named = false;
    for (const Diagnostic &d : found)
        named = named || (d.code == u"BPRM_VERTEX_DATA_OUT_OF_BOUNDS"_qs && d.message.contains(u"overflows 64 bits"_qs));
    QVERIFY(named);
}

void tst_BprmValidator::findingsAreCapped()
{
    BPAT_REQUIRE_SHARED(Dir + u"humanoid_minimal.bprm"_qs);
    QByteArray bytes = readShared(u"humanoid_minimal.bprm"_qs);
    for (quint32 v = 0; v < 742; ++v)
        bytes[qsizetype(vertex(v) + bprm::vertex::Pad)] = 1;
    const Diagnostics found = BprmValidator(3).validate(BprmFile::fromData(bytes), {20, u"rig"_qs});
    int listed = 0;
    QString summary;
    for (const Diagnostic &d : found) {
        if (d.code == u"BPRM_RESERVED_NONZERO"_qs) {
            ++listed;
            summary = d.message;
        }
    }
    QCOMPARE(listed, 4);
    QCOMPARE(summary, u"739 more findings of this kind not listed"_qs);
    // Random damage never crashes or reads outside (ASan runs this too).
    QRandomGenerator random(35);
    const QByteArray clean = readShared(u"humanoid_minimal.bprm"_qs);
    for (int round = 0; round < 200; ++round) {
        QByteArray damaged = clean;
        for (int k = 0; k < 6; ++k)
            damaged[qsizetype(random.bounded(48))] = char(random.bounded(256)); // the header and its pad
        damaged = damaged.left(qsizetype(random.bounded(int(damaged.size())) + 1));
        (void)BprmValidator().validate(BprmFile::fromData(damaged), {20, u"rig"_qs});
    }
}

void tst_BprmValidator::unreadablePath()
{
    const Diagnostics d = BprmValidator().validatePath(QDir::tempPath() + u"/no-such-body.bprm"_qs);
    QCOMPARE(d.size(), 1);
    QCOMPARE(d.first().code, u"BPRM_IO_ERROR"_qs);
}

void tst_BprmValidator::staleMapping()
{
    BPAT_REQUIRE_SHARED(Dir + u"horse_full.bprm"_qs);
    QTemporaryDir dir;
    const QString path = dir.filePath(u"horse_full.bprm"_qs);
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(readShared(u"horse_full.bprm"_qs));
    out.close();
    const auto file = BprmFile::open(path);
    QVERIFY(file && file->vertexDataInBounds());
    QVERIFY(QFile::resize(path, 4096)); // the vertices' pages are gone under the mapping
    const volatile char *tail = file->bytes().data() + file->bytes().size() - 1;
    QCOMPARE(int(*tail), 0); // SIGBUS without the guard
    QVERIFY(file->isStale());
    (void)BprmValidator().validate(*file, {50, u"rig"_qs}); // reads zeros, never crashes
}

void tst_BprmValidator::everyCodeIsDocumented()
{
    QFile doc(QDir::cleanPath(QStringLiteral(BPAT_TEST_DATA_DIR "/../../docs/validation.md")));
    QVERIFY(doc.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(doc.readAll());
    const qsizetype section = text.indexOf(u"## BPRM codes"_qs);
    QVERIFY(section >= 0);
    for (const BprmCodeInfo &c : BprmValidator::codes())
        QVERIFY2(text.indexOf(u"`"_qs + c.code + u"`"_qs, section) > 0, qPrintable(c.code));
}

QTEST_GUILESS_MAIN(tst_BprmValidator)
#include "tst_BprmValidator.moc"
