// CreatureRenderer against the CPU reference: the skinned positions the vertex shader computes
// (captured with transform feedback) equal CreatureMesh::skin() on the file's matrices for known
// clips and frames, with and without the palette split over texture layers, and with the
// game's inter-frame interpolation, and for late v3 (skin x bind on the GPU). The game's bodies
// (BPRM, bind-pose vertices) through the same texture fetches with the stored skinning matrices
// applied as they are, each level of detail in one instanced draw. Also: crowd layout and the
// benchmark's JSON. The bone pre-pass's paths: tst_BonePrepass.
#include "bpat/BpatFile.h"
#include "bpat/BpatWriter.h"
#include "TestDocuments.h"
#include "TestPaths.h"
#include "viewport/BodySource.h"
#include "viewport/CreatureRenderer.h"
#include "viewport/CrowdBenchmark.h"
#include "viewport/CrowdLayout.h"
#include "viewport/PaletteSource.h"
#include "viewport/SyntheticCreature.h"
#include "viewport/ViewportScene.h"
#include "viewport/ViewportWidget.h"

#include <QJsonArray>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QTest>
#include <memory>

using namespace bpat::studio;

class tst_CreatureRenderer : public QObject
{
    Q_OBJECT

    std::unique_ptr<QOpenGLContext> m_context;
    std::unique_ptr<QOffscreenSurface> m_surface;

    // Largest distance between GPU and CPU skinning of `file` at clip/frame (blend: 0..1 toward
    // the next frame, applied to the CPU matrices the way the shader does).
    // `before` (the same palette shape, other matrices): uploaded first, then only the rows of
    // `clip` of `file` (updatePaletteRows: a key dragged in the bone graph).
    float gpuCpuDifference(const bpat::BpatFile &file, int clip, quint32 frame, int maxRows, float blend = 0,
                           const bpat::BpatFile *before = nullptr)
    {
        const PaletteSource source = PaletteSource::fromFile(file);
        if (!source.isValid())
            return -1;
        ViewportScene scene;
        scene.setSource(source);
        CreatureRenderer renderer;
        if (!renderer.initialize() || !renderer.setSource(before ? PaletteSource::fromFile(*before) : source, maxRows))
            return -2;
        const PaletteClip &edited = source.clips.at(clip);
        if (before && !renderer.updatePaletteRows(source, edited.frameOffset, edited.frameCount))
            return -4;
        renderer.setMesh(scene.mesh());
        const PaletteClip &c = source.clips.at(clip);
        const CreatureInstance instance = CreatureInstance::atFrame(c.frameOffset, c.frameCount, frame, c.loops);
        // Advance time by `blend` of a frame: pos = frame + blend.
        const float time = c.fps > 0 ? blend / c.fps : 0;
        CreatureInstance moving = instance;
        moving.fps = c.fps;
        const QList<QVector3D> gpu = renderer.captureSkinnedPositions(moving, time, blend > 0);
        renderer.destroy();

        QList<float> matrices = source.frame(c.frameOffset + frame);
        if (blend > 0) {
            const quint32 next = frame + 1 < c.frameCount ? frame + 1 : (c.loops ? 0 : frame);
            const QList<float> after = source.frame(c.frameOffset + next);
            for (qsizetype i = 0; i < matrices.size(); ++i)
                matrices[i] = matrices[i] * (1 - blend) + after[i] * blend;
        }
        const bpat::SkinnedPose cpu = scene.mesh().skin(matrices);
        if (gpu.size() != cpu.positions.size() || gpu.isEmpty())
            return -3;
        float worst = 0;
        for (qsizetype v = 0; v < gpu.size(); ++v)
            worst = std::max(worst, (gpu.at(v) - cpu.positions.at(v)).length());
        return worst;
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (!ViewportWidget::openGLProblem().isEmpty())
            QSKIP(qPrintable(ViewportWidget::openGLProblem()));
        QSurfaceFormat format;
        format.setVersion(3, 3);
        format.setProfile(QSurfaceFormat::CoreProfile);
        m_context = std::make_unique<QOpenGLContext>();
        m_context->setFormat(format);
        QVERIFY(m_context->create());
        m_surface = std::make_unique<QOffscreenSurface>();
        m_surface->setFormat(m_context->format());
        m_surface->create();
        QVERIFY(m_context->makeCurrent(m_surface.get()));
    }

