#pragma once
// One kind of file BPAT Studio reads: its name, the suffixes and magic that recognise it, the
// MIME type the packaging declares for it, and its validator. FormatRegistry lists them; the
// CLI (`validate`, `info`), the app (open dialog, drag and drop, recent files, opening) and the
// packaging's MIME data (checked by a test) all go through it, so a new kind is added there.
#include "bpat/Validator.h" // ValidationOptions, ValidationResult

#include <QByteArray>
#include <QByteArrayView>
#include <QString>
#include <QStringList>

namespace bpat {

enum class FileKind {
    Unknown,
    Bpat,
    Bpsm,
    InputAnimation,
    Bprm
};

struct FileFormat
{
    // How far a file's suffix decides its kind, compared with its magic.
    enum class SuffixRule {
        Decides, // before the magic: a damaged .bpsm still gets BPSM codes
        Names,   // after the magic: the kind's usual name, also a MIME glob
        Weak,    // after the magic, and no MIME glob: the suffix is generic (.bin)
    };
    using Validate = ValidationResult (*)(const QString &path, const ValidationOptions &options);

    FileKind kind = FileKind::Unknown;
    QString id;           // "bpat", "bpsm", "input-animation", "bprm": what JSON output and code say
    QString name;         // "Bone palettes": the file dialog's filter name
    QString mimeType;     // "application/x-bpat": packaging/bpat-studio-mime.xml
    QStringList suffixes; // without the dot, lower case
    SuffixRule suffixRule = SuffixRule::Names;
    QByteArray magic;            // the bytes at offset 0
    bool inFolders = false;      // `bpat validate DIR` looks for it by suffix
    Validate validate = nullptr; // every finding about a file of this kind, as `bpat validate` reports it

    QStringList globs() const;  // "*.bpat"
    QString nameFilter() const; // "Bone palettes (*.bpat)"
    bool hasSuffix(const QString &path) const;
    bool hasMagic(QByteArrayView head) const;
};

} // namespace bpat
