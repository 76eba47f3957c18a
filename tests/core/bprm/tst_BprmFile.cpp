// BPRM (the game's rigged bodies): the real files of ../shared/upstream_assets/bpat_current read
// in place as their MANIFEST describes them, what "position in the bone's local space" means
// against each species' late-v3 palettes (the bind pose in model space: the stored skinning
// matrix applies to it directly), and safe accessors on any bytes.
#include "bpat/BpatFile.h"
#include "bpat/BpatFormat.h"
#include "bprm/BodyFiles.h"
#include "bprm/BprmFile.h"
#include "bprm/BprmFormat.h"
#include "TestPaths.h"

#include <QFile>
#include <QMatrix4x4>
#include <QRandomGenerator>
#include <QtTest/QTest>
#include <cmath>
#include <cstring>

using namespace bpat;

namespace {

const QString Dir = QStringLiteral("upstream_assets/bpat_current/");

QMatrix4x4 columnMajor(const std::array<float, 16> &f)
{
    return QMatrix4x4(f.data()).transposed();
}

QVector3D position(const CreatureVertex &v)
{
    return QVector3D(v.position[0], v.position[1], v.position[2]);
}

// sum w_i * M[bone_i] * p
QVector3D skinned(const CreatureVertex &v, const QList<QMatrix4x4> &matrices)
{
    QVector3D out;
    for (int k = 0; k < 4; ++k) {
        if (v.weights[k] != 0.0f)
            out += v.weights[k] * matrices.at(v.bones[k]).map(position(v));
    }
    return out;
}

// The influence with the largest weight (the game's humanoid bodies often leave slot 0 unused).
std::pair<int, float> dominant(const CreatureVertex &v)
{
    int best = 0;
    for (int k = 1; k < 4; ++k) {
        if (v.weights[k] > v.weights[best])
            best = k;
    }
    return {v.bones[best], v.weights[best]};
}

} // namespace

class tst_BprmFile : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void manifest_data();
    void manifest();
    void positionsAreTheBindPose_data();
    void positionsAreTheBindPose();
    void truncatedAndHostileBytes();
};

void tst_BprmFile::manifest_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<quint32>("lod");
    QTest::addColumn<quint32>("vertices");
    QTest::addColumn<quint32>("indices");
    QTest::addColumn<quint64>("vertexOffset");
    QTest::addColumn<int>("highestBone");
    // From MANIFEST.txt; the highest weighted bone is the rig's last bone or below.
    QTest::newRow("humanoid_full") << u"humanoid_full.bprm"_qs << 0u << 14888u << 74880u << quint64(299568) << 19;
    QTest::newRow("humanoid_minimal") << u"humanoid_minimal.bprm"_qs << 1u << 742u << 2496u << quint64(10032) << 19;
    QTest::newRow("skeleton_full") << u"skeleton_humanoid_full.bprm"_qs << 0u << 17007u << 79488u << quint64(318000) << 19;
    QTest::newRow("horse_full") << u"horse_full.bprm"_qs << 0u << 4400u << 6546u << quint64(26240) << 49;
    QTest::newRow("horse_minimal") << u"horse_minimal.bprm"_qs << 1u << 4400u << 6546u << quint64(26240) << 49;
    QTest::newRow("elephant_full") << u"elephant_full.bprm"_qs << 0u << 1474u << 2316u << quint64(9312) << 21;
    QTest::newRow("sheep_minimal") << u"sheep_minimal.bprm"_qs << 1u << 3464u << 4512u << quint64(18096) << 20;
    QTest::newRow("wolf_full") << u"wolf_full.bprm"_qs << 0u << 8336u << 11436u << quint64(45792) << 20;
}

