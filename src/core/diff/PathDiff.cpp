#include "diff/PathDiff.h"

#include "bpat/BpatFile.h"
#include "diff/FileDiff.h"
#include "diff/TextConv.h"
#include "diff/TextDiff.h"
#include "formats/FormatRegistry.h"
#include "io/NativeName.h"

namespace bpat::diff {

DiffResult PathDiff::files(const QString &pathA, const QString &pathB, const DiffOptions &options)
{
    DiffResult r;
    r.pathA = NativeName::display(pathA);
    r.pathB = NativeName::display(pathB);
    r.tolerance = options.tolerance;
    const FileKind kindA = FormatRegistry::detect(pathA), kindB = FormatRegistry::detect(pathB);
    if (kindA == FileKind::Bpat && kindB == FileKind::Bpat) {
        QString error;
        const auto a = BpatFile::open(pathA, &error);
        const auto b = a ? BpatFile::open(pathB, &error) : std::nullopt;
        if (!a || !b) {
            r.error = error;
            return r;
        }
        DiffResult out = FileDiff::compare(*a, *b, options);
        out.pathA = r.pathA;
        out.pathB = r.pathB;
        return out;
    }
    QString error;
    const auto textA = TextConv::ofPath(pathA, &error);
    const auto textB = textA ? TextConv::ofPath(pathB, &error) : std::nullopt;
    if (!textA || !textB) {
        r.error = error;
        return r;
    }
    if (kindA != kindB)
        r.notes.append(QStringLiteral("the files are of different kinds: their texts are compared"));
    r.changes = TextDiff::lines(*textA, *textB);
    return r;
}

} // namespace bpat::diff