    void syntheticFileSkinsLikeTheCpu_data()
    {
        QTest::addColumn<int>("clip");
        QTest::addColumn<int>("frame");
        QTest::addColumn<int>("maxRows");
        QTest::addColumn<float>("blend");
        QTest::newRow("walk 0") << 0 << 0 << 0 << 0.0f;
        QTest::newRow("walk 7") << 0 << 7 << 0 << 0.0f;
        QTest::newRow("walk 23 wraps") << 0 << 23 << 0 << 0.5f;
        QTest::newRow("wave 9, split in layers of 5 rows") << 1 << 9 << 5 << 0.0f;
        QTest::newRow("wave 15 holds") << 1 << 15 << 3 << 0.5f;
        QTest::newRow("walk 10 interpolated") << 0 << 10 << 0 << 0.25f;
        QTest::newRow("walk 12 interpolated, split") << 0 << 12 << 7 << 0.75f;
    }
    void syntheticFileSkinsLikeTheCpu()
    {
        QFETCH(int, clip);
        QFETCH(int, frame);
        QFETCH(int, maxRows);
        QFETCH(float, blend);
        const bpat::BpatFile file = bpat::BpatFile::fromData(SyntheticCreature::humanoidFileBytes());
        const float difference = gpuCpuDifference(file, clip, quint32(frame), maxRows, blend);
        QVERIFY2(difference >= 0 && difference < 1e-4f, qPrintable(QString::number(difference)));
    }

