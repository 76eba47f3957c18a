#include "formats/FormatRegistry.h"

#include "anim/InputAnimationReader.h"
#include "bpat/BpatFormat.h"
#include "bprm/BprmFormat.h"
#include "bprm/BprmValidator.h"
#include "bpsm/BpsmFormat.h"
#include "bpsm/BpsmValidator.h"
#include "diagnostics/DiagnosticSink.h"
#include "io/NativeName.h"
#include "io/RegularFile.h"
#include "motion/ProfileValidator.h"

#include <QFile>
#include <QtEndian>

namespace bpat {

namespace {

// BPSM and recording readers report every finding: keep maxIssues (errors first), count them all.
ValidationResult resultOf(const Diagnostics &all, int maxIssues)
{
    return DiagnosticSink::keepMostSevere(all, maxIssues);
}

ValidationResult validateBpat(const QString &path, const ValidationOptions &options)
{
    return ProfileValidator(options).validatePath(path);
}

ValidationResult validateBpsm(const QString &path, const ValidationOptions &options)
{
    return resultOf(BpsmValidator().validatePath(path), options.maxIssues);
}

ValidationResult validateBprm(const QString &path, const ValidationOptions &options)
{
    return resultOf(BprmValidator().validatePath(path), options.maxIssues);
}

ValidationResult validateRecording(const QString &path, const ValidationOptions &options)
{
    InputAnimationReader reader;
    reader.readFile(path);
    return resultOf(reader.diagnostics(), options.maxIssues);
}

QByteArray recordingMagic()
{
    QByteArray bytes(8, '\0');
    qToLittleEndian<quint64>(InputAnimationReader::Magic, bytes.data());
    return bytes;
}

QList<FileFormat> makeFormats()
{
    using Rule = FileFormat::SuffixRule;
    QList<FileFormat> list;
    list.append({FileKind::Bpat,
                 QStringLiteral("bpat"),
                 QStringLiteral("Bone palettes"),
                 QStringLiteral("application/x-bpat"),
                 {QStringLiteral("bpat")},
                 Rule::Names,
                 QByteArray(format::Magic, 4),
                 true,
                 validateBpat});
    list.append({FileKind::Bpsm,
                 QStringLiteral("bpsm"),
                 QStringLiteral("Minimal snapshot meshes"),
                 QStringLiteral("application/x-bpsm"),
                 {QStringLiteral("bpsm")},
                 Rule::Decides,
                 QByteArray(bpsm::Magic, 4),
                 true,
                 validateBpsm});
    list.append({FileKind::InputAnimation,
                 QStringLiteral("input-animation"),
                 QStringLiteral("Input animation recordings"),
                 QStringLiteral("application/x-mrtk-input-animation"),
                 {QStringLiteral("bin")},
                 Rule::Weak,
                 recordingMagic(),
                 false,
                 validateRecording});
    list.append({FileKind::Bprm,
                 QStringLiteral("bprm"),
                 QStringLiteral("Rigged bodies"),
                 QStringLiteral("application/x-bprm"),
                 {QStringLiteral("bprm")},
                 Rule::Decides,
                 QByteArray(bprm::Magic, 4),
                 true,
                 validateBprm});
    return list;
}

} // namespace

ValidationResult FormatRegistry::validate(const QString &path, const ValidationOptions &options)
{
    // Each kind's own codes (BPSM_*, ANIM_*); unrecognised files get BPAT's (BAD_MAGIC).
    const FileFormat &kind = forPath(path);
    ValidationResult r = kind.validate(path, options);
    if (kind.kind != FileKind::Bpat && NativeName::hasEscapes(path)) { // as Validator::validatePath does
        r.issues.prepend({codes::FILE_NAME_NOT_UTF8, Severity::Error,
                          QStringLiteral("the path %1 is not valid UTF-8; rename the file").arg(NativeName::display(path)),
                          std::nullopt, DiagnosticLocation::region(QStringLiteral("file"))});
        ++r.counts.errors;
    }
    return r;
}

const QList<FileFormat> &FormatRegistry::formats()
{
    static const QList<FileFormat> list = makeFormats();
    return list;
}

const FileFormat &FormatRegistry::format(FileKind kind)
{
    for (const FileFormat &f : formats()) {
        if (f.kind == kind)
            return f;
    }
    return formats().constFirst(); // BPAT
}

FileKind FormatRegistry::detect(const QString &path, QByteArrayView head)
{
    for (const FileFormat &f : formats()) {
        if (f.suffixRule == FileFormat::SuffixRule::Decides && f.hasSuffix(path))
            return f.kind;
    }
    for (const FileFormat &f : formats()) {
        if (f.hasMagic(head))
            return f.kind;
    }
    for (const FileFormat &f : formats()) {
        if (f.hasSuffix(path))
            return f.kind;
    }
    return FileKind::Unknown;
}

FileKind FormatRegistry::detect(const QString &path)
{
    for (const FileFormat &f : formats()) {
        if (f.suffixRule == FileFormat::SuffixRule::Decides && f.hasSuffix(path))
            return f.kind; // no need to read
    }
    qsizetype longest = 0;
    for (const FileFormat &f : formats())
        longest = qMax(longest, f.magic.size());
    // RegularFile: a FIFO must not block here; whatever it is, the reader then says why.
    QFile file;
    const QByteArray head = RegularFile::open(file, path) == RegularFile::Status::Ok ? file.read(longest) : QByteArray();
    return detect(path, head);
}

const FileFormat &FormatRegistry::forPath(const QString &path)
{
    return format(detect(path));
}

QStringList FormatRegistry::folderGlobs()
{
    QStringList out;
    for (const FileFormat &f : formats()) {
        if (f.inFolders)
            out << f.globs();
    }
    return out;
}

QString FormatRegistry::openFilters()
{
    QStringList all;
    QStringList each;
    for (const FileFormat &f : formats()) {
        all << f.globs();
        each << f.nameFilter();
    }
    return QStringList{QStringLiteral("Every kind BPAT Studio opens (%1)").arg(all.join(QLatin1Char(' '))),
                       each.join(QStringLiteral(";;")), QStringLiteral("All files (*)")}
        .join(QStringLiteral(";;"));
}

} // namespace bpat
