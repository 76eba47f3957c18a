#pragma once
// What the file benchmarks share (bench_BpatValidate, bench_BpatVersions): valid generated files
// of any size in every version (BPAT v1, v2, v3 early, v3 late; BPSM), the plain pass over a
// mapping that deep checks are measured against, medians and peak memory.
#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatFormat.h"
#include "bpat/BpatWriter.h"
#include "bpat/Validator.h"
#include "bpsm/BpsmFormat.h"
#include "bpsm/BpsmWriter.h"

#include <QElapsedTimer>
#include <QFile>
#include <QList>
#include <QString>
#include <QThread>
#include <QtEndian>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <functional>
#include <sys/resource.h>

namespace benchfiles {

namespace fmt = bpat::format;

constexpr quint32 Bones = 64;
constexpr quint32 Sockets = 4;
constexpr quint32 Distinct = 8; // distinct frames, repeated to the size asked for

// 64 bones, 4 sockets, one looping clip of Distinct frames of rotations and translations; v3
// adds contacts, late v3 a bind palette (the first frame) and a parent chain.
inline bpat::BpatDocument sampleDocument(fmt::Dialect dialect)
{
    using namespace bpat;
    BpatDocument doc(0, Bones);
    BpatClip clip;
    clip.name = QStringLiteral("loop");
    clip.frameCount = Distinct;
    clip.palette.resize(qsizetype(Distinct) * Bones * 16);
    for (quint32 f = 0; f < Distinct; ++f) {
        for (quint32 b = 0; b < Bones; ++b) {
            const float a = 0.01f * float(f * Bones + b), c = std::cos(a), s = std::sin(a);
            const float m[16] = {c, -s, 0, 0.1f * float(b), s, c, 0, 0.05f * float(f), 0, 0, 1, 0.5f, 0, 0, 0, 1};
            std::memcpy(clip.palette.data() + BpatClip::matrixIndex(f, b, Bones), m, sizeof m);
        }
    }
    if (fmt::isV3(dialect)) {
        for (quint32 f = 0; f < Distinct; ++f)
            clip.contacts << 0.01f * float(f) << 0.02f * float(f);
    }
    doc.addClip(clip);
    for (quint32 s = 0; s < Sockets; ++s)
        doc.addSocket({QStringLiteral("socket%1").arg(s), s * 7, QVector3D(0.0f, 0.1f * float(s), 0.0f)});
    doc.setDialect(dialect);
    if (dialect == fmt::Dialect::V3Late) {
        QList<QMatrix4x4> bind;
        QList<quint8> parents;
        for (quint32 b = 0; b < Bones; ++b) {
            bind.append(doc.clip(0).matrix(0, b, Bones));
            parents.append(b == 0 ? fmt::NoParentBone : quint8(b - 1));
        }
        doc.setBindMatrices(bind);
        doc.setBoneParents(parents);
    }
    return doc;
}

// A valid file of about `targetBytes` in the dialect: the sample's frames repeated, streamed to
// disk; header, tables and trailing blocks laid out like the writer does.
inline bool generateBpat(const QString &path, quint64 targetBytes, fmt::Dialect dialect)
{
    using namespace bpat;
    const BpatDocument doc = sampleDocument(dialect);
    const QByteArray sample = BpatWriter(doc).toBytes();
    const BpatLayout l = BpatWriter(doc).layout();
    const bool v3 = fmt::isV3(dialect), late = dialect == fmt::Dialect::V3Late;
    const quint64 frameBytes = quint64(Bones) * 64 + quint64(Sockets) * 48 + (v3 ? 8 : 0);
    const quint32 frames =
        quint32(std::max<quint64>(Distinct, (targetBytes - l.paletteDataOffset) / frameBytes / Distinct * Distinct));
    QByteArray head = sample.left(qsizetype(l.paletteDataOffset));
    qToLittleEndian<quint32>(frames, head.data() + fmt::header::FrameTotal);
    qToLittleEndian<quint32>(frames, head.data() + l.clipTableOffset + fmt::clip::FrameCount);
    const quint64 socketEnd = l.paletteDataOffset + quint64(frames) * (quint64(Bones) * 64 + quint64(Sockets) * 48);
    const quint64 contacts = fmt::alignUp(socketEnd, 16);
    const quint64 bind = fmt::alignUp(contacts + quint64(frames) * 8, 16);
    const quint64 parents = fmt::alignUp(bind + quint64(Bones) * 64, 16);
    if (v3) {
        qToLittleEndian<quint64>(contacts, head.data() + fmt::ext::ContactDataOffset);
        qToLittleEndian<quint32>(frames, head.data() + fmt::ext::ContactEntryCount);
        if (late) {
            qToLittleEndian<quint64>(bind, head.data() + fmt::ext::BindPaletteOffset);
            qToLittleEndian<quint64>(parents, head.data() + fmt::ext::BoneParentOffset);
        }
    }
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        return false;
    out.write(head);
    const QByteArray paletteChunk = sample.mid(qsizetype(l.paletteDataOffset), qsizetype(Distinct * Bones * 64));
    const QByteArray socketChunk = sample.mid(qsizetype(l.socketDataOffset), qsizetype(Distinct * Sockets * 48));
    for (quint32 f = 0; f < frames; f += Distinct)
        out.write(paletteChunk);
    for (quint32 f = 0; f < frames; f += Distinct)
        out.write(socketChunk);
    if (v3) {
        const QByteArray contactChunk = sample.mid(qsizetype(l.contactDataOffset), qsizetype(Distinct * 8));
        out.write(QByteArray(qsizetype(contacts - socketEnd), '\0'));
        for (quint32 f = 0; f < frames; f += Distinct)
            out.write(contactChunk);
        if (late) {
            out.write(QByteArray(qsizetype(bind - (contacts + quint64(frames) * 8)), '\0'));
            out.write(sample.mid(qsizetype(l.bindPaletteOffset), qsizetype(Bones) * 64));
            out.write(QByteArray(qsizetype(parents - (bind + quint64(Bones) * 64)), '\0'));
            out.write(sample.mid(qsizetype(l.boneParentOffset), qsizetype(Bones)));
        }
    }
    return out.error() == QFileDevice::NoError;
}

// A valid BPSM of about `targetBytes`: 2,000 vertices (a strip of triangles), Distinct frames of
// them repeated in one clip.
inline bool generateBpsm(const QString &path, quint64 targetBytes)
{
    using namespace bpat;
    constexpr quint32 Vertices = 2000;
    BpsmSnapshot snapshot;
    snapshot.vertexCount = Vertices;
    for (quint32 t = 0; t + 2 < Vertices; ++t)
        snapshot.indices << t << t + 1 << t + 2;
    const quint64 frameBytes = quint64(Vertices) * bpsm::VertexSize;
    const quint32 frames = quint32(std::max<quint64>(Distinct, targetBytes / frameBytes / Distinct * Distinct));
    snapshot.clips = {{QStringLiteral("loop"), frames}};
    QByteArray chunk(qsizetype(Distinct * frameBytes), Qt::Uninitialized);
    for (quint32 f = 0; f < Distinct; ++f) {
        for (quint32 v = 0; v < Vertices; ++v) {
            CreatureVertex x;
            const float a = 0.001f * float(v) + 0.1f * float(f);
            x.position[0] = std::cos(a);
            x.position[1] = 0.001f * float(v);
            x.position[2] = std::sin(a);
            x.normal[0] = std::cos(a);
            x.normal[1] = 0.0f;
            x.normal[2] = std::sin(a);
            x.uv[0] = float(v % 100) / 100.0f;
            x.uv[1] = float(v / 100) / 20.0f;
            x.bones[0] = quint8(v % 64);
            x.bones[1] = quint8((v + 1) % 64);
            x.weights[0] = 0.75f;
            x.weights[1] = 0.25f;
            x.weights[2] = x.weights[3] = 0.0f;
            x.colorRole = quint8(v % 3);
            BpsmWriter::encodeVertex(x, reinterpret_cast<uchar *>(chunk.data()) + (quint64(f) * Vertices + v) * bpsm::VertexSize);
        }
    }
    const BpsmWriter writer(snapshot);
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        return false;
    out.write(writer.head(writer.streamLayout()));
    for (quint32 f = 0; f < frames; f += Distinct)
        out.write(chunk);
    return out.error() == QFileDevice::NoError;
}

inline double median(QList<double> v)
{
    std::sort(v.begin(), v.end());
    return v.at(v.size() / 2);
}

// The floor of a deep pass: one thread summing every 64-bit word of the mapping. GB/s.
inline double plainPassGBs(const uchar *data, quint64 size)
{
    QElapsedTimer t;
    t.start();
    quint64 acc = 0;
    for (quint64 at = 0; at + 8 <= size; at += 8) {
        quint64 v;
        std::memcpy(&v, data + at, 8);
        acc += v;
    }
    const double gbs = double(size) / double(t.nsecsElapsed()); // bytes per ns = GB/s
    if (acc == 42)
        std::printf(" ");
    return gbs;
}

// Open (map + decode header and tables) and validate structurally, `runs` times: median ms.
inline double openAndValidateMs(const QString &path, int runs, bpat::ValidationResult *last)
{
    QList<double> times;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer t;
        t.start();
        const auto file = bpat::BpatFile::open(path);
        *last = bpat::Validator().validate(*file);
        times << double(t.nsecsElapsed()) / 1e6;
    }
    return median(times);
}

