#include "bpat/BpatDocument.h"

#include "bpat/BpatFile.h"
#include "bpat/BpatFormat.h"
#include "diagnostics/ReportWriter.h"
#include "species/Species.h"

#include <QSet>
#include <algorithm>
#include <functional>
#include <cmath>
#include <cstring>
#include <limits>

namespace bpat {

namespace fmt = bpat::format;

QMatrix4x4 BpatClip::matrix(quint32 frame, quint32 bone, quint32 boneCount) const
{
    const qsizetype at = matrixIndex(frame, bone, boneCount);
    if (at < 0 || at + 16 > palette.size())
        return QMatrix4x4();
    return QMatrix4x4(palette.constData() + at);
}

void BpatClip::setMatrix(quint32 frame, quint32 bone, quint32 boneCount, const QMatrix4x4 &m)
{
    const qsizetype at = matrixIndex(frame, bone, boneCount);
    if (at < 0 || at + 16 > palette.size())
        return;
    // QMatrix4x4 keeps column-major data; the file wants rows.
    const QMatrix4x4 t = m.transposed();
    std::memcpy(palette.data() + at, t.constData(), 16 * sizeof(float));
}

BpatDocument::BpatDocument(quint32 speciesId, quint32 boneCount)
    : m_speciesId(speciesId)
    , m_boneCount(boneCount)
{
}

namespace {

QString changedWhileRead(const BpatFile &file)
{
    return QStringLiteral("the file shrank below its %1 bytes while it was being read; "
                          "open it again once it is completely written")
        .arg(file.fileSize());
}

} // namespace

std::optional<BpatDocument> BpatDocument::fromFile(const BpatFile &file, QString *error)
{
    return read(file, true, error);
}

std::optional<BpatDocument> BpatDocument::planFromFile(const BpatFile &file, QString *error)
{
    return read(file, false, error);
}

std::optional<BpatDocument> BpatDocument::read(const BpatFile &file, bool frames, QString *error)
{
    auto fail = [&](const QString &why) -> std::optional<BpatDocument> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (!file.hasHeader() || !file.hasMagic())
        return fail(QStringLiteral("not a BPAT file (no 64-byte header with magic BPAT)"));
    const BpatHeader &h = file.header();
    if (h.boneCount < fmt::MinBones || h.boneCount > fmt::MaxBones)
        return fail(QStringLiteral("header.bone_count is %1, expected 1..64").arg(h.boneCount));
    if (!file.clipTableInBounds())
        return fail(QStringLiteral("the clip table is not inside the file"));
    if (!file.socketTableInBounds())
        return fail(QStringLiteral("the socket table is not inside the file"));

    BpatDocument doc(h.speciesId, h.boneCount);
    doc.setDialect(file.dialect());
    const bool late = file.storesSkinningMatrices();
    if (file.isV3() && !file.hasV3Extension())
        return fail(QStringLiteral("the file is shorter than the 96-byte v3 header"));
    if (file.hasContactTable() && !file.contactTableInBounds())
        return fail(QStringLiteral("the contact table is not inside the file or has not one record per frame"));
    if (file.hasBindPalette()) {
        if (!file.bindPaletteInBounds())
            return fail(QStringLiteral("the bind palette is not inside the file"));
        for (quint32 b = 0; b < h.boneCount; ++b) {
            const auto m = *file.bindFloats(b);
            doc.m_bindPalette.append(QList<float>(m.begin(), m.end()));
        }
    }
    if (file.hasBoneParents()) {
        if (!file.boneParentsInBounds())
            return fail(QStringLiteral("the bone parent table is not inside the file"));
        doc.m_boneParents = file.boneParents();
    }
    for (const BpatSocketInfo &s : file.sockets()) {
        if (s.anchorBone >= h.boneCount)
            return fail(
                QStringLiteral("sockets[%1].anchor_bone is %2, expected < %3").arg(s.index).arg(s.anchorBone).arg(h.boneCount));
        doc.m_sockets.append({s.name, s.anchorBone, s.localOffset});
    }
    // Without stored socket rows they would be recomputed: frames * sockets * 48 bytes, which
    // a truncated file with a large socket table could make quadratic in its size.
    if (h.socketCount > 0 && !file.socketDataInBounds())
        return fail(QStringLiteral("the socket data is not inside the file"));
    const bool keepSocketRows = h.socketCount > 0;
    const quint64 matrixFloats = quint64(h.boneCount) * 16;
    const quint64 socketFloats = quint64(h.socketCount) * 12;
    // Clips may point at the same frames (CLIP_NOT_CONTIGUOUS); each is copied, so the total
    // copied is bounded by the file's size, not by what the clip table claims.
    quint64 copied = 0;
    for (const BpatClipInfo &info : file.clips()) {
        const quint64 end = quint64(info.frameOffset) + info.frameCount;
        if (end > h.frameTotal)
            return fail(QStringLiteral("clips[%1] frames %2..%3 are beyond frame_total %4")
                            .arg(info.index)
                            .arg(info.frameOffset)
                            .arg(end)
                            .arg(h.frameTotal));
        // The clip's matrices must all be inside the file before anything is copied.
        const auto first = fmt::checkedAdd(h.paletteDataOffset, quint64(info.frameOffset) * matrixFloats * sizeof(float));
        const quint64 bytes = quint64(info.frameCount) * matrixFloats * sizeof(float);
        if (!first || !fmt::rangeInside(*first, bytes, file.fileSize()))
            return fail(QStringLiteral("clips[%1] palette data is not inside the file").arg(info.index));
        const quint64 rowBytes = quint64(info.frameCount) * socketFloats * sizeof(float);
        copied += bytes + rowBytes; // each term <= file size (checked above): no overflow
        if (copied > file.fileSize())
            return fail(QStringLiteral("clips[%1]: the clips claim %2 bytes of palette and socket data, "
                                       "more than the file's %3 bytes (clips overlap)")
                            .arg(info.index)
                            .arg(copied)
                            .arg(file.fileSize()));

        BpatClip clip;
        clip.name = info.name;
        clip.fps = info.fps;
        clip.loops = info.loops();
        clip.frameCount = info.frameCount;
        clip.markers = info.markers;
        if (info.hasV3Fields) {
            clip.flags = info.flags;
            clip.variantOrdinal = info.variantOrdinal;
            // Its own family is kept as -1 so moving clips keeps it so.
            clip.variantFamily = info.variantFamily == info.index ? -1 : int(info.variantFamily);
        }
        const uchar *src = file.data() + *first;
        if (frames)
            clip.palette.resize(qsizetype(quint64(info.frameCount) * matrixFloats));
        if constexpr (Q_BYTE_ORDER == Q_LITTLE_ENDIAN) {
            if (bytes > 0 && frames) // an empty clip has no buffer to copy into
                std::memcpy(clip.palette.data(), src, bytes);
        } else {
            for (qsizetype i = 0; i < clip.palette.size(); ++i)
                clip.palette[i] = fmt::readF32(src + 4 * i);
        }
        if (late && frames) {
            // Keep the skinning floats as stored and turn the palette into globals.
            clip.storedSkin = clip.palette;
            doc.skinToGlobals(clip);
        }
        if (file.contactTableInBounds()) {
            clip.contacts.resize(qsizetype(info.frameCount) * 2);
            for (quint32 f = 0; f < info.frameCount; ++f) {
                const auto c = *file.contact(info.frameOffset + f); // end <= frame_total == count
                clip.contacts[qsizetype(f) * 2] = c.first;
                clip.contacts[qsizetype(f) * 2 + 1] = c.second;
            }
        }
        if (keepSocketRows && frames) {
            // Inside the file: the whole socket data block is in bounds.
            const uchar *rows = file.data() + *file.socketDataOffset() + quint64(info.frameOffset) * socketFloats * 4;
            clip.socketRows.resize(qsizetype(quint64(info.frameCount) * socketFloats));
            for (qsizetype i = 0; i < clip.socketRows.size(); ++i)
                clip.socketRows[i] = fmt::readF32(rows + 4 * i);
        }
        doc.m_clips.append(std::move(clip));
        // The mapping is guarded (MappedFile): a file cut short underneath reads as zeros past
        // its new end instead of raising SIGBUS. Zeros are not the file's content: give up.
        if (file.isStale())
            return fail(changedWhileRead(file));
    }
    if (file.isStale())
        return fail(changedWhileRead(file));
    if (!keepSocketRows && frames)
        doc.recomputeSocketRows();
    return doc;
}

QMatrix4x4 BpatDocument::bindMatrix(quint32 bone) const
{
    if (qsizetype(bone + 1) * 16 > m_bindPalette.size())
        return QMatrix4x4();
    return QMatrix4x4(m_bindPalette.constData() + qsizetype(bone) * 16).transposed();
}

void BpatDocument::setBindMatrices(const QList<QMatrix4x4> &matrices)
{
    m_bindPalette.clear();
    for (const QMatrix4x4 &m : matrices) // QMatrix4x4 keeps column-major data, as the file does
        m_bindPalette.append(QList<float>(m.constData(), m.constData() + 16));
}

bool BpatDocument::hasContacts() const
{
    if (m_clips.isEmpty())
        return false;
    for (const BpatClip &c : m_clips) {
        if (c.contacts.size() != qsizetype(c.frameCount) * 2)
            return false;
    }
    return true;
}

void BpatDocument::clearStoredSkin()
{
    for (BpatClip &c : m_clips)
        c.storedSkin.clear();
}

void BpatDocument::skinToGlobals(BpatClip &clip) const
{
    const bool haveBind = m_bindPalette.size() == qsizetype(m_boneCount) * 16;
    for (quint32 f = 0; f < clip.frameCount; ++f) {
        for (quint32 b = 0; b < m_boneCount; ++b) {
            float *m = clip.palette.data() + BpatClip::matrixIndex(f, b, m_boneCount);
            const float *s = clip.storedSkin.constData() + BpatClip::matrixIndex(f, b, m_boneCount);
            std::array<float, 16> g;
            if (haveBind) {
                g = skinTimesBind(s, m_bindPalette.constData() + qsizetype(b) * 16);
            } else {
                for (int r = 0; r < 4; ++r)
                    for (int c = 0; c < 4; ++c)
                        g[r * 4 + c] = s[c * 4 + r];
            }
            std::copy(g.begin(), g.end(), m);
        }
    }
}

bool BpatDocument::setBoneCount(quint32 boneCount)
{
    if (!m_clips.isEmpty())
        return false;
    m_boneCount = boneCount;
    return true;
}

int BpatDocument::findClip(const QString &name) const
{
    for (int i = 0; i < m_clips.size(); ++i) {
        if (m_clips.at(i).name == name)
            return i;
    }
    return -1;
}

quint32 BpatDocument::frameTotal() const
{
    quint64 total = 0;
    for (const BpatClip &c : m_clips)
        total += c.frameCount;
    return quint32(std::min<quint64>(total, std::numeric_limits<quint32>::max()));
}

quint32 BpatDocument::frameOffset(int clip) const
{
    quint64 offset = 0;
    for (int i = 0; i < clip && i < m_clips.size(); ++i)
        offset += m_clips.at(i).frameCount;
    return quint32(std::min<quint64>(offset, std::numeric_limits<quint32>::max()));
}

bool BpatDocument::checkClip(const BpatClip &clip, QString *error) const
{
    // frame_count * bone_count fits in 64 bits; times 16 it may not (the bone count of a
    // document made in memory is not range-checked), and a wrapped product could match.
    const auto expected = fmt::checkedMul(quint64(clip.frameCount) * m_boneCount, 16);
    if (!expected || quint64(clip.palette.size()) != *expected) {
        if (error)
            *error = QStringLiteral("clip '%1': palette holds %2 floats, expected frame_count %3 * bone_count %4 * 16 = %5")
                         .arg(clip.name)
                         .arg(clip.palette.size())
                         .arg(clip.frameCount)
                         .arg(m_boneCount)
                         .arg(expected ? QString::number(*expected) : QStringLiteral("more than 2^64"));
        return false;
    }
    return true;
}

void BpatDocument::ensureSocketRows(BpatClip &clip) const
{
    const qsizetype expected = qsizetype(clip.frameCount) * m_sockets.size() * 12;
    if (clip.socketRows.size() == expected)
        return;
    clip.socketRows.clear();
    if (m_sockets.isEmpty())
        return;
    clip.socketRows.resize(expected);
    for (quint32 f = 0; f < clip.frameCount; ++f) {
        for (int s = 0; s < m_sockets.size(); ++s) {
            const BpatSocket &socket = m_sockets.at(s);
            if (socket.anchorBone >= m_boneCount)
                continue; // left zero; problems() names the anchor
            const auto row = computeSocketRow(clip.palette.constData() + BpatClip::matrixIndex(f, socket.anchorBone, m_boneCount),
                                              socket.localOffset);
            std::copy(row.begin(), row.end(), clip.socketRows.begin() + (qsizetype(f) * m_sockets.size() + s) * 12);
        }
    }
}

bool BpatDocument::addClip(BpatClip clip, QString *error)
{
    return insertClip(int(m_clips.size()), std::move(clip), error);
}

bool BpatDocument::insertClip(int index, BpatClip clip, QString *error)
{
    settleSocketRows(); // the new clip's rows are for the sockets held now
    if (!checkClip(clip, error))
        return false;
    ensureSocketRows(clip);
    const int at = std::clamp(index, 0, int(m_clips.size()));
    m_clips.insert(at, std::move(clip));
    // Variant families name clips by index: clips from `at` on moved one place down.
    remapFamilies([at](int old) { return old >= at ? old + 1 : old; }, at);
    return true;
}

bool BpatDocument::replaceClip(int index, BpatClip clip, QString *error)
{
    if (index < 0 || index >= m_clips.size()) {
        if (error)
            *error = QStringLiteral("no clip at index %1").arg(index);
        return false;
    }
    settleSocketRows();
    if (!checkClip(clip, error))
        return false;
    ensureSocketRows(clip);
    m_clips[index] = std::move(clip);
    return true;
}

void BpatDocument::removeClip(int index)
{
    if (index >= 0 && index < m_clips.size()) {
        m_clips.removeAt(index);
        // A family whose base is gone falls apart: its members become their own families.
        remapFamilies([index](int old) { return old == index ? -1 : old > index ? old - 1 : old; });
    }
}

void BpatDocument::moveClip(int from, int to)
{
    if (from >= 0 && from < m_clips.size() && to >= 0 && to < m_clips.size()) {
        m_clips.move(from, to);
        remapFamilies([from, to](int old) {
            if (old == from)
                return to;
            if (from < to && old > from && old <= to)
                return old - 1;
            if (to < from && old >= to && old < from)
                return old + 1;
            return old;
        });
    }
}

void BpatDocument::remapFamilies(const std::function<int(int)> &map, int skip)
{
    for (int i = 0; i < m_clips.size(); ++i) {
        BpatClip &c = m_clips[i];
        if (c.variantFamily < 0)
            continue;
        // The clip that was just inserted keeps its family unless it is shifted too.
        const int mapped = i == skip ? (c.variantFamily >= skip ? c.variantFamily + 1 : c.variantFamily) : map(c.variantFamily);
        c.variantFamily = mapped;
        if (c.variantFamily < 0 || c.variantFamily == i) {
            c.variantFamily = -1;
            if (mapped < 0)
                c.variantOrdinal = 0;
        }
    }
}

int BpatDocument::findSocket(const QString &name) const
{
    for (int i = 0; i < m_sockets.size(); ++i) {
        if (m_sockets.at(i).name == name)
            return i;
    }
    return -1;
}

bool BpatDocument::addSocket(BpatSocket socket, QString *error)
{
    if (socket.anchorBone >= m_boneCount) {
        if (error)
            *error = QStringLiteral("socket '%1': anchor bone %2 is not < bone count %3")
                         .arg(socket.name)
                         .arg(socket.anchorBone)
                         .arg(m_boneCount);
        return false;
    }
    pendingRows().from.append(-1); // rows computed when the clips are next read
    m_sockets.append(std::move(socket));
    return true;
}

bool BpatDocument::replaceSocket(int index, BpatSocket socket, QString *error)
{
    if (index < 0 || index >= m_sockets.size() || socket.anchorBone >= m_boneCount) {
        if (error)
            *error = QStringLiteral("socket %1: no such socket or anchor bone %2 not < bone count %3")
                         .arg(index)
                         .arg(socket.anchorBone)
                         .arg(m_boneCount);
        return false;
    }
    const bool moved =
        m_sockets.at(index).anchorBone != socket.anchorBone || m_sockets.at(index).localOffset != socket.localOffset;
    m_sockets[index] = std::move(socket);
    if (moved) // a rename keeps every row
        pendingRows().from[index] = -1;
    return true;
}

void BpatDocument::removeSocket(int index)
{
    if (index < 0 || index >= m_sockets.size())
        return;
    pendingRows().from.removeAt(index);
    m_sockets.removeAt(index);
}

BpatDocument::PendingRows &BpatDocument::pendingRows()
{
    if (!m_pendingRows) {
        PendingRows pending;
        pending.oldCount = int(m_sockets.size());
        pending.from.reserve(m_sockets.size() + 1);
        for (int i = 0; i < m_sockets.size(); ++i)
            pending.from.append(i);
        m_pendingRows = std::move(pending);
    }
    return *m_pendingRows;
}

void BpatDocument::applyPendingRows() const
{
    const PendingRows pending = std::move(*m_pendingRows);
    m_pendingRows.reset();
    remapSocketRows(pending.from, pending.oldCount);
}

void BpatDocument::remapSocketRows(const QList<int> &from, int oldCount) const
{
    ++m_socketRowPasses;
    for (BpatClip &c : m_clips) {
        if (!checkClip(c, nullptr)) {
            c.socketRows.clear();
            continue;
        }
        if (c.socketRows.size() != qsizetype(c.frameCount) * oldCount * 12) { // no stored rows to keep
            c.socketRows.clear();
            ensureSocketRows(c);
            continue;
        }
        QList<float> rows(qsizetype(c.frameCount) * m_sockets.size() * 12, 0.0f);
        for (quint32 f = 0; f < c.frameCount; ++f) {
            for (int s = 0; s < m_sockets.size(); ++s) {
                float *to = rows.data() + (qsizetype(f) * m_sockets.size() + s) * 12;
                if (from.at(s) >= 0) {
                    const float *old = c.socketRows.constData() + (qsizetype(f) * oldCount + from.at(s)) * 12;
                    std::copy(old, old + 12, to);
                } else if (m_sockets.at(s).anchorBone < m_boneCount) { // else left zero; problems() names the anchor
                    const auto row = computeSocketRow(c.palette.constData()
                                                          + BpatClip::matrixIndex(f, m_sockets.at(s).anchorBone, m_boneCount),
                                                      m_sockets.at(s).localOffset);
                    std::copy(row.begin(), row.end(), to);
                }
            }
        }
        c.socketRows = std::move(rows);
    }
}

void BpatDocument::setSockets(QList<BpatSocket> sockets)
{
    m_pendingRows.reset(); // every row is recomputed
    m_sockets = std::move(sockets);
    recomputeSocketRows();
}

std::array<float, 12> BpatDocument::computeSocketRow(const float *anchorMatrix, const QVector3D &localOffset)
{
    // Row-major M times translate(localOffset): rotation columns unchanged, translation = M * (localOffset, 1).
    std::array<float, 12> row{};
    for (int r = 0; r < 3; ++r) {
        const float *src = anchorMatrix + 4 * r;
        row[4 * r + 0] = src[0];
        row[4 * r + 1] = src[1];
        row[4 * r + 2] = src[2];
        row[4 * r + 3] = src[0] * localOffset.x() + src[1] * localOffset.y() + src[2] * localOffset.z() + src[3];
    }
    return row;
}

void BpatDocument::recomputeSocketRows()
{
    for (int i = 0; i < m_clips.size(); ++i)
        recomputeSocketRows(i);
}

void BpatDocument::recomputeSocketRows(int index)
{
    settleSocketRows();
    if (index < 0 || index >= m_clips.size())
        return;
    BpatClip &c = m_clips[index];
    c.socketRows.clear(); // force a rebuild from the palette
    if (checkClip(c, nullptr))
        ensureSocketRows(c);
}

float BpatDocument::socketRowsDeviation() const
{
    settleSocketRows();
    float worst = 0.0f;
    for (const BpatClip &c : m_clips) {
        if (!checkClip(c, nullptr) || c.socketRows.size() != qsizetype(c.frameCount) * m_sockets.size() * 12)
            continue;
        for (quint32 f = 0; f < c.frameCount; ++f) {
            for (int s = 0; s < m_sockets.size(); ++s) {
                const BpatSocket &socket = m_sockets.at(s);
                if (socket.anchorBone >= m_boneCount)
                    continue;
                const auto row = computeSocketRow(
                    c.palette.constData() + BpatClip::matrixIndex(f, socket.anchorBone, m_boneCount), socket.localOffset);
                const float *stored = c.socketRows.constData() + (qsizetype(f) * m_sockets.size() + s) * 12;
                for (int k = 0; k < 12; ++k)
                    worst = std::max(worst, std::abs(stored[k] - row[k]));
            }
        }
    }
    return worst;
}

QStringList BpatDocument::layoutProblems() const
{
    settleSocketRows();
    QStringList out;
    quint64 total = 0;
    for (const BpatClip &c : m_clips) {
        total += c.frameCount;
        QString why;
        if (!checkClip(c, &why))
            out << why;
        const qsizetype rows = qsizetype(c.frameCount) * m_sockets.size() * 12;
        if (c.socketRows.size() != rows)
            out << QStringLiteral("clip '%1': socket rows hold %2 floats, expected %3 (call recomputeSocketRows)")
                       .arg(c.name)
                       .arg(c.socketRows.size())
                       .arg(rows);
    }
    if (total > std::numeric_limits<quint32>::max())
        out << QStringLiteral("frame total %1 does not fit in 32 bits").arg(total);
    if (version() == 3) {
        bool any = false;
        for (const BpatClip &c : m_clips)
            any |= !c.contacts.isEmpty();
        if (any && !hasContacts())
            out << QStringLiteral("contact records: some clips have them and others do not (or not 2 floats per frame); "
                                  "a v3 contact table needs one record per frame of every clip");
    }
    if (m_dialect == fmt::Dialect::V3Late) {
        if (!m_bindPalette.isEmpty() && m_bindPalette.size() != qsizetype(m_boneCount) * 16)
            out << QStringLiteral("bind palette holds %1 floats, expected bone_count %2 * 16")
                       .arg(m_bindPalette.size())
                       .arg(m_boneCount);
        if (!m_boneParents.isEmpty() && m_boneParents.size() != qsizetype(m_boneCount))
            out << QStringLiteral("bone parent table holds %1 entries, expected bone_count %2")
                       .arg(m_boneParents.size())
                       .arg(m_boneCount);
    }
    return out;
}

QStringList BpatDocument::problems() const
{
    QStringList out = layoutProblems();
    if (m_boneCount < fmt::MinBones || m_boneCount > fmt::MaxBones)
        out << QStringLiteral("bone count %1 is not in 1..64").arg(m_boneCount);
    if (!Species::isKnown(m_speciesId))
        out << QStringLiteral("species id %1 is unknown (expected 0..%2)").arg(m_speciesId).arg(Species::lastId());
    if (m_clips.isEmpty())
        out << QStringLiteral("no clips (a BPAT file needs at least one)");
    QSet<QString> names;
    for (const BpatClip &c : m_clips) {
        if (c.name.isEmpty())
            out << QStringLiteral("a clip has an empty name");
        else if (const QString problem = ReportWriter::nameProblem(QStringLiteral("clip"), c.name); !problem.isEmpty())
            out << problem;
        else if (names.contains(c.name))
            out << QStringLiteral("clip name '%1' is used twice").arg(c.name);
        names.insert(c.name);
        if (c.frameCount == 0)
            out << QStringLiteral("clip '%1' has no frames").arg(c.name);
        if (!std::isfinite(c.fps) || c.fps <= 0.0f)
            out << QStringLiteral("clip '%1' has fps %2, expected a finite value > 0").arg(c.name).arg(c.fps);
    }
    for (const BpatSocket &s : m_sockets) {
        if (s.anchorBone >= m_boneCount)
            out << QStringLiteral("socket '%1': anchor bone %2 is not < bone count %3")
                       .arg(s.name)
                       .arg(s.anchorBone)
                       .arg(m_boneCount);
        if (s.name.isEmpty())
            out << QStringLiteral("a socket has an empty name");
        else if (const QString problem = ReportWriter::nameProblem(QStringLiteral("socket"), s.name); !problem.isEmpty())
            out << problem;
    }
    return out;
}

} // namespace bpat
