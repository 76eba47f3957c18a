// A rebake (bake) manifest with many clips: reading the manifest, then rebaking every clip of
// it into one BPAT file (RebakeJob: each recording read, each clip baked, the result validated
// and written), for 300, 1,000 and 3,000 clips of a short generated recording (0.1 s at 60 fps,
// 7 frames each, `hands` recipe). Shows how the cost grows with the clip count; the figures go
// to docs/performance.md. Keep runs short: the machine is shared.
#include "anim/InputAnimationWriter.h"
#include "rebake/RebakeManifest.h"
#include "rebake/RebakeJob.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTextStream>
#include <cmath>
#include <ctime>

using namespace bpat;

namespace {

// One second of camera and hand keys at 30 Hz.
InputAnimation recording()
{
    InputAnimation a;
    auto fill = [](PoseCurves &pose, float phase) {
        for (int c = 0; c < PoseComponentCount; ++c) {
            QList<Keyframe> k;
            for (int i = 0; i <= 30; ++i) {
                const float t = float(i) / 30.0f;
                k.append(Keyframe::linear(t, std::sin(t + phase + float(c)) * 0.3f));
            }
            pose.curves[size_t(c)] = FloatCurve(std::move(k));
        }
    };
    fill(a.camera(), 0.0f);
    for (int h = 0; h < HandCount; ++h) {
        for (int j = 1; j < HandJointCount; ++j)
            fill(a.joint(Hand(h), HandJoint(j)), float(h * 27 + j) * 0.1f);
    }
    return a;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    QTemporaryDir dir;
    const QString rec = dir.filePath(QStringLiteral("take.bin"));
    InputAnimationWriter writer;
    if (!writer.writeFile(recording(), rec)) {
        out << "cannot write the recording: " << writer.errorString() << '\n';
        return 1;
    }
    for (const int clips : {300, 1000, 3000}) {
        QJsonArray list;
        for (int i = 0; i < clips; ++i) {
            list.append(QJsonObject{{QStringLiteral("curves"), rec},
                                    {QStringLiteral("name"), QStringLiteral("clip%1").arg(i)},
                                    {QStringLiteral("to"), 0.1}});
        }
        const QString manifest = dir.filePath(QStringLiteral("bake-%1.json").arg(clips));
        QFile f(manifest);
        if (!f.open(QIODevice::WriteOnly))
            return 1;
        f.write(QJsonDocument(QJsonObject{{QStringLiteral("output"), dir.filePath(QStringLiteral("out-%1.bpat").arg(clips))},
                                          {QStringLiteral("recipe"), QStringLiteral("hands")},
                                          {QStringLiteral("clips"), list}})
                    .toJson());
        f.close();

        QElapsedTimer timer;
        timer.start();
        const std::clock_t cpuStart = std::clock();
        Diagnostics diagnostics;
        const std::optional<RebakeRequest> request = RebakeManifest::readFile(manifest, &diagnostics);
        const qint64 readMs = timer.elapsed();
        if (!request) {
            out << "manifest refused: " << (diagnostics.isEmpty() ? QString() : diagnostics.first().message) << '\n';
            return 1;
        }
        RebakeOptions options;
        options.threads = 1;
        const RebakeOutcome outcome = RebakeJob(*request).run(options);
        const qint64 totalMs = timer.elapsed();
        // CPU time too: on a loaded machine the wall time says more about the neighbours.
        const double cpuMs = double(std::clock() - cpuStart) * 1000.0 / CLOCKS_PER_SEC;
        out << clips << " clips: manifest read in " << readMs << " ms, rebaked, validated and written (" << outcome.bytesWritten
            << " bytes" << (outcome.ok ? "" : ", FAILED") << ") in " << totalMs << " ms wall, " << qint64(cpuMs) << " ms CPU, "
            << QString::number(cpuMs / clips, 'f', 2) << " ms CPU a clip\n";
        out.flush();
    }
    return 0;
}