inline double threadCpuSeconds()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) / 1e9;
}

// GB/s of `pass` over `size` bytes, by the wall clock and by this thread's CPU time (which does
// not count the time other processes hold the core, so it survives the load of a shared
// machine); repeated to at least 256 MiB.
struct Throughput
{
    double wall = 0.0, cpu = 0.0;
};
inline Throughput throughput(quint64 size, const std::function<void()> &pass)
{
    const int repeats = int(std::max<quint64>(1, (256ull << 20) / std::max<quint64>(1, size)));
    const double cpu0 = threadCpuSeconds();
    QElapsedTimer t;
    t.start();
    for (int i = 0; i < repeats; ++i)
        pass();
    const double bytes = double(size) * repeats;
    return {bytes / double(t.nsecsElapsed()), bytes / ((threadCpuSeconds() - cpu0) * 1e9)};
}

// The plain pass, the job on one thread and on the default threads, `runs` times, back to back;
// prints Markdown rows: throughput and ratio to the plain pass (medians), and the one-thread
// ratio by CPU time.
inline void compare(const QString &label, int runs, const std::function<void()> &plainPass,
                    const std::function<bool(int threads)> &job, const char *jobName, quint64 size)
{
    QList<double> plain, one, all, plainCpu, oneCpu;
    bool clean = true;
    for (int run = 0; run < runs; ++run) {
        const Throughput p = throughput(size, plainPass);
        const Throughput o = throughput(size, [&] { clean = job(1) && clean; });
        plain << p.wall;
        plainCpu << p.cpu;
        one << o.wall;
        oneCpu << o.cpu;
        all << throughput(size, [&] { clean = job(0) && clean; }).wall;
    }
    if (!clean)
        std::printf("unexpected findings in %s\n", qPrintable(label));
    std::printf("| %s | plain pass over the mapping (sum of 64-bit words, 1 thread) | %.2f GB/s | 1.00 |\n", qPrintable(label),
                median(plain));
    std::printf("| | %s, 1 thread | %.2f GB/s | %.2f |\n", jobName, median(one), median(one) / median(plain));
    std::printf("| | %s, default threads (%d) | %.2f GB/s | %.2f |\n", jobName, QThread::idealThreadCount(), median(all),
                median(all) / median(plain));
    std::printf("| | %s, 1 thread, per CPU-second (plain pass %.2f) | %.2f GB/s | %.2f |\n", jobName, median(plainCpu),
                median(oneCpu), median(oneCpu) / median(plainCpu));
}

inline long maxRssMiB()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss / 1024;
}

} // namespace benchfiles
