// Opening and deep-checking a generated late-v3 BPAT file (column-major skinning matrices, bind
// palette, parents, contact table) of 1 GiB against 1 MiB, beside a v1 file of the same shape
// in the same run: opening must stay O(1) in every dialect, and the deep pass (skin x bind per
// matrix, socket rows against globals, contacts) is compared with a plain read of the mapping.
//
// Usage: bench_BpatVersions [--size-mib N] [--keep]   (default 1024; temp dir, deleted unless --keep)
#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatFormat.h"
#include "bpat/BpatWriter.h"
#include "bpat/Validator.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QtEndian>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

using namespace bpat;
namespace fmt = bpat::format;

namespace {

constexpr quint32 Bones = 64;
constexpr quint32 Sockets = 4;
constexpr quint32 Distinct = 8;

BpatDocument sampleDocument(fmt::Dialect dialect)
{
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
    for (quint32 f = 0; f < Distinct; ++f)
        clip.contacts << 0.01f * float(f) << 0.02f * float(f);
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

// A valid file of about `targetBytes` in the dialect: the sample's frames repeated; header,
// tables and trailing blocks laid out like the writer does.
bool generate(const QString &path, quint64 targetBytes, fmt::Dialect dialect)
{
    const BpatDocument doc = sampleDocument(dialect);
    const QByteArray sample = BpatWriter(doc).toBytes();
    const BpatLayout l = BpatWriter(doc).layout();
    const quint64 frameBytes = quint64(Bones) * 64 + quint64(Sockets) * 48 + (fmt::isV3(dialect) ? 8 : 0);
    const quint32 frames = quint32(std::max<quint64>(Distinct, (targetBytes - l.paletteDataOffset) / frameBytes / Distinct * Distinct));
    QByteArray head = sample.left(qsizetype(l.paletteDataOffset));
    qToLittleEndian<quint32>(frames, head.data() + fmt::header::FrameTotal);
    qToLittleEndian<quint32>(frames, head.data() + l.clipTableOffset + fmt::clip::FrameCount);
    const quint64 socketEnd = l.paletteDataOffset + quint64(frames) * (quint64(Bones) * 64 + quint64(Sockets) * 48);
    const quint64 contacts = fmt::alignUp(socketEnd, 16);
    const quint64 bind = fmt::alignUp(contacts + quint64(frames) * 8, 16);
    const quint64 parents = fmt::alignUp(bind + quint64(Bones) * 64, 16);
    if (fmt::isV3(dialect)) {
        qToLittleEndian<quint64>(contacts, head.data() + fmt::ext::ContactDataOffset);
        qToLittleEndian<quint32>(frames, head.data() + fmt::ext::ContactEntryCount);
        if (dialect == fmt::Dialect::V3Late) {
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
    if (fmt::isV3(dialect)) {
        const QByteArray contactChunk = sample.mid(qsizetype(l.contactDataOffset), qsizetype(Distinct * 8));
        out.write(QByteArray(qsizetype(contacts - socketEnd), '\0'));
        for (quint32 f = 0; f < frames; f += Distinct)
            out.write(contactChunk);
        if (dialect == fmt::Dialect::V3Late) {
            out.write(QByteArray(qsizetype(bind - (contacts + quint64(frames) * 8)), '\0'));
            out.write(sample.mid(qsizetype(l.bindPaletteOffset), qsizetype(Bones) * 64));
            out.write(QByteArray(qsizetype(parents - (bind + quint64(Bones) * 64)), '\0'));
            out.write(sample.mid(qsizetype(l.boneParentOffset), qsizetype(Bones)));
        }
    }
    return out.error() == QFileDevice::NoError;
}

double median(QList<double> v)
{
    std::sort(v.begin(), v.end());
    return v.at(v.size() / 2);
}

double openAndValidateMs(const QString &path, int runs, ValidationResult *last)
{
    QList<double> times;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer t;
        t.start();
        const auto file = BpatFile::open(path);
        *last = Validator().validate(*file);
        times << double(t.nsecsElapsed()) / 1e6;
    }
    return median(times);
}

bool onlyDialectInfo(const ValidationResult &r)
{
    for (const Diagnostic &d : r.issues) {
        if (d.code != codes::V3_DIALECT)
            return false;
    }
    return r.valid();
}

void measure(fmt::Dialect dialect, quint64 bigMiB, bool keep)
{
    const QString name = fmt::dialectName(dialect);
    const QString small = QDir::temp().filePath(QStringLiteral("bench_bpat_%1_1mib.bpat").arg(name));
    const QString big = QDir::temp().filePath(QStringLiteral("bench_bpat_%1_big.bpat").arg(name));
    if (!generate(small, 1ull << 20, dialect) || !generate(big, bigMiB << 20, dialect)) {
        std::fprintf(stderr, "cannot write the generated files in %s\n", qPrintable(QDir::tempPath()));
        return;
    }
    ValidationResult r;
    openAndValidateMs(big, 3, &r); // warm-up
    const double smallMs = openAndValidateMs(small, 21, &r);
    const bool smallValid = onlyDialectInfo(r);
    const double bigMs = openAndValidateMs(big, 21, &r);
    const bool bigValid = onlyDialectInfo(r);
    std::printf("%-8s %llu B: open + validate (median of 21): 1 MiB %.3f ms, %llu MiB %.3f ms, ratio %.2f (valid: %s/%s)\n",
                qPrintable(name), static_cast<unsigned long long>(QFileInfo(big).size()), smallMs,
                static_cast<unsigned long long>(bigMiB), bigMs, bigMs / smallMs, smallValid ? "yes" : "NO", bigValid ? "yes" : "NO");
    const auto file = BpatFile::open(big);
    const uchar *data = file->data();
    const quint64 size = file->fileSize();
    QList<double> plain, deep;
    for (int run = 0; run < 3; ++run) {
        QElapsedTimer t;
        t.start();
        quint64 acc = 0;
        for (quint64 at = 0; at + 8 <= size; at += 8) {
            quint64 v;
            std::memcpy(&v, data + at, 8);
            acc ^= v;
        }
        plain << double(size) / double(t.nsecsElapsed());
        if (acc == 42)
            std::printf(" ");
        t.restart();
        const ValidationResult d = Validator(ValidationOptions::make(ValidationProfile::Spec, true)).validate(*file);
        deep << double(size) / double(t.nsecsElapsed());
        if (!onlyDialectInfo(d))
            std::printf("unexpected deep findings: %lld\n", static_cast<long long>(d.issues.size()));
    }
    std::printf("%-8s plain read %.2f GB/s, deep validation %.2f GB/s (%.0f%% of plain read; median of 3)\n", qPrintable(name),
                median(plain), median(deep), 100.0 * median(deep) / median(plain));
    if (!keep) {
        QFile::remove(small);
        QFile::remove(big);
    }
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    quint64 bigMiB = 1024;
    if (const qsizetype i = args.indexOf(QStringLiteral("--size-mib")); i >= 0)
        bigMiB = args.value(i + 1).toULongLong();
    const bool keep = args.contains(QStringLiteral("--keep"));
    std::printf("64 bones, %u sockets, one clip; same machine, same run\n", Sockets);
    for (fmt::Dialect d : {fmt::Dialect::V1, fmt::Dialect::V3Late})
        measure(d, bigMiB, keep);
    return 0;
}
