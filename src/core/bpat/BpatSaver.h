#pragma once
// Saving a BpatDocument safely: serialize, validate the bytes exactly as a reader would see
// them, deep checks included (every matrix, socket row and contact record finite: the checks of
// `bpat validate --deep`, run by its DeepChecker), and only then replace the target atomically
// (QSaveFile). A document that would be invalid, or any write failure, leaves the target
// untouched: no save writes a file that `bpat validate --deep` refuses.
#include "bpat/BpatDocument.h"
#include "diagnostics/DiagnosticSink.h"

#include <QByteArray>
#include <QString>

namespace bpat {

class BpatSaver
{
public:
    struct Result
    {
        bool saved = false;
        QString error;               // why nothing was written
        ValidationResult validation; // the findings on the serialized bytes (spec profile, deep checks)
    };

    // Serializes and validates without touching the disk.
    static Result check(const BpatDocument &document, QByteArray *bytes = nullptr);
    // check(), then an atomic replace of `path` when the bytes have no validation error.
    static Result save(const BpatDocument &document, const QString &path);
    // Why a validation result refuses a save: "the result would not be a valid BPAT file (1
    // error(s), first: NON_FINITE at palette[clip=walk,frame=7,bone=12]: ...)".
    static QString invalidReason(const ValidationResult &validation);
    // A finding as one line: "CODE at LOCATION: message" (no location: "CODE: message").
    static QString describe(const Diagnostic &diagnostic);
    // Atomic write of bytes that were already checked.
    static bool writeAtomically(const QByteArray &bytes, const QString &path, QString *error);
};

} // namespace bpat
