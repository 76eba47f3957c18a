// Rebake throughput in bone poses per second (frames x bones / seconds), single thread and all
// threads: the real 14.5 s HoloLens 2 recording and a generated ten-minute recording, both with
// the `hands` recipe (53 bones) at 60 fps, and humanoid-upper-body (20 bones, IK) on the real one.
// Figures go to docs/performance.md. Keep runs short: the machine is shared.
#include "rebake/BuiltinRecipes.h"
#include "anim/InputAnimationReader.h"
#include "rebake/Rebaker.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QThread>
#include <QTextStream>
#include <cmath>
#include <ctime>

using namespace bpat;

namespace {

// Ten minutes of toolkit-style keys (linear, tangents and weights 0) at `keyRate` Hz for the
// camera and every recorded joint of both hands, hands tracked with a few gaps.
InputAnimation generated(double seconds, double keyRate)
{
    InputAnimation a;
    const int keys = int(seconds * keyRate) + 1;
    QRandomGenerator rng(42);
    auto fill = [&](PoseCurves &pose, float phase) {
        for (int c = 0; c < PoseComponentCount; ++c) {
            QList<Keyframe> k;
            k.reserve(keys);
            for (int i = 0; i < keys; ++i) {
                const float t = float(i / keyRate);
                k.append(Keyframe::linear(t, std::sin(t * 0.7f + phase + float(c)) * 0.3f + float(rng.generateDouble()) * 0.01f));
            }
            pose.curves[size_t(c)] = FloatCurve(std::move(k));
        }
    };
    fill(a.camera(), 0.0f);
    for (int h = 0; h < HandCount; ++h) {
        for (int j = 1; j < HandJointCount; ++j)
            fill(a.joint(Hand(h), HandJoint(j)), float(h * 27 + j) * 0.1f);
        QList<BoolKey> tracked;
        for (double t = 0; t < seconds; t += 7.0)
            tracked << BoolKey{float(t), 1.0f} << BoolKey{float(t + 6.0), 0.0f};
        a.handBool(h == 0 ? HandBoolCurve::LeftTracked : HandBoolCurve::RightTracked) = BoolCurve(tracked);
    }
    return a;
}

void measure(QTextStream &out, const QString &label, const InputAnimation &anim, const RebakeRecipe &recipe,
             double fps, int threads)
{
    const RecipePoser poser(recipe);
    RebakeOptions options;
    options.threads = threads;
    QElapsedTimer timer;
    timer.start();
    const std::clock_t cpu0 = std::clock();
    const std::optional<BpatClip> clip = Rebaker::bakeClip(anim, poser, RebakeRange{0.0, {}, fps}, QStringLiteral("c"), false, options);
    const double s = double(timer.nsecsElapsed()) / 1e9;
    const double cpu = double(std::clock() - cpu0) / CLOCKS_PER_SEC;
    if (!clip) {
        out << label << ", " << recipe.name << ": the bake failed; nothing to measure\n";
        out.flush();
        return;
    }
    const double poses = double(clip->frameCount) * recipe.boneCount();
    // Wall time is what a user waits; CPU time (all threads) shows the cost on a loaded machine.
    out << qSetFieldWidth(0) << label << ", " << recipe.name << ", " << threads << " thread(s): " << clip->frameCount
        << " frames x " << recipe.boneCount() << " bones in " << QString::number(s * 1000.0, 'f', 1) << " ms wall = "
        << QString::number(poses / s / 1e6, 'f', 2) << " M bone poses/s; " << QString::number(cpu * 1000.0, 'f', 1)
        << " ms CPU = " << QString::number(poses / cpu / 1e6, 'f', 2) << " M bone poses per CPU-second\n";
    out.flush();
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    const int all = QThread::idealThreadCount();
    out << "bench_Rebake: " << all << " hardware threads\n";
    const QString path = qEnvironmentVariable("BPAT_SHARED_DIR", QStringLiteral(BPAT_SHARED_DIR))
                         + QStringLiteral("/mrtk_samples/holographic-recording_InputAnimation-20201027-134946.bin");
    InputAnimationReader reader;
    if (const std::optional<InputAnimation> real = reader.readFile(path)) {
        for (const int threads : {1, all}) {
            measure(out, QStringLiteral("real 14.5 s recording"), *real, BuiltinRecipes::hands(), 60.0, threads);
            measure(out, QStringLiteral("real 14.5 s recording"), *real, BuiltinRecipes::humanoidUpperBody(), 60.0, threads);
        }
    } else {
        out << "real recording unreadable: " << reader.errorString() << '\n';
    }
    QElapsedTimer timer;
    timer.start();
    const InputAnimation ten = generated(600.0, 30.0);
    out << "generated ten-minute recording (30 Hz keys, " << ten.keyCount() << " keys) in " << timer.elapsed() << " ms\n";
    for (const int threads : {1, all})
        measure(out, QStringLiteral("generated 10 min"), ten, BuiltinRecipes::hands(), 60.0, threads);
    return 0;
}
