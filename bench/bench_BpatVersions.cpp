// Every version the project reads beside its floor, in the same run: for v2, early v3 and late v3
// BPAT files (64 bones, 4 sockets, one looping clip; v3 adds the contact table, late v3 the bind
// palette and parents and stores column-major skinning matrices) of 1 MiB and N MiB, opening plus
// structural validation (must stay O(1)), and the deep pass with one thread and with the default
// thread count beside a plain single-thread pass over the same mapping; then the BPSM content
// check, on a generated N MiB BPSM and on any BPSM named with --bpsm, the same way. v1 is
// bench_BpatValidate's (same generator, BenchFiles.h).
//
// Usage: bench_BpatVersions [--size-mib N] [--runs N] [--bpsm PATH]... [--keep] [--only NAME]
//        (--only v2, v3-early, v3-late or bpsm: that generated file alone)
//        (default 1024 MiB, 5 runs; files go to the temp dir and are deleted unless --keep)
// Rows starting with '|' are Markdown for scripts/bench.sh; each figure is a median of the runs,
// each run measuring the plain pass, one thread and the default threads back to back, page cache
// warm, and a one-thread ratio by CPU time. A file under 256 MiB is passed over repeatedly within
// a measurement (at least 256 MiB); a BPSM under 256 MiB is mapped anew for every pass.
#include "BenchFiles.h"
#include "bpat/BpatFile.h"
#include "bpat/Validator.h"
#include "bpsm/BpsmFile.h"
#include "bpsm/BpsmValidator.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <cstdio>
#include <functional>

using namespace bpat;
using namespace benchfiles;

namespace {

struct Options
{
    quint64 bigMiB = 1024;
    int runs = 5;
    bool keep = false;
};

bool onlyDialectInfo(const ValidationResult &r)
{
    for (const Diagnostic &d : r.issues) {
        if (d.code != codes::V3_DIALECT)
            return false;
    }
    return r.valid();
}

void measureBpat(format::Dialect dialect, const Options &o)
{
    const QString name = format::dialectName(dialect);
    const QString small = QDir::temp().filePath(QStringLiteral("bench_bpat_%1_1mib.bpat").arg(name));
    const QString big = QDir::temp().filePath(QStringLiteral("bench_bpat_%1_big.bpat").arg(name));
    if (!generateBpat(small, 1ull << 20, dialect) || !generateBpat(big, o.bigMiB << 20, dialect)) {
        std::fprintf(stderr, "cannot write the generated files in %s\n", qPrintable(QDir::tempPath()));
        return;
    }
    ValidationResult r;
    openAndValidateMs(big, 3, &r); // warm-up
    const double smallMs = openAndValidateMs(small, 21, &r);
    const bool smallValid = onlyDialectInfo(r);
    const double bigMs = openAndValidateMs(big, 21, &r);
    const bool bigValid = onlyDialectInfo(r);
    std::printf("%s: %llu B; open + validate (median of 21): 1 MiB %.3f ms, %llu MiB %.3f ms, ratio %.2f (valid: %s/%s)\n",
                qPrintable(name), static_cast<unsigned long long>(QFileInfo(big).size()), smallMs,
                static_cast<unsigned long long>(o.bigMiB), bigMs, bigMs / smallMs, smallValid ? "yes" : "NO",
                bigValid ? "yes" : "NO");
    const auto file = BpatFile::open(big);
    compare(
        QStringLiteral("%1 MiB %2 file, 64 bones, %3 sockets").arg(o.bigMiB).arg(name).arg(Sockets), o.runs,
        [&] { plainPassGBs(file->data(), file->fileSize()); },
        [&](int threads) {
            ValidationOptions v = ValidationOptions::make(ValidationProfile::Spec, true);
            v.threads = threads;
            return onlyDialectInfo(Validator(v).validate(*file));
        },
        "deep validation", file->fileSize());
    if (!o.keep) {
        QFile::remove(small);
        QFile::remove(big);
    }
}

// A file under 256 MiB is opened (mapped) anew for every pass, the plain one too, as a user's
// `bpat validate` does: passes over one mapping would measure the CPU caches.
void measureBpsm(const QString &path, const QString &label, const Options &o)
{
    const auto file = BpsmFile::open(path);
    if (!file) {
        std::fprintf(stderr, "cannot open %s\n", qPrintable(path));
        return;
    }
    const bool reopen = file->fileSize() < (256ull << 20);
    compare(
        label + (reopen ? QStringLiteral(", mapped anew for each pass") : QString()), o.runs,
        [&] {
            if (!reopen) {
                plainPassGBs(reinterpret_cast<const uchar *>(file->bytes().data()), file->fileSize());
                return;
            }
            const auto again = BpsmFile::open(path);
            plainPassGBs(reinterpret_cast<const uchar *>(again->bytes().data()), again->fileSize());
        },
        [&](int threads) { return BpsmValidator(8, threads).validate(reopen ? *BpsmFile::open(path) : *file).isEmpty(); },
        "BPSM content check", file->fileSize());
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    Options o;
    QStringList bpsmPaths;
    QString only; // --only v2 | v3-early | v3-late | bpsm: one of the generated files
    for (qsizetype i = 1; i < args.size(); ++i) {
        if (args.at(i) == u"--size-mib")
            o.bigMiB = args.value(++i).toULongLong();
        else if (args.at(i) == u"--runs")
            o.runs = std::max(1, args.value(++i).toInt());
        else if (args.at(i) == u"--bpsm")
            bpsmPaths << args.value(++i);
        else if (args.at(i) == u"--keep")
            o.keep = true;
        else if (args.at(i) == u"--only")
            only = args.value(++i);
    }
    for (format::Dialect d : {format::Dialect::V2, format::Dialect::V3Early, format::Dialect::V3Late}) {
        if (only.isEmpty() || only == format::dialectName(d))
            measureBpat(d, o);
    }
    const QString bpsm = QDir::temp().filePath(QStringLiteral("bench_bpsm_big.bpsm"));
    if ((only.isEmpty() || only == u"bpsm") && generateBpsm(bpsm, o.bigMiB << 20))
        measureBpsm(bpsm, QStringLiteral("%1 MiB generated BPSM, 2000 vertices").arg(o.bigMiB), o);
    if (!o.keep)
        QFile::remove(bpsm);
    for (const QString &path : bpsmPaths)
        measureBpsm(
            path,
            QStringLiteral("%1 (%2 MB)").arg(QFileInfo(path).fileName()).arg(double(QFileInfo(path).size()) / 1e6, 0, 'f', 1), o);
    std::printf("max RSS: %ld MiB (the mappings' pages count once read); medians of %d runs\n", maxRssMiB(), o.runs);
    return 0;
}
