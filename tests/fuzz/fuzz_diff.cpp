// Fuzzes `bpat diff` (issue 42): a pair of files from one input, compared as BPAT files
// (FileDiff: pairing, metadata, the motion pass, sockets, bind palette and parents) and by
// their --textconv texts (every kind's TextConv and TextDiff), and every report of the result
// written by the one report writer with names taken from the input: the JUnit XML must parse,
// no text line may break. The input is a 2-byte length of A (little endian, modulo the size),
// A, then B; the names are the first bytes of each side, as a folder walk would decode them.
#include "anim/InputAnimationReader.h"
#include "bpat/BpatFile.h"
#include "bpsm/BpsmFile.h"
#include "diagnostics/ReportWriter.h"
#include "diff/DiffReport.h"
#include "diff/DirectoryDiff.h"
#include "diff/FileDiff.h"
#include "diff/TextConv.h"
#include "diff/TextDiff.h"
#include "io/NativeName.h"

#include <QByteArray>
#include <QXmlStreamReader>
#include <cstddef>
#include <cstdint>
#include <cstdlib>

namespace {

QStringList textOf(const QByteArray &bytes, const QString &name)
{
    using namespace bpat;
    QStringList out = diff::TextConv::ofBpat(BpatFile::fromData(bytes, name));
    out += diff::TextConv::ofBpsm(BpsmFile::fromData(bytes, name));
    InputAnimationReader reader;
    if (const auto animation = reader.read(bytes))
        out += diff::TextConv::ofRecording(*animation);
    out += diff::TextConv::ofBytes(name, reinterpret_cast<const uchar *>(bytes.constData()), quint64(bytes.size()));
    return out;
}

void checkReports(const QList<bpat::diff::DiffResult> &results)
{
    using namespace bpat::diff;
    QXmlStreamReader xml(DirectoryDiff::junit(results));
    while (!xml.atEnd())
        xml.readNext();
    if (xml.hasError())
        std::abort(); // the report writer wrote XML that does not parse
    for (const QString &text : {DirectoryDiff::text(results), DirectoryDiff::github(results)}) {
        for (const QString &line : text.split(QLatin1Char('\n'))) {
            if (bpat::ReportWriter::hasControlCharacters(line))
                std::abort(); // a line holds a line break or another control character
        }
    }
    (void)DirectoryDiff::json(QStringLiteral("a"), QStringLiteral("b"), 1e-5, results);
    for (const DiffResult &r : results) {
        (void)DiffReport::text(r);
        (void)DiffReport::json(r);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace bpat;
    if (size < 2)
        return 0;
    const size_t length = size_t(data[0] | (data[1] << 8)) % (size - 1);
    const QByteArray a(reinterpret_cast<const char *>(data + 2), qsizetype(length));
    const QByteArray b(reinterpret_cast<const char *>(data + 2 + length), qsizetype(size - 2 - length));
    const QString nameA = NativeName::decode(a.left(12)) + QStringLiteral(".bpat");
    const QString nameB = NativeName::decode(b.left(12)) + QStringLiteral(".bpat");

    diff::DiffOptions options;
    options.threads = 1;
    diff::DiffResult pair = diff::FileDiff::compare(BpatFile::fromData(a, nameA), BpatFile::fromData(b, nameB), options);
    pair.relativePath = nameB;
    diff::DiffResult texts;
    texts.pathA = nameA;
    texts.pathB = texts.relativePath = nameA + nameB;
    texts.changes = diff::TextDiff::lines(textOf(a, nameA), textOf(b, nameB));
    checkReports({pair, texts});
    return 0;
}