void tst_BprmFile::manifest()
{
    QFETCH(QString, name);
    QFETCH(quint32, lod);
    QFETCH(quint32, vertices);
    QFETCH(quint32, indices);
    QFETCH(quint64, vertexOffset);
    QFETCH(int, highestBone);
    BPAT_REQUIRE_SHARED(Dir + name);
    QString error;
    const auto file = BprmFile::open(testpaths::shared(Dir + name), &error);
    QVERIFY2(file, qPrintable(error));
    QVERIFY(file->hasMagic());
    const BprmHeader &h = file->header();
    QCOMPARE(h.version, 1u);
    QCOMPARE(h.lod, lod);
    QCOMPARE(file->lodName(), lod == 0 ? u"full"_qs : u"minimal"_qs);
    QCOMPARE(h.vertexCount, vertices);
    QCOMPARE(h.indexCount, indices);
    QCOMPARE(h.reserved, 0u);
    QCOMPARE(h.indexDataOffset, quint64(48)); // the 40-byte header padded to 16
    QCOMPARE(h.vertexDataOffset, vertexOffset);
    QCOMPARE(*file->vertexDataEnd(), file->fileSize()); // no trailing bytes
    QVERIFY(file->indexDataInBounds() && file->vertexDataInBounds());
    QCOMPARE(file->highestWeightedBone(), highestBone);
    const auto mesh = file->toMesh(highestBone + 1, &error);
    QVERIFY2(mesh, qPrintable(error));
    QCOMPARE(mesh->vertexCount(), int(vertices));
    QCOMPARE(mesh->triangleCount(), int(indices / 3));
    QVERIFY2(mesh->validate().isEmpty(), qPrintable(mesh->validate()));
    // The mapping is handed out as it lies: the first vertex's bytes are the decoded vertex.
    const CreatureVertex first = *file->vertex(0);
    QCOMPARE(std::memcmp(file->vertexData(), &first, sizeof first), 0);
    QCOMPARE(format::readU32(file->indexData()), *file->index(0));
}

void tst_BprmFile::positionsAreTheBindPose_data()
{
    QTest::addColumn<QString>("body");
    QTest::addColumn<QString>("bpat");
    QTest::addColumn<QString>("clip");
    QTest::addColumn<int>("minEdges"); // edges between vertices of different bones
    QTest::newRow("horse") << u"horse_full.bprm"_qs << u"horse.bpat"_qs << u"gallop"_qs << 5000;
    QTest::newRow("elephant") << u"elephant_full.bprm"_qs << u"elephant.bpat"_qs << u"walk"_qs << 2000;
    QTest::newRow("wolf") << u"wolf_minimal.bprm"_qs << u"wolf.bpat"_qs << u"run"_qs << 0; // rigid parts only
    QTest::newRow("humanoid") << u"humanoid_full.bprm"_qs << u"humanoid.bpat"_qs << u"run"_qs << 1000;
}

