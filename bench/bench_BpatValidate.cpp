// Open + validate time of a generated 1 GiB v1 BPAT file against a 1 MiB one (opening maps the
// file and reads only header and tables, so the ratio should be about 1), and deep-validation
// throughput beside a plain read of the same mapping, in the same run. The later versions and
// BPSM: bench_BpatVersions (same generator, BenchFiles.h).
//
// Usage: bench_BpatValidate [--size-mib N] [--runs N] [--keep]   (default 1024 MiB, 5 runs;
// files go to the temp dir and are deleted at the end unless --keep). Deep figures are medians
// of the runs, each run measuring the plain pass, deep with 1 thread and deep with the default
// thread count back to back, page cache warm.
#include "BenchFiles.h"
#include "bpat/BpatFile.h"
#include "bpat/Validator.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QThread>
#include <cstdio>

using namespace bpat;
using namespace benchfiles;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    quint64 bigMiB = 1024;
    if (const qsizetype i = args.indexOf(QStringLiteral("--size-mib")); i >= 0)
        bigMiB = args.value(i + 1).toULongLong();
    const bool keep = args.contains(QStringLiteral("--keep"));
    int runs = 5;
    if (const qsizetype i = args.indexOf(QStringLiteral("--runs")); i >= 0)
        runs = std::max(1, args.value(i + 1).toInt());

    const QString small = QDir::temp().filePath(QStringLiteral("bench_bpat_1mib.bpat"));
    const QString big = QDir::temp().filePath(QStringLiteral("bench_bpat_big.bpat"));
    if (!generateBpat(small, 1ull << 20, format::Dialect::V1) || !generateBpat(big, bigMiB << 20, format::Dialect::V1)) {
        std::fprintf(stderr, "cannot write the generated files in %s\n", qPrintable(QDir::tempPath()));
        return 1;
    }
    const quint64 smallSize = quint64(QFileInfo(small).size()), bigSize = quint64(QFileInfo(big).size());
    std::printf("files: %llu bytes and %llu bytes (64 bones, %u sockets, one clip)\n", static_cast<unsigned long long>(smallSize),
                static_cast<unsigned long long>(bigSize), Sockets);

    ValidationResult r;
    openAndValidateMs(big, 3, &r); // warm-up
    const double smallMs = openAndValidateMs(small, 21, &r);
    const bool smallValid = r.valid() && r.issues.isEmpty();
    const double bigMs = openAndValidateMs(big, 21, &r);
    const bool bigValid = r.valid() && r.issues.isEmpty();
    std::printf("open + validate (median of 21): 1 MiB %.3f ms, %llu MiB %.3f ms, ratio %.2f (valid: %s/%s)\n", smallMs,
                static_cast<unsigned long long>(bigMiB), bigMs, bigMs / smallMs, smallValid ? "yes" : "NO",
                bigValid ? "yes" : "NO");
    std::printf("max RSS after opening both: %ld MiB\n", maxRssMiB());

    const auto file = BpatFile::open(big);
    compare(
        QStringLiteral("%1 MiB v1 file, 64 bones, %2 sockets").arg(bigMiB).arg(Sockets), runs,
        [&] { plainPassGBs(file->data(), file->fileSize()); },
        [&](int threads) {
            ValidationOptions o = ValidationOptions::make(ValidationProfile::Spec, true);
            o.threads = threads;
            return Validator(o).validate(*file).issues.isEmpty();
        },
        "deep validation", file->fileSize());
    std::printf("max RSS after deep validation: %ld MiB (the mapping's pages count once read); median of %d runs\n", maxRssMiB(),
                runs);

    if (!keep) {
        QFile::remove(small);
        QFile::remove(big);
    }
    return 0;
}
