// `bpat diff` beside the deep checks of both files, in the same run: for two files A and B (in
// scripts/bench.sh two 504 MB files: a 9600 fps late-v3 rebake of the real recording against a
// copy of itself and against its v1 conversion), FileDiff::compare of A and B and the deep
// validation of A then of B, each as `bpat diff` and `bpat validate --deep` run them (the pages
// of the mappings released behind the pass), with one thread and with the default threads,
// mapped anew every run, page cache warm. Prints Markdown rows: the medians and the ratio of the
// diff to the deep checks; the goal is at most 2.
//
// Usage: bench_Diff A B [--runs N] [--label TEXT]
#include "BenchFiles.h"
#include "bpat/BpatFile.h"
#include "bpat/Validator.h"
#include "diff/FileDiff.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QStringList>
#include <cstdio>

using namespace bpat;
using namespace benchfiles;

namespace {

double deepBothMs(const QString &a, const QString &b, int threads, bool *clean)
{
    QElapsedTimer t;
    t.start();
    for (const QString &path : {a, b}) {
        const auto file = BpatFile::open(path);
        ValidationOptions v = ValidationOptions::make(ValidationProfile::Spec, true);
        v.threads = threads;
        v.releaseBehind = true;
        const ValidationResult r = Validator(v).validate(*file);
        *clean = *clean && r.valid();
    }
    return double(t.nsecsElapsed()) / 1e6;
}

double diffMs(const QString &a, const QString &b, int threads, int *changes)
{
    QElapsedTimer t;
    t.start();
    const auto fa = BpatFile::open(a), fb = BpatFile::open(b);
    diff::DiffOptions o;
    o.threads = threads;
    o.releaseBehind = true;
    const diff::DiffResult r = diff::FileDiff::compare(*fa, *fb, o);
    *changes = r.error.isEmpty() ? int(r.changes.size()) : -1;
    return double(t.nsecsElapsed()) / 1e6;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    int runs = 5;
    QString label;
    QStringList files;
    for (qsizetype i = 0; i < args.size(); ++i) {
        if (args.at(i) == QLatin1String("--runs") && i + 1 < args.size())
            runs = std::max(1, args.at(++i).toInt());
        else if (args.at(i) == QLatin1String("--label") && i + 1 < args.size())
            label = args.at(++i);
        else
            files.append(args.at(i));
    }
    if (files.size() != 2) {
        std::fprintf(stderr, "usage: bench_Diff A B [--runs N] [--label TEXT]\n");
        return 2;
    }
    const QString &a = files.at(0), &b = files.at(1);
    const auto fa = BpatFile::open(a), fb = BpatFile::open(b);
    if (!fa || !fb) {
        std::fprintf(stderr, "cannot open %s or %s\n", qPrintable(a), qPrintable(b));
        return 2;
    }
    if (label.isEmpty())
        label = QStringLiteral("%1 vs %2").arg(QFileInfo(a).fileName(), QFileInfo(b).fileName());
    const quint64 bytes = fa->fileSize() + fb->fileSize();
    bool clean = true;
    int changes = 0;
    deepBothMs(a, b, 0, &clean); // warm the page cache
    diffMs(a, b, 0, &changes);
    QList<double> deepOne, diffOne, deepAll, diffAll;
    for (int run = 0; run < runs; ++run) {
        deepOne << deepBothMs(a, b, 1, &clean);
        diffOne << diffMs(a, b, 1, &changes);
        deepAll << deepBothMs(a, b, 0, &clean);
        diffAll << diffMs(a, b, 0, &changes);
    }
    const double gb = double(bytes) / 1e9;
    std::printf("| %s (%.0f MB + %.0f MB) | deep check of both, 1 thread | %.0f ms (%.2f GB/s) | 1.00 |\n", qPrintable(label),
                double(fa->fileSize()) / 1e6, double(fb->fileSize()) / 1e6, median(deepOne), gb / (median(deepOne) / 1e3));
    std::printf("| | `bpat diff`, 1 thread | %.0f ms (%.2f GB/s) | %.2f |\n", median(diffOne), gb / (median(diffOne) / 1e3),
                median(diffOne) / median(deepOne));
    std::printf("| | deep check of both, default threads (%d) | %.0f ms (%.2f GB/s) | 1.00 |\n", QThread::idealThreadCount(),
                median(deepAll), gb / (median(deepAll) / 1e3));
    std::printf("| | `bpat diff`, default threads (%d) | %.0f ms (%.2f GB/s) | %.2f |\n", QThread::idealThreadCount(),
                median(diffAll), gb / (median(diffAll) / 1e3), median(diffAll) / median(deepAll));
    std::printf("%s: %d changes; deep checks %s; medians of %d runs\n", qPrintable(label), changes,
                clean ? "clean" : "FOUND ERRORS", runs);
    return 0;
}
