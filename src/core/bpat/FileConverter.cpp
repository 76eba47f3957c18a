#include "bpat/FileConverter.h"

#include "bpat/BpatFile.h"
#include "bpat/BpatFormat.h"
#include "bpat/BpatSaver.h"
#include "bpat/BpatStreamWriter.h"
#include "io/AtomicFile.h"

#include <QIODevice>

namespace bpat {

namespace fmt = bpat::format;

std::optional<QList<QMatrix4x4>> FileConverter::framePose(const BpatFile &file, int clip, quint32 frame, QString *error)
{
    // The messages of VersionConverter::framePose(), which reads the same matrices from a document.
    const QList<BpatClipInfo> &clips = file.clips();
    if (clip < 0 || clip >= clips.size()) {
        if (error)
            *error = QStringLiteral("no clip %1 for the bind pose (the document has %2)").arg(clip).arg(clips.size());
        return std::nullopt;
    }
    const BpatClipInfo &c = clips.at(clip);
    if (frame >= c.frameCount) {
        if (error)
            *error =
                QStringLiteral("clip '%1' has %2 frames; bind frame %3 does not exist").arg(c.name).arg(c.frameCount).arg(frame);
        return std::nullopt;
    }
    QList<QMatrix4x4> pose;
    for (quint32 b = 0; b < file.header().boneCount; ++b)
        pose.append(file.matrix(clip, frame, b));
    return pose;
}

std::optional<QList<QMatrix4x4>> FileConverter::bindPoseFrom(const BpatFile &source, quint32 boneCount, QString *error)
{
    QString why;
    const auto plan = BpatDocument::planFromFile(source, &why);
    if (!plan) {
        if (error)
            *error = QStringLiteral("%1: cannot be read: %2 (run `bpat validate` for details)").arg(source.path(), why);
        return std::nullopt;
    }
    if (plan->boneCount() != boneCount) {
        if (error)
            *error = QStringLiteral("%1 has %2 bones, the input %3").arg(source.path()).arg(plan->boneCount()).arg(boneCount);
        return std::nullopt;
    }
    if (!plan->hasBindPalette())
        return framePose(source, 0, 0, error);
    QList<QMatrix4x4> bind;
    for (quint32 b = 0; b < plan->boneCount(); ++b)
        bind.append(plan->bindMatrix(b));
    return bind;
}

bool FileConverter::streamClip(const BpatFile &file, int clip, BpatStreamWriter &writer, bool keepSkin, QString *error)
{
    const BpatHeader &h = file.header();
    const quint32 bones = h.boneCount;
    const quint64 frameFloats = quint64(bones) * 16;
    const quint64 socketFloats = quint64(h.socketCount) * 12;
    const bool fromLate = file.storesSkinningMatrices();
    QList<float> bind; // the input's bind palette (late v3): its globals are skin x bind
    if (fromLate && file.bindPaletteInBounds()) {
        for (quint32 b = 0; b < bones; ++b) {
            const auto m = *file.bindFloats(b);
            bind.append(QList<float>(m.begin(), m.end()));
        }
    }
    // Runs of about 4 MiB of matrices.
    const quint32 step = quint32(std::max<quint64>(1, (4ull << 20) / std::max<quint64>(1, frameFloats * 4)));
    QList<float> stored, globals, rows;
    const BpatClipInfo &info = file.clips().at(clip);
    for (quint32 done = 0; done < info.frameCount;) {
        const quint32 n = std::min(step, info.frameCount - done);
        const quint64 first = quint64(info.frameOffset) + done;
        const uchar *src = file.data() + file.paletteDataOffset() + first * frameFloats * 4;
        stored.resize(qsizetype(n * frameFloats));
        for (qsizetype i = 0; i < stored.size(); ++i)
            stored[i] = fmt::readF32(src + 4 * i);
        const float *g = stored.constData();
        if (fromLate) {
            // BpatDocument's globals of stored skinning floats (BpatFile::globalMatrixFloats).
            globals.resize(stored.size());
            for (quint64 m = 0; m < quint64(n) * bones; ++m) {
                const float *s = stored.constData() + m * 16;
                std::array<float, 16> out;
                if (!bind.isEmpty()) {
                    out = skinTimesBind(s, bind.constData() + qsizetype(m % bones) * 16);
                } else {
                    for (int row = 0; row < 4; ++row)
                        for (int col = 0; col < 4; ++col)
                            out[row * 4 + col] = s[col * 4 + row];
                }
                std::copy(out.begin(), out.end(), globals.begin() + qsizetype(m * 16));
            }
            g = globals.constData();
        }
        const float *socketRows = nullptr;
        if (socketFloats > 0) {
            const uchar *rowSrc = file.data() + *file.socketDataOffset() + first * socketFloats * 4;
            rows.resize(qsizetype(n * socketFloats));
            for (qsizetype i = 0; i < rows.size(); ++i)
                rows[i] = fmt::readF32(rowSrc + 4 * i);
            socketRows = rows.constData();
        }
        if (!writer.appendFileFrames(g, socketRows, keepSkin ? stored.constData() : nullptr, n, error))
            return false;
        // Read once: out of the resident set (a mapped input; the page cache stays warm).
        file.releasePages(file.paletteDataOffset() + first * frameFloats * 4, quint64(n) * frameFloats * 4);
        if (socketFloats > 0)
            file.releasePages(*file.socketDataOffset() + first * socketFloats * 4, quint64(n) * socketFloats * 4);
        done += n;
    }
    if (file.isStale()) {
        if (error)
            *error = QStringLiteral("the input shrank below its %1 bytes while it was being read").arg(file.fileSize());
        return false;
    }
    return true;
}

FileConvertResult FileConverter::convert(const BpatFile &file, BpatDocument plan, const ConvertOptions &options,
                                         const QString &path)
{
    FileConvertResult r;
    const bool fromLate = file.storesSkinningMatrices();
    // The default bind pose, frame 0 of clip 0, is in the mapping already: read it here, so the
    // conversion checks it (and uses it) exactly as on the whole document.
    ConvertOptions withBind = options;
    if (!withBind.bindGlobals && !plan.hasBindPalette())
        withBind.bindGlobals = framePose(file, 0, 0);
    const ConvertResult converted = VersionConverter::convert(plan, withBind);
    r.warnings = converted.warnings;
    if (!converted.ok) {
        r.error = converted.error;
        return r;
    }
    r.converted = true;
    const StreamedFill &fill = converted.streamed;
    // What BpatWriter would refuse, but for the plan's empty palettes and contacts to come.
    QStringList problems;
    const QStringList layout = plan.layoutProblems();
    for (const QString &p : plan.problems()) {
        if (!layout.contains(p) && !(fill.contacts && p.startsWith(QStringLiteral("contact records:"))))
            problems << p;
    }
    if (!problems.isEmpty()) {
        r.error = QStringLiteral("cannot write a BPAT file: ") + problems.join(QStringLiteral("; "));
        return r;
    }

    BpatStreamWriter writer(plan, fill);
    QString error;
    bool checked = false;
    bool invalid = false;
    const auto check = [&]() {
        const std::optional<ValidationResult> result = writer.structuralCheck(ValidationProfile::Spec, QString(), &error);
        if (!result)
            return false;
        r.validation = *result;
        checked = true;
        invalid = !result->valid();
        if (invalid)
            error = BpatSaver::invalidReason(*result);
        return !invalid;
    };
    if (writer.trailerKnown() && !check()) {
        r.error = error;
        return r;
    }

    // Every frame, socket row and contact record written is deep-checked on the way (the checks
    // of `bpat validate --deep`): a source's NaN is refused with where it is, never copied.
    ValidationOptions deep;
    deep.deep = true;
    writer.setDeepChecks(deep);
    const bool keepSkin = fromLate && plan.dialect() == fmt::Dialect::V3Late;
    const auto body = [&](QIODevice *device, QString *why) {
        if (!writer.begin(device, why))
            return false;
        while (writer.currentClip() >= 0) {
            if (!streamClip(file, writer.currentClip(), writer, keepSkin, why))
                return false;
        }
        if (!writer.finish(why))
            return false;
        if (!checked && !check()) {
            *why = error;
            return false;
        }
        r.validation = writer.withDeepFindings(r.validation, ValidationProfile::Spec);
        if (!r.validation.valid()) {
            *why = BpatSaver::invalidReason(r.validation);
            return false;
        }
        return true;
    };
    r.saved = AtomicFile::write(path, body, &error);
    if (!r.saved)
        r.error = error;
    r.plan = std::move(plan);
    return r;
}

} // namespace bpat