// "position and normal in the bone's local space" (the game's source) is the space the bind
// palette maps bone-local coordinates to: the species' rest pose in model space. The stored
// late-v3 skinning matrix S = global x inverse(bind) applies to a stored position directly
// (the game's shader: skin = sum w_i S_i, position = skin x p). Read as bone-local instead
// (global x p, what v1 stand-in meshes use), the body tears apart.
void tst_BprmFile::positionsAreTheBindPose()
{
    QFETCH(QString, body);
    QFETCH(QString, bpat);
    QFETCH(QString, clip);
    QFETCH(int, minEdges);
    BPAT_REQUIRE_SHARED(Dir + body);
    BPAT_REQUIRE_SHARED(Dir + bpat);
    const auto mesh = BprmFile::open(testpaths::shared(Dir + body));
    const auto palettes = BpatFile::open(testpaths::shared(Dir + bpat));
    QVERIFY(mesh && palettes);
    QVERIFY(palettes->storesSkinningMatrices() && palettes->bindPaletteInBounds());
    const quint32 bones = palettes->header().boneCount;
    QVERIFY(mesh->highestWeightedBone() < int(bones));
    const int c = palettes->findClip(clip);
    QVERIFY(c >= 0);
    const quint32 frame = *palettes->globalFrame(c, palettes->clips().at(c).frameCount / 2);
    QList<QMatrix4x4> skin, global, bind;
    for (quint32 b = 0; b < bones; ++b) {
        skin.append(columnMajor(*palettes->matrixFloats(frame, b)));
        global.append(palettes->globalMatrix(frame, b));
        bind.append(palettes->bindMatrix(b));
    }
    // Edges between vertices of different bones keep their rest length under S x p (to under
    // 10 % on average where joints bend: horse gallop 8 %, humanoid run 7 %, elephant walk
    // 0.6 %), not under G x p (200 to 350 %).
    double skinChange = 0, localChange = 0;
    int edges = 0;
    for (quint32 t = 0; t + 3 <= mesh->header().indexCount; t += 3) {
        CreatureVertex v[3];
        for (int k = 0; k < 3; ++k)
            v[k] = *mesh->vertex(*mesh->index(t + k));
        for (int k = 0; k < 3; ++k) {
            const CreatureVertex &a = v[k], &b = v[(k + 1) % 3];
            if (dominant(a) == dominant(b) && dominant(a).second == 1.0f)
                continue; // a rigid edge keeps its length under any rigid matrix
            const double rest = (position(a) - position(b)).length();
            if (rest < 1e-4)
                continue;
            skinChange += std::abs((skinned(a, skin) - skinned(b, skin)).length() - rest) / rest;
            localChange += std::abs((skinned(a, global) - skinned(b, global)).length() - rest) / rest;
            ++edges;
        }
    }
    QVERIFY(edges >= minEdges);
    if (edges > 0) {
        QVERIFY2(skinChange / edges < 0.15, qPrintable(QString::number(skinChange / edges)));
        QVERIFY2(localChange / edges > 1.0, qPrintable(QString::number(localChange / edges)));
    }
    // Each vertex lies near its bone in the rest pose: inverse(bind) x p is a bone-local point
    // within the creature's size (G x p would put the humanoid's head 3.5 m up).
    float height = 0;
    for (quint32 i = 0; i < mesh->header().vertexCount; ++i) {
        const CreatureVertex v = *mesh->vertex(i);
        height = std::max(height, skinned(v, skin).y());
        const int bone = dominant(v).first;
        const QVector3D local = bind.at(bone).inverted().map(position(v));
        QVERIFY2(local.length() < 1.0f,
                 qPrintable(QStringLiteral("vertex %1: %2 m from bone %3").arg(i).arg(local.length()).arg(bone)));
    }
    QVERIFY(height > 0.5f && height < 2.5f);
}

void tst_BprmFile::truncatedAndHostileBytes()
{
    BPAT_REQUIRE_SHARED(Dir + u"humanoid_minimal.bprm"_qs);
    QFile f(testpaths::shared(Dir + u"humanoid_minimal.bprm"_qs));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    for (qsizetype size :
         {qsizetype(0), qsizetype(3), qsizetype(39), qsizetype(40), qsizetype(48), qsizetype(9000), bytes.size() - 1}) {
        const BprmFile file = BprmFile::fromData(bytes.left(size));
        QCOMPARE(file.hasHeader(), size >= 40);
        QVERIFY(!file.vertexDataInBounds()); // the vertex block ends at the last byte
        QVERIFY(!file.vertex(0));
        QVERIFY(!file.vertexData());
        QVERIFY(!file.toMesh());
        QCOMPARE(file.highestWeightedBone(), -1);
    }
    // Offsets and counts that overflow 64 bits are out of bounds, never wrapped around.
    QByteArray hostile = bytes;
    format::writeU64(reinterpret_cast<uchar *>(hostile.data()) + bprm::header::VertexDataOffset, ~quint64(0) - 10);
    format::writeU64(reinterpret_cast<uchar *>(hostile.data()) + bprm::header::IndexDataOffset, ~quint64(0) - 2);
    const BprmFile file = BprmFile::fromData(hostile);
    QVERIFY(!file.vertexDataEnd() && !file.indexDataEnd());
    QVERIFY(!file.vertex(0) && !file.index(0));
    QRandomGenerator random(29);
    for (int round = 0; round < 300; ++round) {
        QByteArray damaged = bytes.left(qsizetype(random.bounded(int(bytes.size()) + 1)));
        for (int k = 0; k < 8 && !damaged.isEmpty(); ++k)
            damaged[qsizetype(random.bounded(int(damaged.size())))] = char(random.bounded(256));
        const BprmFile d = BprmFile::fromData(damaged);
        (void)d.toMesh();
        (void)d.highestWeightedBone();
        for (quint32 i : {0u, 1u, 741u, 0xFFFFFFFFu}) {
            (void)d.index(i);
            (void)d.vertex(i);
        }
    }
}

QTEST_GUILESS_MAIN(tst_BprmFile)
#include "tst_BprmFile.moc"
