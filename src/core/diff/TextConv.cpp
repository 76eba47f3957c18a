#include "diff/TextConv.h"

#include "anim/InputAnimation.h"
#include "anim/InputAnimationReader.h"
#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatFormat.h"
#include "bpsm/BpsmFile.h"
#include "bpsm/BpsmFormat.h"
#include "diagnostics/ReportWriter.h"
#include "diff/FileDiff.h"
#include "diff/MatrixDelta.h"
#include "formats/FormatRegistry.h"
#include "io/NativeName.h"
#include "io/RegularFile.h"

#include <QCryptographicHash>
#include <QFile>
#include <QIODevice>
#include <QtEndian>

#include <charconv>
#include <functional>
#include <vector>
#include <cmath>

namespace bpat::diff {

namespace fmt = bpat::format;

namespace {

constexpr int DigestDigits = 12;
constexpr quint64 HashRun = 4ull << 20; // bytes hashed per addData on mapped data
constexpr double BakedTolerance = 1e-4; // a socket row this close to anchor x offset is one

class Digest
{
public:
    Digest()
        : m_hash(QCryptographicHash::Blake2b_160)
    {
    }
    // `n` bytes at `p`; with `release`, each run read is handed back (a mapping's pages leave
    // the resident set: a pass over a file of any size keeps memory flat).
    void bytes(const uchar *p, quint64 n, const std::function<void(quint64 at, quint64 size)> &release = {})
    {
        for (quint64 at = 0; at < n; at += HashRun) {
            const quint64 run = std::min(HashRun, n - at);
            m_hash.addData(QByteArrayView(reinterpret_cast<const char *>(p + at), qsizetype(run)));
            if (release)
                release(at, run);
        }
    }
    // Everything `device` still reads, a window at a time through one buffer.
    bool device(QIODevice &device, quint64 *size, QString *error)
    {
        QByteArray window(qsizetype(HashRun), Qt::Uninitialized);
        *size = 0;
        for (;;) {
            const qint64 n = device.read(window.data(), window.size());
            if (n < 0) {
                *error = QStringLiteral("cannot read (%1)").arg(device.errorString());
                return false;
            }
            if (n == 0)
                return true;
            m_hash.addData(QByteArrayView(window.constData(), qsizetype(n)));
            *size += quint64(n);
        }
    }
    void floats(const float *v, int n)
    {
        uchar buffer[64];
        for (int i = 0; i < n; i += 16) {
            const int k = std::min(16, n - i);
            for (int j = 0; j < k; ++j)
                qToLittleEndian(v[i + j], buffer + 4 * j);
            m_hash.addData(QByteArrayView(reinterpret_cast<const char *>(buffer), 4 * k));
        }
    }
    void u32(quint32 v)
    {
        uchar b[4];
        qToLittleEndian(v, b);
        m_hash.addData(QByteArrayView(reinterpret_cast<const char *>(b), 4));
    }
    QString text() const { return QString::fromLatin1(m_hash.result().toHex().left(DigestDigits)); }

private:
    QCryptographicHash m_hash;
};

QString vector(const QVector3D &v)
{
    return QStringLiteral("(%1, %2, %3)").arg(TextConv::number(v.x()), TextConv::number(v.y()), TextConv::number(v.z()));
}

// Each line as one line: a clip, socket, marker or curve name holding a newline or another
// control character (or bytes that are not UTF-8) is written with \xNN, so it forges no line
// of the text git shows (ReportWriter::line).
QStringList oneLineEach(QStringList lines)
{
    for (QString &l : lines)
        l = ReportWriter::line(l);
    return lines;
}

QString boneLabel(const QStringList &names, quint32 bone)
{
    const QString name = qsizetype(bone) < names.size() ? names.at(qsizetype(bone)) : QString(); // any u32 anchor
    return name.isEmpty() ? QString::number(bone) : QStringLiteral("%1 %2").arg(bone).arg(name);
}

} // namespace

QString TextConv::number(float value)
{
    if (std::isnan(value))
        return QStringLiteral("nan");
    if (std::isinf(value))
        return value > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return QString::fromLatin1(buffer, int(result.ptr - buffer));
}

QStringList TextConv::ofBytes(const QString &what, const uchar *data, quint64 size)
{
    Digest d;
    d.bytes(data, size);
    return {QStringLiteral("%1: %2 bytes, digest %3").arg(what).arg(size).arg(d.text())};
}

QStringList TextConv::ofBpat(const BpatFile &f)
{
    const QString why = FileDiff::whyNotComparable(f);
    if (!why.isEmpty()) {
        Digest d;
        d.bytes(f.data(), f.fileSize(), [&f](quint64 at, quint64 size) { f.releasePages(at, size); });
        return {QStringLiteral("BPAT file: %1 bytes, digest %2").arg(f.fileSize()).arg(d.text()),
                QStringLiteral("unreadable: %1").arg(why)};
    }
    const BpatHeader &h = f.header();
    const QStringList names = FileDiff::boneNames(f);
    QStringList out;
    out.append(QStringLiteral("BPAT %1, species %2%3, %4 bones, %5 sockets, %6 clips, %7 frames")
                   .arg(fmt::dialectName(f.dialect()))
                   .arg(h.speciesId)
                   .arg(f.speciesName().isEmpty() ? QString() : QLatin1Char(' ') + f.speciesName())
                   .arg(h.boneCount)
                   .arg(h.socketCount)
                   .arg(h.clipCount)
                   .arg(h.frameTotal));
    const bool late = f.storesSkinningMatrices();
    const quint64 frameBytes = quint64(h.boneCount) * fmt::MatrixSize;
    for (const BpatClipInfo &c : f.clips()) {
        QString line =
            QStringLiteral("clip %1: %2, %3 fps, %4")
                .arg(c.name, c.frameCount == 1 ? QStringLiteral("1 frame") : QStringLiteral("%1 frames").arg(c.frameCount),
                     number(c.fps))
                .arg(c.loops() ? QStringLiteral("loops") : QStringLiteral("one-shot"));
        if (c.hasMarkers) {
            QStringList markers;
            for (float m : c.markers)
                markers.append(number(m));
            line += QStringLiteral(", markers (%1)").arg(markers.join(QStringLiteral(", ")));
        }
        if (c.hasV3Fields) {
            const int family = c.variantFamily;
            const QString base = family < f.clips().size() ? f.clips().at(family).name : QString::number(family);
            line += QStringLiteral(", flags 0x%1, variant %2/%3")
                        .arg(c.flags, 2, 16, QLatin1Char('0'))
                        .arg(base)
                        .arg(c.variantOrdinal);
        }
        // The motion: the global matrices, row-major (late v3: skin x bind, as every reader
        // computes it), a run of frames at a time, whose pages then leave the resident set.
        Digest motion;
        const quint32 step = quint32(std::max<quint64>(1, HashRun / frameBytes));
        for (quint32 from = 0; from < c.frameCount; from += std::min(step, c.frameCount - from)) {
            const quint32 n = std::min(step, c.frameCount - from);
            const quint32 g0 = c.frameOffset + from;
            if (!late) {
                motion.bytes(f.paletteBytes() + quint64(g0) * frameBytes, quint64(n) * frameBytes);
            } else {
                for (quint32 g = g0; g < g0 + n; ++g) {
                    for (quint32 b = 0; b < h.boneCount; ++b) {
                        if (const auto m = f.globalMatrixFloats(g, b))
                            motion.floats(m->data(), 16);
                    }
                }
            }
            f.releasePages(f.paletteDataOffset() + quint64(g0) * frameBytes, quint64(n) * frameBytes);
        }
        line += QStringLiteral(", motion %1").arg(motion.text());
        if (f.hasContactTable()) {
            Digest contacts;
            contacts.bytes(f.data() + f.v3Extension().contactDataOffset + quint64(c.frameOffset) * fmt::ContactRecordSize,
                           quint64(c.frameCount) * fmt::ContactRecordSize);
            line += QStringLiteral(", contacts %1").arg(contacts.text());
        }
        out.append(line);
    }
    // A socket's rows are mostly its anchor's global x translate(offset), which the clip lines and
    // the socket's own fields already say; only the rows that are not (the game bakes its grip
    // and weapon sockets from other frames) get a digest, over their clip names, frames and values.
    const qsizetype socketCount = f.sockets().size();
    QList<quint64> baked(socketCount, 0);
    std::vector<Digest> bakedRows(static_cast<size_t>(socketCount));
    const quint64 rowBytes = quint64(h.socketCount) * fmt::SocketRowSize;
    const quint32 step = quint32(std::max<quint64>(1, HashRun / std::max<quint64>(1, frameBytes + rowBytes)));
    for (const BpatClipInfo &c : f.clips()) {
        for (quint32 from = 0; socketCount > 0 && from < c.frameCount; from += std::min(step, c.frameCount - from)) {
            const quint32 n = std::min(step, c.frameCount - from);
            for (quint32 frame = from; frame < from + n; ++frame) {
                const quint32 g = c.frameOffset + frame;
                for (const BpatSocketInfo &s : f.sockets()) {
                    const auto anchor = s.anchorBone < h.boneCount ? f.globalMatrixFloats(g, s.anchorBone) : std::nullopt;
                    const auto stored = f.socketRow(g, quint32(s.index));
                    if (!anchor || !stored)
                        continue;
                    const auto expected = BpatDocument::computeSocketRow(anchor->data(), s.localOffset);
                    if (withinTolerance(matrixDelta(stored->data(), expected.data()), BakedTolerance))
                        continue;
                    ++baked[s.index];
                    Digest &rows = bakedRows[size_t(s.index)];
                    rows.bytes(reinterpret_cast<const uchar *>(c.name.constData()), quint64(c.name.size()) * sizeof(QChar));
                    rows.u32(frame);
                    rows.floats(stored->data(), 12);
                }
            }
            const quint32 g0 = c.frameOffset + from;
            f.releasePages(f.paletteDataOffset() + quint64(g0) * frameBytes, quint64(n) * frameBytes);
            if (const auto rows = f.socketDataOffset())
                f.releasePages(*rows + quint64(g0) * rowBytes, quint64(n) * rowBytes);
        }
    }
    for (const BpatSocketInfo &s : f.sockets()) {
        QString line =
            QStringLiteral("socket %1: bone %2, offset %3").arg(s.name, boneLabel(names, s.anchorBone), vector(s.localOffset));
        line += baked.at(s.index) == 0
            ? QStringLiteral(", rows from the anchor")
            : QStringLiteral(", rows baked in %1 frames %2").arg(baked.at(s.index)).arg(bakedRows[size_t(s.index)].text());
        out.append(line);
    }
    if (f.hasBindPalette() || f.hasBoneParents()) {
        const QList<quint8> &parents = f.boneParents();
        for (quint32 b = 0; b < h.boneCount; ++b) {
            QString line = QStringLiteral("bone %1:").arg(boneLabel(names, b));
            if (qsizetype(b) < parents.size())
                line += QStringLiteral(" parent %1")
                            .arg(parents.at(b) == fmt::NoParentBone ? QStringLiteral("-") : boneLabel(names, parents.at(b)));
            if (const auto bind = f.hasBindPalette() ? f.bindFloats(b) : std::nullopt) {
                Digest d;
                d.floats(bind->data(), 16);
                line +=
                    QStringLiteral("%1 bind %2").arg(qsizetype(b) < parents.size() ? QStringLiteral(",") : QString(), d.text());
            }
            out.append(line);
        }
    }
    return oneLineEach(std::move(out));
}

QStringList TextConv::ofBpsm(const BpsmFile &f)
{
    const BpsmHeader &h = f.header();
    const bool readable = f.hasHeader() && f.hasMagic() && f.clipTableInBounds() && f.stringTableInBounds()
        && f.indexDataInBounds() && f.vertexDataInBounds() && !f.isStale();
    if (!readable) {
        Digest d;
        d.bytes(reinterpret_cast<const uchar *>(f.bytes().data()), f.fileSize(),
                [&f](quint64 at, quint64 size) { f.releasePages(at, size); });
        return {QStringLiteral("BPSM file: %1 bytes, digest %2").arg(f.fileSize()).arg(d.text()),
                QStringLiteral("unreadable: a table or block is not inside the file (run `bpat validate`)")};
    }
    const auto *data = reinterpret_cast<const uchar *>(f.bytes().data());
    QStringList out;
    out.append(QStringLiteral("BPSM version %1, species %2, lod %3, %4 vertices, %5 indices, %6 clips, %7 frames")
                   .arg(h.version)
                   .arg(h.speciesId)
                   .arg(h.lod)
                   .arg(h.vertexCount)
                   .arg(h.indexCount)
                   .arg(h.clipCount)
                   .arg(h.frameTotal));
    Digest indices;
    indices.bytes(data + h.indexDataOffset, quint64(h.indexCount) * bpsm::IndexSize);
    out.append(QStringLiteral("indices %1").arg(indices.text()));
    const quint64 frameBytes = quint64(h.vertexCount) * bpsm::VertexSize;
    for (const BpsmClipInfo &c : f.clips()) {
        Digest vertices;
        const quint64 from = h.vertexDataOffset + quint64(c.frameOffset) * frameBytes;
        const quint64 size = quint64(c.frameCount) * frameBytes;
        if (fmt::rangeInside(from, size, f.fileSize()))
            vertices.bytes(data + from, size, [&f, from](quint64 at, quint64 n) { f.releasePages(from + at, n); });
        out.append(QStringLiteral("clip %1: %2, vertices %3")
                       .arg(c.name, c.frameCount == 1 ? QStringLiteral("1 frame") : QStringLiteral("%1 frames").arg(c.frameCount),
                            vertices.text()));
    }
    return oneLineEach(std::move(out));
}

QStringList TextConv::ofRecording(const InputAnimation &a)
{
    QStringList sections;
    if (a.hasCamera())
        sections.append(QStringLiteral("camera"));
    if (a.hasHands())
        sections.append(QStringLiteral("hands"));
    if (a.hasEyeGaze())
        sections.append(QStringLiteral("eye gaze"));
    QStringList out;
    out.append(QStringLiteral("recording %1: %2; %3 curves, %4 keys, %5..%6 s")
                   .arg(a.versionString(), sections.join(QStringLiteral(", ")))
                   .arg(a.curveCount())
                   .arg(a.keyCount())
                   .arg(a.startTime())
                   .arg(a.duration()));
    for (const InputAnimationMarker &m : a.markers())
        out.append(QStringLiteral("marker %1 s: %2").arg(number(m.time), m.name));
    for (const CurveRef &c : a.curves()) {
        Digest keys;
        keys.u32(quint32(c.preWrap()));
        keys.u32(quint32(c.postWrap()));
        if (c.floatCurve) {
            for (const Keyframe &k : c.floatCurve->keys()) {
                const float v[6] = {k.time, k.value, k.inTangent, k.outTangent, k.inWeight, k.outWeight};
                keys.floats(v, 6);
                keys.u32(quint32(k.weightedMode));
            }
        } else {
            for (const BoolKey &k : c.boolCurve->keys()) {
                const float v[2] = {k.time, k.value};
                keys.floats(v, 2);
            }
        }
        out.append(c.keyCount() == 0 ? QStringLiteral("curve %1: no keys").arg(c.name)
                                     : QStringLiteral("curve %1: %2 keys, %3..%4 s, %5")
                                           .arg(c.name)
                                           .arg(c.keyCount())
                                           .arg(c.firstTime())
                                           .arg(c.lastTime())
                                           .arg(keys.text()));
    }
    return oneLineEach(std::move(out));
}

std::optional<QStringList> TextConv::ofPath(const QString &path, QString *error)
{
    // Every input is opened the one way (RegularFile): a FIFO, a device or a directory is
    // refused before a byte is read, whatever its name says, instead of blocking or reading
    // without end. The readers below map or read regular files only; what none of them can read
    // is digested here from the same kind of open.
    QString unreadableRecording;
    switch (FormatRegistry::detect(path)) {
    case FileKind::Bpat: // a file that cannot be mapped (an empty one) gets its bytes below
        if (const auto file = BpatFile::open(path))
            return ofBpat(*file);
        break;
    case FileKind::Bpsm:
        if (const auto file = BpsmFile::open(path))
            return ofBpsm(*file);
        break;
    case FileKind::InputAnimation: {
        InputAnimationReader reader;
        const auto animation = reader.readFile(path);
        if (animation)
            return ofRecording(*animation);
        unreadableRecording = reader.errorString(); // its bytes below, and why
        break;
    }
    default: break;
    }
    QFile file;
    QString why;
    if (RegularFile::open(file, path, &why) != RegularFile::Status::Ok) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(NativeName::display(path), why);
        return std::nullopt;
    }
    // Digested a window at a time: memory stays flat whatever the size (a 2 GiB file that is no
    // readable BPAT used to be mapped and held whole).
    Digest d;
    quint64 size = 0;
    if (!d.device(file, &size, &why)) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(NativeName::display(path), why);
        return std::nullopt;
    }
    QStringList out{QStringLiteral("file: %1 bytes, digest %2").arg(size).arg(d.text())};
    if (!unreadableRecording.isEmpty())
        out.append(QStringLiteral("unreadable recording: %1").arg(unreadableRecording));
    return out;
}

} // namespace bpat::diff
