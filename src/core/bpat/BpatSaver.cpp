#include "bpat/BpatSaver.h"

#include "io/AtomicFile.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatWriter.h"
#include "bpat/Validator.h"


namespace bpat {

BpatSaver::Result BpatSaver::check(const BpatDocument &document, QByteArray *bytes)
{
    Result result;
    QString error;
    const QByteArray data = BpatWriter(document).toBytes(&error);
    if (data.isEmpty()) {
        result.error = error.isEmpty() ? QStringLiteral("the document cannot be written") : error;
        return result;
    }
    ValidationOptions options;
    options.deep = true; // the per-value checks too: no save writes what `validate --deep` refuses
    result.validation = Validator(options).validate(BpatFile::fromData(data));
    if (!result.validation.valid()) {
        result.error = invalidReason(result.validation);
        return result;
    }
    if (bytes)
        *bytes = data;
    return result;
}

QString BpatSaver::invalidReason(const ValidationResult &validation)
{
    const Diagnostic *first = nullptr;
    for (const Diagnostic &d : validation.issues) {
        if (d.severity == Severity::Error) {
            first = &d;
            break;
        }
    }
    return QStringLiteral("the result would not be a valid BPAT file (%1 error(s)%2)")
        .arg(validation.counts.errors)
        .arg(first ? QStringLiteral(", first: %1").arg(describe(*first)) : QString());
}

QString BpatSaver::describe(const Diagnostic &d)
{
    const QString where = d.location.toString();
    return where.isEmpty() ? QStringLiteral("%1: %2").arg(d.code, d.message)
                           : QStringLiteral("%1 at %2: %3").arg(d.code, where, d.message);
}

BpatSaver::Result BpatSaver::save(const BpatDocument &document, const QString &path)
{
    QByteArray bytes;
    Result result = check(document, &bytes);
    if (!result.error.isEmpty())
        return result;
    result.saved = writeAtomically(bytes, path, &result.error);
    return result;
}

bool BpatSaver::writeAtomically(const QByteArray &bytes, const QString &path, QString *error)
{
    return AtomicFile::write(path, bytes, error);
}

} // namespace bpat
