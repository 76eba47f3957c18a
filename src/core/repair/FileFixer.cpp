#include "repair/FileFixer.h"

#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatSaver.h"
#include "io/AtomicFile.h"
#include "repair/MotionFixer.h"
#include "repair/StreamFixer.h"

#include <QFileInfo>

namespace bpat {

QJsonObject FileFixResult::toJson(const QString &input, const QString &output) const
{
    QJsonObject out = report.toJson(boneNames);
    out.insert(QStringLiteral("input"), input);
    out.insert(QStringLiteral("output"), output);
    out.insert(QStringLiteral("written"), saved);
    out.insert(QStringLiteral("dialect"), format::dialectName(dialect));
    out.insert(QStringLiteral("bytes"), bytes);
    return out;
}

FileFixResult FileFixer::fix(const QString &input, const QString &output, const FixOptions &options,
                             const std::atomic<bool> *cancel, Path path)
{
    FileFixResult r;
    const auto fail = [&](const QString &code, const QString &message) {
        r.errorCode = code;
        r.error = message;
        return r;
    };
    if (AtomicFile::sameFile(input, output))
        return fail(
            QStringLiteral("OUTPUT_IS_INPUT"),
            QStringLiteral("%1 is the input: refusing to write the repaired file over it (choose another output)").arg(output));
    QString error;
    const std::optional<BpatFile> file = BpatFile::open(input, &error);
    if (!file)
        return fail(QStringLiteral("IO_ERROR"), error);
    const bool large = file->paletteBytesSize() > StreamAbove;
    if (path == Path::Stream || (path == Path::Auto && large))
        return StreamFixer::fix(*file, output, options, cancel);
    std::optional<BpatDocument> document = BpatDocument::fromFile(*file, &error);
    if (!document)
        return fail(QStringLiteral("DOCUMENT_UNREADABLE"),
                    QStringLiteral("%1: cannot be read: %2 (run `bpat validate` for details)").arg(input, error));
    r.dialect = document->dialect();
    r.boneNames = MotionFixer::boneNames(*document);
    r.report = MotionFixer::fix(*document, options, cancel);
    if (!r.report.ok)
        return fail(r.report.errorCode, r.report.error);
    const BpatSaver::Result saved = BpatSaver::save(*document, output);
    r.validation = saved.validation;
    if (!saved.saved)
        return fail(QStringLiteral("WRITE_FAILED"), QStringLiteral("%1 not written: %2").arg(output, saved.error));
    r.saved = true;
    r.bytes = QFileInfo(output).size();
    return r;
}

} // namespace bpat