    void upstreamFilesSkinLikeTheCpu_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("clip");
        QTest::addColumn<int>("frame");
        QTest::newRow("humanoid walk 5") << QStringLiteral("bpat_v1_latest/humanoid.bpat") << 1 << 5;
        QTest::newRow("humanoid attack_bow 20") << QStringLiteral("bpat_v1_latest/humanoid.bpat") << 10 << 20;
        QTest::newRow("horse gallop 7") << QStringLiteral("bpat_v1_latest/horse.bpat") << 4 << 7;
        QTest::newRow("elephant fight 11") << QStringLiteral("bpat_v1_latest/elephant.bpat") << 3 << 11;
        QTest::newRow("horse 8-bone trot 3") << QStringLiteral("bpat_v1_initial/horse.bpat") << 2 << 3;
        // Late v3: the shader multiplies the stored skinning matrices by the bind palette.
        QTest::newRow("late v3 humanoid walk 5") << QStringLiteral("bpat_v3_late/humanoid.bpat") << 1 << 5;
        QTest::newRow("late v3 horse gallop 7") << QStringLiteral("bpat_v3_late/horse.bpat") << 4 << 7;
    }
    void upstreamFilesSkinLikeTheCpu()
    {
        QFETCH(QString, file);
        QFETCH(int, clip);
        QFETCH(int, frame);
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/") + file);
        const std::optional<bpat::BpatFile> opened =
            bpat::BpatFile::open(testpaths::shared(QStringLiteral("upstream_assets/") + file));
        QVERIFY(opened);
        const float difference = gpuCpuDifference(*opened, clip, quint32(frame), 0);
        QVERIFY2(difference >= 0 && difference < 1e-4f, qPrintable(QString::number(difference)));
        const float split = gpuCpuDifference(*opened, clip, quint32(frame), 13);
        QVERIFY2(split >= 0 && split < 1e-4f, qPrintable(QString::number(split)));
    }

    // The rows of one clip uploaded again over a palette of the same shape: the GPU draws the
    // new matrices there, in one layer or split over several.
    void updatedRowsSkinLikeTheCpu_data()
    {
        QTest::addColumn<int>("maxRows");
        QTest::newRow("one layer") << 0;
        QTest::newRow("layers of 5 rows") << 5;
    }
    void updatedRowsSkinLikeTheCpu()
    {
        QFETCH(int, maxRows);
        const QByteArray bytes = SyntheticCreature::humanoidFileBytes();
        const bpat::BpatFile original = bpat::BpatFile::fromData(bytes);
        QByteArray changed = bytes;
        const bpat::BpatClipInfo &wave = original.clips().at(1);
        for (quint32 f = wave.frameOffset; f < wave.frameOffset + wave.frameCount; ++f) {
            for (quint32 b = 0; b < original.header().boneCount; ++b) {
                const auto at = reinterpret_cast<const char *>(original.matrixData(f, b)) - original.bytes().data();
                auto *m = reinterpret_cast<float *>(changed.data() + at);
                m[3] += 0.25f; // moved along x
                m[7] -= 0.125f;
            }
        }
        const bpat::BpatFile edited = bpat::BpatFile::fromData(changed);
        for (quint32 frame : {0u, 9u, 15u}) {
            const float difference = gpuCpuDifference(edited, 1, frame, maxRows, 0.0f, &original);
            QVERIFY2(difference >= 0 && difference < 1e-4f, qPrintable(QString::number(difference)));
        }
        // A palette of another shape is refused (the caller uploads it whole).
        CreatureRenderer renderer;
        QVERIFY(renderer.initialize());
        QVERIFY(renderer.setSource(PaletteSource::fromFile(original), maxRows));
        QVERIFY(!renderer.updatePaletteRows(PaletteSource::fromFile(edited), wave.frameOffset, original.header().frameTotal + 1));
        renderer.destroy();
    }

    void lateV3IsSkinnedInPlace_data()
    {
        QTest::addColumn<bool>("bindPalette");
        QTest::newRow("with a bind palette") << true;
        QTest::newRow("without: identity") << false;
    }
    void lateV3IsSkinnedInPlace()
    {
        // The texture holds the stored skinning matrices (no globals copied) and the shader
        // computes skin x bind: the same positions as the CPU's globals, interpolated too.
        QFETCH(bool, bindPalette);
        bpat::BpatDocument document = testdocs::smallVersionedDocument(bpat::format::Dialect::V3Late);
        if (!bindPalette)
            document.setBindPalette({});
        const bpat::BpatFile file = bpat::BpatFile::fromData(bpat::BpatWriter(document).toBytes());
        QVERIFY(file.storesSkinningMatrices());
        QCOMPARE(file.bindPaletteInBounds(), bindPalette);
        const PaletteSource source = PaletteSource::fromFile(file);
        QVERIFY(source.skinning);
        QCOMPARE(source.palette, file.paletteBytes());
        QCOMPARE(source.bindPalette != nullptr, bindPalette);
        for (float blend : {0.0f, 0.5f}) {
            const float difference = gpuCpuDifference(file, 0, 1, 0, blend);
            QVERIFY2(difference >= 0 && difference < 1e-4f, qPrintable(QString::number(difference)));
        }
    }

    void paletteTextureSplitsIntoLayers()
    {
        const bpat::BpatFile file = bpat::BpatFile::fromData(SyntheticCreature::humanoidFileBytes(24, 16));
        CreatureRenderer renderer;
        QVERIFY(renderer.initialize());
        QVERIFY(renderer.setSource(PaletteSource::fromFile(file), 16));
        QCOMPARE(renderer.paletteTexture().width(), 80);
        QCOMPARE(renderer.paletteTexture().rowsPerLayer(), 16);
        QCOMPARE(renderer.paletteTexture().layers(), 3); // 40 frames
        QCOMPARE(renderer.socketTexture().width(), 9);   // 3 sockets x 3 rows
        renderer.destroy();
    }

    void invalidSourceIsRefused()
    {
        CreatureRenderer renderer;
        QVERIFY(renderer.initialize());
        QVERIFY(!renderer.setSource(PaletteSource()));
        QVERIFY(!renderer.error().isEmpty());
        QCOMPARE(renderer.draw({}), 0);
        renderer.destroy();
        // A file whose palette runs past its end is described, not read.
        QByteArray bytes = SyntheticCreature::humanoidFileBytes();
        bytes.chop(bytes.size() / 2); // well into the palette
        QString why;
        QVERIFY(!PaletteSource::fromFile(bpat::BpatFile::fromData(bytes), &why).isValid());
        QVERIFY2(why.contains(QStringLiteral("does not fit")), qPrintable(why));
    }

    void crowdLayoutVariesClipsAndPhases()
    {
        const PaletteSource source = PaletteSource::fromFile(bpat::BpatFile::fromData(SyntheticCreature::humanoidFileBytes()));
        const QList<CreatureInstance> crowd = CrowdLayout::grid(source, 100, 1.0f);
        QCOMPARE(crowd.size(), 100);
        QSet<float> phases;
        for (const CreatureInstance &instance : crowd) {
            QCOMPARE(instance.loops, 1u); // only the looping walk: the one-shot wave would freeze
            QCOMPARE(instance.frameOffset, 0u);
            phases.insert(instance.phase);
        }
        QVERIFY(phases.size() > 90);
        QCOMPARE(crowd.at(1).x - crowd.at(0).x, 1.0f);
    }

    // The game's body over its late-v3 file: the GPU skins the stored vertices with the stored
    // skinning matrices (S x p, no bind), what the CPU computes with global x inverse(bind).
    void bodySkinsLikeTheCpu_data()
    {
        QTest::addColumn<QString>("bpat");
        QTest::addColumn<QString>("body");
        QTest::addColumn<QString>("clip");
        QTest::addColumn<int>("frame");
        QTest::newRow("horse gallop 7") << u"horse.bpat"_qs << u"horse_full.bprm"_qs << u"gallop"_qs << 7;
        QTest::newRow("humanoid attack_sword_a 20")
            << u"humanoid.bpat"_qs << u"humanoid_minimal.bprm"_qs << u"attack_sword_a"_qs << 20;
        QTest::newRow("elephant walk 3") << u"elephant.bpat"_qs << u"elephant_full.bprm"_qs << u"walk"_qs << 3;
    }
    void bodySkinsLikeTheCpu()
    {
        QFETCH(QString, bpat);
        QFETCH(QString, body);
        QFETCH(QString, clip);
        QFETCH(int, frame);
        const QString dir = u"upstream_assets/bpat_current/"_qs;
        BPAT_REQUIRE_SHARED(dir + bpat);
        const auto file = bpat::BpatFile::open(testpaths::shared(dir + bpat));
        QVERIFY(file);
        const PaletteSource source = PaletteSource::fromFile(*file);
        QVERIFY(source.isValid() && source.skinning && source.bindPalette);
        QString why;
        const BodySource mesh = BodySource::open(testpaths::shared(dir + body), source.boneCount, &why);
        QVERIFY2(mesh.isValid(), qPrintable(why));
        ViewportScene scene;
        scene.setSource(source);
        QVERIFY(scene.bodyProblem().isEmpty());
        scene.setBody(mesh);
        QVERIFY(scene.showsBody());

        CreatureRenderer renderer;
        QVERIFY(renderer.initialize() && renderer.setSource(source));
        renderer.setBindSpace(true);
        renderer.setMeshBytes(CreatureRenderer::Slot::Near, mesh.vertexBytes(), mesh.vertexCount(), mesh.indexBytes(),
                              mesh.indexCount());
        QCOMPARE(renderer.vertexCount(), mesh.vertexCount());
        const int c = file->findClip(clip);
        const PaletteClip &pc = source.clips.at(c);
        const QList<QVector3D> gpu = renderer.captureSkinnedPositions(
            CreatureInstance::atFrame(pc.frameOffset, pc.frameCount, quint32(frame), pc.loops), 0, false);
        // The same fetch path drawn the stand-in way (x bind) puts the body elsewhere.
        renderer.setBindSpace(false);
        const QList<QVector3D> wrong = renderer.captureSkinnedPositions(
            CreatureInstance::atFrame(pc.frameOffset, pc.frameCount, quint32(frame), pc.loops), 0, false);
        renderer.destroy();

        const QList<QMatrix4x4> skin = scene.skinMatrices(pc.frameOffset + quint32(frame));
        QCOMPARE(gpu.size(), mesh.vertexCount());
        float worst = 0, apart = 0;
        for (int v = 0; v < gpu.size(); ++v) {
            const bpat::CreatureVertex &x = mesh.mesh().vertices().at(v);
            QVector3D cpu;
            for (int k = 0; k < 4; ++k)
                if (x.weights[k] != 0.0f)
                    cpu += x.weights[k] * skin.at(x.bones[k]).map(QVector3D(x.position[0], x.position[1], x.position[2]));
            worst = std::max(worst, (gpu.at(v) - cpu).length());
            apart = std::max(apart, (wrong.at(v) - cpu).length());
        }
        QVERIFY2(worst < 2e-4f, qPrintable(QString::number(worst)));
        QVERIFY2(apart > 0.1f, qPrintable(QString::number(apart)));
    }

    // Each level of detail with instances is one instanced draw; a level without a mesh draws
    // nothing.
    void levelsAreOneDrawEach()
    {
        const bpat::BpatFile file = bpat::BpatFile::fromData(SyntheticCreature::humanoidFileBytes());
        const PaletteSource source = PaletteSource::fromFile(file);
        ViewportScene scene;
        scene.setSource(source);
        CreatureRenderer renderer;
        QVERIFY(renderer.initialize() && renderer.setSource(source));
        renderer.setMesh(scene.mesh());
        const bpat::CreatureMesh &light = scene.crowdMesh();
        renderer.setMeshBytes(CreatureRenderer::Slot::Far, reinterpret_cast<const uchar *>(light.vertices().constData()),
                              light.vertexCount(), reinterpret_cast<const uchar *>(light.indices().constData()),
                              int(light.indices().size()));
        const QList<CreatureInstance> crowd = CrowdLayout::grid(source, 30, 1.0f);
        const QList<CreatureInstance> nearInstances = crowd.mid(0, 10), farInstances = crowd.mid(10);
        renderer.setInstances(nearInstances, farInstances);
        QCOMPARE(renderer.instanceCount(), 30);
        QCOMPARE(renderer.instanceCount(CreatureRenderer::Slot::Far), 20);
        QCOMPARE(renderer.vertexCount(CreatureRenderer::Slot::Far), light.vertexCount());
        CreatureRenderer::DrawParameters parameters;
        QCOMPARE(renderer.draw(parameters), 2);
        QCOMPARE(renderer.lastVerticesShaded(), 10LL * scene.mesh().vertexCount() + 20LL * light.vertexCount());
        renderer.setLevelMesh(2, light);
        renderer.setLevelInstances({nearInstances, crowd.mid(10, 5), crowd.mid(15)});
        QCOMPARE(renderer.draw(parameters), 3);
        renderer.setInstances(crowd); // all near: one draw
        QCOMPARE(renderer.draw(parameters), 1);
        renderer.setMesh(scene.mesh()); // a stand-in alone empties the other levels
        renderer.setInstances(nearInstances, farInstances);
        QCOMPARE(renderer.vertexCount(CreatureRenderer::Slot::Far), 0);
        QCOMPARE(renderer.draw(parameters), 1);
        renderer.destroy();
    }

    // The benchmark draws the game's body found beside a late-v3 file and says so.
    void benchmarkDrawsTheBody()
    {
        const QString wolf = u"upstream_assets/bpat_current/wolf.bpat"_qs;
        BPAT_REQUIRE_SHARED(wolf);
        CrowdBenchmark::Options options;
        options.instances = 9;
        options.frames = 1;
        options.width = 160;
        options.height = 120;
        options.file = testpaths::shared(wolf);
        QString error;
        m_context->doneCurrent();
        std::optional<QJsonObject> result = CrowdBenchmark::run(options, &error);
        QVERIFY2(result, qPrintable(error));
        QCOMPARE(result->value(u"mesh_vertices"_qs).toInt(), 8336); // wolf_full.bprm
        QCOMPARE(result->value(u"body"_qs).toString(), u"wolf_full.bprm (full, 8336 vertices)"_qs);
        // Its levels of detail: simplified from the full body (the minimal one, 4,076 vertices,
        // is no lighter than a quarter), each lighter by four.
        const QJsonArray levels = result->value(u"species"_qs).toArray().at(0).toObject().value(u"levels"_qs).toArray();
        QVERIFY(levels.size() >= 2);
        QCOMPARE(levels.at(0).toObject().value(u"vertices"_qs).toInt(), 8336);
        QVERIFY(levels.at(1).toObject().value(u"vertices"_qs).toInt() * 4 <= 8336);
        QVERIFY(levels.at(1).toObject().value(u"switch_in_m"_qs).toDouble() > 0);
        const QJsonArray perLevel = result->value(u"instances_per_level"_qs).toArray();
        QCOMPARE(perLevel.at(0).toInt() + perLevel.at(1).toInt() + perLevel.at(2).toInt(), 9);
        int used = 0;
        for (const QJsonValue &n : perLevel)
            used += n.toInt() > 0;
        QCOMPARE(result->value(u"draw_calls_per_frame"_qs).toInt(), used);
        options.bodyView = u"minimal"_qs;
        result = CrowdBenchmark::run(options, &error);
        QVERIFY2(result, qPrintable(error));
        QCOMPARE(result->value(u"mesh_vertices"_qs).toInt(), 4076);
        options.bodyView = u"stand-in"_qs;
        result = CrowdBenchmark::run(options, &error);
        QVERIFY2(result, qPrintable(error));
        QCOMPARE(result->value(u"body"_qs).toString(), u"stand-in"_qs);
        // A body of another rig is refused with the reason.
        options.bodyView = u"full"_qs;
        options.body = testpaths::shared(u"upstream_assets/bpat_current/horse_full.bprm"_qs);
        QVERIFY(!CrowdBenchmark::run(options, &error));
        QVERIFY2(error.contains(u"use bone 49"_qs), qPrintable(error));
        QVERIFY(m_context->makeCurrent(m_surface.get()));
    }

    void benchmarkReportsOneDrawCall()
    {
        CrowdBenchmark::Options options;
        options.instances = 64;
        options.frames = 3;
        options.width = 320;
        options.height = 240;
        QString error;
        m_context->doneCurrent();
        const std::optional<QJsonObject> result = CrowdBenchmark::run(options, &error);
        QVERIFY(m_context->makeCurrent(m_surface.get()));
        QVERIFY2(result, qPrintable(error));
        QCOMPARE(result->value(QStringLiteral("instances")).toInt(), 64);
        QCOMPARE(result->value(QStringLiteral("frames")).toInt(), 3);
        QCOMPARE(result->value(QStringLiteral("draw_calls_per_frame")).toInt(), 1);
        QVERIFY(result->value(QStringLiteral("frame_ms")).toDouble() > 0);
        QVERIFY(result->value(QStringLiteral("cpu_ms_per_frame")).toDouble() > 0);
        QVERIFY(!result->value(QStringLiteral("gl_renderer")).toString().isEmpty());
        QCOMPARE(CrowdBenchmark::runFromArguments({QStringLiteral("x")}), std::nullopt);
        QCOMPARE(
            CrowdBenchmark::runFromArguments({QStringLiteral("x"), QStringLiteral("--benchmark-crowd"), QStringLiteral("zero")}),
            2);
    }

    void cleanupTestCase()
    {
        if (m_context)
            m_context->doneCurrent();
    }
};

QTEST_MAIN(tst_CreatureRenderer)
#include "tst_CreatureRenderer.moc"
