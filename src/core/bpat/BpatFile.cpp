#include "bpat/BpatFile.h"

#include "bpat/BpatFormat.h"
#include "sections/SectionedData.h"
#include "species/Species.h"
#include "species/SpeciesRig.h"

#include <algorithm>
#include <cmath>

namespace bpat {

namespace fmt = bpat::format;

struct BpatFile::Data : SectionedData
{
    BpatHeader header;
    bool clipTableInBounds = false;
    bool socketTableInBounds = false;
    bool stringTableInBounds = false;
    QList<BpatClipInfo> clips;
    QList<BpatSocketInfo> sockets;
    fmt::Dialect dialect = fmt::Dialect::Unknown;
    bool dialectFromPalette = false;
    bool hasV3Extension = false;
    BpatV3Extension ext;
    bool contactTableInBounds = false;
    bool bindPaletteInBounds = false;
    QList<float> bind; // bone_count * 16 column-major floats when in bounds
    bool boneParentsInBounds = false;
    QList<quint8> parents;

    void decode();
    void decodeV3();
    void decodeClip(BpatClipInfo &clip, const uchar *e) const;
    bool paletteLooksColumnMajor() const;
    const uchar *readEntry(TableEntry &entry, quint64 tableOffset, quint32 index, quint64 entrySize) const;
};

namespace {

const BpatHeader &emptyHeader()
{
    static const BpatHeader h;
    return h;
}

const BpatV3Extension &emptyExtension()
{
    static const BpatV3Extension e;
    return e;
}

template<typename T> const QList<T> &emptyList()
{
    static const QList<T> list;
    return list;
}

} // namespace

void BpatFile::Data::decode()
{
    if (!readHeaderStart(fmt::Magic, fmt::HeaderSize, header.magic))
        return;
    fmt::readFields(header, bytes);

    dialect = fmt::dialectOfVersion(header.version);
    // Unknown versions are laid out as v1 so the header and tables can still be shown; the
    // Validator refuses them before any other check.
    const quint64 entrySize = fmt::clipEntrySize(header.version) ? fmt::clipEntrySize(header.version) : fmt::ClipEntrySize;
    // Counts are u32 and entries at most 48 bytes, so the products fit in 64 bits; offsets may not.
    clipTableInBounds = fmt::rangeInside(header.clipTableOffset, quint64(header.clipCount) * entrySize, size);
    socketTableInBounds = header.socketCount == 0
        || fmt::rangeInside(header.socketTableOffset, quint64(header.socketCount) * fmt::SocketEntrySize, size);
    stringTableInBounds = fmt::rangeInside(header.stringTableOffset, header.stringTableSize, size);

    // The tables are decoded only when they lie wholly inside the file, so the number of
    // entries allocated is bounded by the file size, never by an unchecked count.
    if (clipTableInBounds) {
        clips.resize(header.clipCount);
        for (quint32 i = 0; i < header.clipCount; ++i)
            decodeClip(clips[i], readEntry(clips[i], header.clipTableOffset, i, entrySize));
    }
    if (socketTableInBounds) {
        sockets.resize(header.socketCount);
        for (quint32 i = 0; i < header.socketCount; ++i) {
            namespace s = fmt::socket;
            BpatSocketInfo &socket = sockets[i];
            const uchar *e = readEntry(socket, header.socketTableOffset, i, fmt::SocketEntrySize);
            socket.anchorBone = fmt::readU32(e + s::AnchorBone);
            socket.localOffset = QVector3D(fmt::readF32(e + s::LocalOffset), fmt::readF32(e + s::LocalOffset + 4),
                                           fmt::readF32(e + s::LocalOffset + 8));
            socket.reserved = {fmt::readU32(e + s::Reserved), fmt::readU32(e + s::Reserved + 4)};
        }
    }
    if (header.version == 3)
        decodeV3();
}

const uchar *BpatFile::Data::readEntry(TableEntry &entry, quint64 tableOffset, quint32 index, quint64 entrySize) const
{
    return MappedFile::readEntry(entry, tableOffset, index, entrySize, stringTableInBounds, header.stringTableOffset,
                                 header.stringTableSize);
}

void BpatFile::Data::decodeClip(BpatClipInfo &clip, const uchar *e) const
{
    namespace c = fmt::clip;
    clip.frameCount = fmt::readU32(e + c::FrameCount);
    clip.frameOffset = fmt::readU32(e + c::FrameOffset);
    clip.fps = fmt::readF32(e + c::Fps);
    clip.loopsByte = e[c::Loops];
    switch (header.version) {
    case 2:
        for (int k = 0; k < 3; ++k)
            clip.pad[k] = e[c::Pad + k];
        clip.hasMarkers = true;
        for (int k = 0; k < fmt::MarkerCount; ++k)
            clip.markers[k] = fmt::readF32(e + c::V2Markers + 4 * k);
        break;
    case 3:
        clip.pad[0] = e[c::V3Pad];
        clip.hasMarkers = true;
        clip.hasV3Fields = true;
        clip.flags = e[c::V3Flags];
        clip.variantOrdinal = e[c::V3VariantOrdinal];
        clip.variantFamily = fmt::readU16(e + c::V3VariantFamily);
        clip.v3Reserved = fmt::readU16(e + c::V3Reserved);
        for (int k = 0; k < fmt::MarkerCount; ++k)
            clip.markers[k] = fmt::readF32(e + c::V3Markers + 4 * k);
        break;
    default:
        for (int k = 0; k < 3; ++k)
            clip.pad[k] = e[c::Pad + k];
        clip.reserved = {fmt::readU32(e + c::Reserved), fmt::readU32(e + c::Reserved + 4)};
        break;
    }
}

void BpatFile::Data::decodeV3()
{
    if (size < fmt::V3HeaderEnd)
        return;
    hasV3Extension = true;
    namespace x = fmt::ext;
    ext.contactDataOffset = fmt::readU64(bytes + x::ContactDataOffset);
    ext.contactEntryCount = fmt::readU32(bytes + x::ContactEntryCount);
    ext.reserved0 = fmt::readU32(bytes + x::Reserved0);
    ext.bindPaletteOffset = fmt::readU64(bytes + x::BindPaletteOffset);
    ext.boneParentOffset = fmt::readU64(bytes + x::BoneParentOffset);
    if (ext.bindPaletteOffset != 0 || ext.boneParentOffset != 0) {
        dialect = fmt::Dialect::V3Late;
    } else if (paletteLooksColumnMajor()) {
        dialect = fmt::Dialect::V3Late;
        dialectFromPalette = true;
    }
    // count * 8 fits in 64 bits (u32 count).
    contactTableInBounds = ext.contactEntryCount != 0 && ext.contactEntryCount == header.frameTotal
        && fmt::rangeInside(ext.contactDataOffset, quint64(ext.contactEntryCount) * fmt::ContactRecordSize, size);
    if (dialect != fmt::Dialect::V3Late || header.boneCount < fmt::MinBones || header.boneCount > fmt::MaxBones)
        return;
    // At most 64 bones: the copies below are small and bounded.
    if (ext.bindPaletteOffset != 0
        && fmt::rangeInside(ext.bindPaletteOffset, quint64(header.boneCount) * fmt::MatrixSize, size)) {
        bindPaletteInBounds = true;
        bind.resize(qsizetype(header.boneCount) * 16);
        for (qsizetype i = 0; i < bind.size(); ++i)
            bind[i] = fmt::readF32(bytes + ext.bindPaletteOffset + 4 * quint64(i));
    }
    if (ext.boneParentOffset != 0 && fmt::rangeInside(ext.boneParentOffset, header.boneCount, size)) {
        boneParentsInBounds = true;
        parents.resize(qsizetype(header.boneCount));
        std::memcpy(parents.data(), bytes + ext.boneParentOffset, header.boneCount);
    }
}

bool BpatFile::Data::paletteLooksColumnMajor() const
{
    // The spec sheet's tie-breaker for a version-3 file with bytes 80..95 zero: row-major globals
    // have floats 12..15 = 0 0 0 1; column-major affine matrices have floats 3, 7, 11 = 0 and
    // 15 = 1. A matrix with zero translation fits both; the first that does not decides. At
    // most 4096 matrices are looked at, so opening stays O(1).
    if (header.boneCount == 0)
        return false;
    const auto bytesNeeded = fmt::checkedMul(quint64(header.frameTotal) * header.boneCount, fmt::MatrixSize);
    if (!bytesNeeded || !fmt::rangeInside(header.paletteDataOffset, *bytesNeeded, size))
        return false;
    const quint64 count = qMin<quint64>(quint64(header.frameTotal) * header.boneCount, 4096);
    for (quint64 i = 0; i < count; ++i) {
        const auto m = fmt::readFloats<16>(bytes + header.paletteDataOffset + i * fmt::MatrixSize);
        const bool rowMajor = m[12] == 0.0f && m[13] == 0.0f && m[14] == 0.0f && m[15] == 1.0f;
        const bool columnMajor = m[3] == 0.0f && m[7] == 0.0f && m[11] == 0.0f && m[15] == 1.0f;
        if (rowMajor != columnMajor)
            return columnMajor;
    }
    return false;
}

BpatFile::BpatFile() = default;

BpatFile::BpatFile(std::shared_ptr<const Data> data)
    : d(std::move(data))
{
}

std::optional<BpatFile> BpatFile::open(const QString &path, QString *error)
{
    auto data = MappedFile::openDecoded<Data>(path, QStringLiteral("BPAT"), int(fmt::HeaderSize), error);
    return data ? std::optional<BpatFile>(BpatFile(std::move(data))) : std::nullopt;
}

BpatFile BpatFile::fromData(QByteArray bytes, const QString &path)
{
    return BpatFile(MappedFile::adoptDecoded<Data>(std::move(bytes), path));
}

bool BpatFile::isNull() const
{
    return !d;
}
bool BpatFile::changedSinceOpen() const
{
    return d && d->MappedFile::changedSinceOpen();
}

bool BpatFile::isStale() const
{
    return d && d->MappedFile::isStale();
}
void BpatFile::releasePages(quint64 offset, quint64 size) const
{
    if (d)
        d->release(offset, size);
}
QString BpatFile::path() const
{
    return d ? d->path : QString();
}
quint64 BpatFile::fileSize() const
{
    return d ? d->size : 0;
}
QByteArrayView BpatFile::bytes() const
{
    return d ? d->view() : QByteArrayView();
}
const uchar *BpatFile::data() const
{
    return d ? d->bytes : nullptr;
}
bool BpatFile::hasHeader() const
{
    return d && d->hasHeader;
}
const BpatHeader &BpatFile::header() const
{
    return d ? d->header : emptyHeader();
}
bool BpatFile::hasMagic() const
{
    return d && d->hasMagic;
}
QString BpatFile::speciesName() const
{
    return Species::nameOf(header().speciesId);
}

std::optional<Rig> BpatFile::rig() const
{
    if (!hasHeader())
        return std::nullopt;
    return SpeciesRig::forFile(header().speciesId, int(header().boneCount), boneParents());
}
fmt::Dialect BpatFile::dialect() const
{
    return d ? d->dialect : fmt::Dialect::Unknown;
}
bool BpatFile::dialectFromPalette() const
{
    return d && d->dialectFromPalette;
}
bool BpatFile::isV3() const
{
    return hasHeader() && d->header.version == 3;
}
bool BpatFile::hasV3Extension() const
{
    return d && d->hasV3Extension;
}
const BpatV3Extension &BpatFile::v3Extension() const
{
    return d ? d->ext : emptyExtension();
}
bool BpatFile::storesSkinningMatrices() const
{
    return dialect() == fmt::Dialect::V3Late;
}
bool BpatFile::hasContactTable() const
{
    return hasV3Extension() && d->ext.contactEntryCount != 0;
}
bool BpatFile::contactTableInBounds() const
{
    return d && d->contactTableInBounds;
}

std::optional<quint64> BpatFile::contactOffset(quint32 frame) const
{
    if (!contactTableInBounds() || frame >= d->ext.contactEntryCount)
        return std::nullopt;
    return d->ext.contactDataOffset + quint64(frame) * fmt::ContactRecordSize;
}

std::optional<std::pair<float, float>> BpatFile::contact(quint32 frame) const
{
    const auto at = contactOffset(frame);
    if (!at)
        return std::nullopt;
    return std::make_pair(fmt::readF32(d->bytes + *at), fmt::readF32(d->bytes + *at + 4));
}

bool BpatFile::hasBindPalette() const
{
    return dialect() == fmt::Dialect::V3Late && d->ext.bindPaletteOffset != 0;
}
bool BpatFile::bindPaletteInBounds() const
{
    return d && d->bindPaletteInBounds;
}

std::optional<std::array<float, 16>> BpatFile::bindFloats(quint32 bone) const
{
    if (!bindPaletteInBounds() || bone >= d->header.boneCount)
        return std::nullopt;
    std::array<float, 16> out;
    std::copy_n(d->bind.constData() + qsizetype(bone) * 16, 16, out.begin());
    return out;
}

QMatrix4x4 BpatFile::bindMatrix(quint32 bone, bool *ok) const
{
    const auto f = bindFloats(bone);
    if (ok)
        *ok = f.has_value();
    return f ? QMatrix4x4(f->data()).transposed() : QMatrix4x4();
}

bool BpatFile::hasBoneParents() const
{
    return dialect() == fmt::Dialect::V3Late && d->ext.boneParentOffset != 0;
}
bool BpatFile::boneParentsInBounds() const
{
    return d && d->boneParentsInBounds;
}
const QList<quint8> &BpatFile::boneParents() const
{
    return d ? d->parents : emptyList<quint8>();
}
bool BpatFile::clipTableInBounds() const
{
    return d && d->clipTableInBounds;
}
bool BpatFile::socketTableInBounds() const
{
    return d && d->socketTableInBounds;
}
bool BpatFile::stringTableInBounds() const
{
    return d && d->stringTableInBounds;
}
const QList<BpatClipInfo> &BpatFile::clips() const
{
    return d ? d->clips : emptyList<BpatClipInfo>();
}
const QList<BpatSocketInfo> &BpatFile::sockets() const
{
    return d ? d->sockets : emptyList<BpatSocketInfo>();
}

int BpatFile::findClip(const QString &name) const
{
    const QList<BpatClipInfo> &list = clips();
    for (const BpatClipInfo &c : list) {
        if (c.name == name)
            return c.index;
    }
    return -1;
}

int BpatFile::findClipByNameOrIndex(const QString &nameOrIndex) const
{
    const int byName = findClip(nameOrIndex);
    if (byName >= 0)
        return byName;
    bool ok = false;
    const uint index = nameOrIndex.toUInt(&ok);
    return ok && index < uint(clips().size()) ? int(index) : -1;
}

quint64 BpatFile::paletteDataOffset() const
{
    return header().paletteDataOffset;
}

std::optional<quint64> BpatFile::paletteByteSize() const
{
    // frame_total * bone_count (two u32s) fits in 64 bits; times 64 it may not: 2^27 frames of
    // 2^31 bones are 2^64 bytes, which would wrap to 0 and pass every bounds check.
    return fmt::checkedMul(quint64(header().frameTotal) * header().boneCount, fmt::MatrixSize);
}

std::optional<quint64> BpatFile::socketDataOffset() const
{
    const auto paletteSize = paletteByteSize();
    return paletteSize ? fmt::checkedAdd(header().paletteDataOffset, *paletteSize) : std::nullopt;
}

std::optional<quint64> BpatFile::socketDataByteSize() const
{
    // As for the palette: the count fits in 64 bits, times 48 it may not.
    return fmt::checkedMul(quint64(header().frameTotal) * header().socketCount, fmt::SocketRowSize);
}

bool BpatFile::paletteInBounds() const
{
    if (!hasHeader())
        return false;
    const auto size = paletteByteSize();
    return size && fmt::rangeInside(header().paletteDataOffset, *size, d->size);
}

bool BpatFile::socketDataInBounds() const
{
    if (!hasHeader())
        return false;
    if (header().socketCount == 0)
        return true;
    const auto offset = socketDataOffset();
    const auto size = socketDataByteSize();
    return offset && size && fmt::rangeInside(*offset, *size, d->size);
}

std::optional<quint32> BpatFile::globalFrame(int clip, quint32 frame) const
{
    const QList<BpatClipInfo> &list = clips();
    if (clip < 0 || clip >= list.size() || frame >= list.at(clip).frameCount)
        return std::nullopt;
    const quint64 global = quint64(list.at(clip).frameOffset) + frame;
    if (global >= header().frameTotal)
        return std::nullopt;
    return quint32(global);
}

quint64 BpatFile::framesHeld(int clip) const
{
    const QList<BpatClipInfo> &list = clips();
    if (clip < 0 || clip >= list.size() || !hasHeader() || header().boneCount == 0)
        return 0;
    const BpatClipInfo &c = list.at(clip);
    const BpatHeader &h = header();
    quint64 held = c.frameCount;
    held = std::min<quint64>(held, h.frameTotal > c.frameOffset ? quint64(h.frameTotal) - c.frameOffset : 0);
    if (h.paletteDataOffset >= fileSize())
        return 0;
    const quint64 bytesPerFrame = quint64(h.boneCount) * fmt::MatrixSize; // < 2^39
    const quint64 inFile = (fileSize() - h.paletteDataOffset) / bytesPerFrame;
    return std::min<quint64>(held, inFile > c.frameOffset ? inFile - c.frameOffset : 0);
}

std::optional<quint64> BpatFile::matrixOffset(quint32 frame, quint32 bone) const
{
    if (!hasHeader() || frame >= header().frameTotal || bone >= header().boneCount)
        return std::nullopt;
    // frame * bone_count + bone < 2^64 (u32 operands); times 64 it can wrap back into the file.
    const quint64 index = quint64(frame) * header().boneCount + bone;
    const auto offset = fmt::checkedEnd(header().paletteDataOffset, index, fmt::MatrixSize);
    if (!offset || !fmt::rangeInside(*offset, fmt::MatrixSize, d->size))
        return std::nullopt;
    return offset;
}

const float *BpatFile::matrixData(quint32 frame, quint32 bone) const
{
    if constexpr (Q_BYTE_ORDER != Q_LITTLE_ENDIAN)
        return nullptr;
    const auto offset = matrixOffset(frame, bone);
    if (!offset)
        return nullptr;
    const uchar *p = d->bytes + *offset;
    if (reinterpret_cast<quintptr>(p) % alignof(float) != 0)
        return nullptr;
    return reinterpret_cast<const float *>(static_cast<const void *>(p));
}

std::optional<std::array<float, 16>> BpatFile::matrixFloats(quint32 frame, quint32 bone) const
{
    const auto offset = matrixOffset(frame, bone);
    if (!offset)
        return std::nullopt;
    return fmt::readFloats<16>(d->bytes + *offset);
}

std::optional<std::array<float, 16>> BpatFile::globalMatrixFloats(quint32 frame, quint32 bone) const
{
    const auto stored = matrixFloats(frame, bone);
    if (!stored || !storesSkinningMatrices())
        return stored;
    if (d->bindPaletteInBounds)
        return skinTimesBind(stored->data(), d->bind.constData() + qsizetype(bone) * 16);
    // No bind palette: an identity bind, global = skin (transposed into rows).
    std::array<float, 16> out;
    for (int r = 0; r < 4; ++r) {
        for (int c = 0; c < 4; ++c)
            out[r * 4 + c] = (*stored)[c * 4 + r];
    }
    return out;
}

QMatrix4x4 BpatFile::matrixAtGlobalFrame(quint32 frame, quint32 bone, bool *ok) const
{
    const auto floats = globalMatrixFloats(frame, bone);
    if (ok)
        *ok = floats.has_value();
    return floats ? QMatrix4x4(floats->data()) : QMatrix4x4();
}

QMatrix4x4 BpatFile::storedMatrix(quint32 frame, quint32 bone, bool *ok) const
{
    const auto floats = matrixFloats(frame, bone);
    if (ok)
        *ok = floats.has_value();
    if (!floats)
        return QMatrix4x4();
    const QMatrix4x4 m(floats->data());
    return storesSkinningMatrices() ? m.transposed() : m;
}

QMatrix4x4 BpatFile::matrix(int clip, quint32 frame, quint32 bone, bool *ok) const
{
    const auto global = globalFrame(clip, frame);
    if (!global) {
        if (ok)
            *ok = false;
        return QMatrix4x4();
    }
    return matrixAtGlobalFrame(*global, bone, ok);
}

std::optional<quint64> BpatFile::socketRowOffset(quint32 frame, quint32 socket) const
{
    if (!hasHeader() || frame >= header().frameTotal || socket >= header().socketCount)
        return std::nullopt;
    const auto base = socketDataOffset();
    // As in matrixOffset: the index fits in 64 bits, index * 48 may not.
    const quint64 index = quint64(frame) * header().socketCount + socket;
    const auto offset = base ? fmt::checkedEnd(*base, index, fmt::SocketRowSize) : std::nullopt;
    if (!offset || !fmt::rangeInside(*offset, fmt::SocketRowSize, d->size))
        return std::nullopt;
    return offset;
}

std::optional<std::array<float, 12>> BpatFile::socketRow(quint32 frame, quint32 socket) const
{
    const auto offset = socketRowOffset(frame, socket);
    if (!offset)
        return std::nullopt;
    return fmt::readFloats<12>(d->bytes + *offset);
}

QMatrix4x4 BpatFile::socketMatrix(int clip, quint32 frame, quint32 socket, bool *ok) const
{
    const auto global = globalFrame(clip, frame);
    const auto rows = global ? socketRow(*global, socket) : std::nullopt;
    if (ok)
        *ok = rows.has_value();
    if (!rows)
        return QMatrix4x4();
    float values[16];
    std::copy(rows->begin(), rows->end(), values);
    values[12] = values[13] = values[14] = 0.0f;
    values[15] = 1.0f;
    return QMatrix4x4(values);
}

const uchar *BpatFile::paletteBytes() const
{
    return paletteInBounds() ? d->bytes + header().paletteDataOffset : nullptr;
}

quint64 BpatFile::paletteBytesSize() const
{
    return paletteInBounds() ? *paletteByteSize() : 0;
}

const uchar *BpatFile::socketDataBytes() const
{
    return header().socketCount > 0 && socketDataInBounds() ? d->bytes + *socketDataOffset() : nullptr;
}

quint64 BpatFile::socketDataBytesSize() const
{
    return socketDataBytes() ? *socketDataByteSize() : 0;
}

const uchar *BpatFile::bindPaletteBytes() const
{
    return bindPaletteInBounds() ? d->bytes + d->ext.bindPaletteOffset : nullptr;
}

QString nameStatusText(NameStatus status)
{
    switch (status) {
    case NameStatus::Ok: return QStringLiteral("ok");
    case NameStatus::OutOfStringTable: return QStringLiteral("outside the string table");
    case NameStatus::NotTerminated: return QStringLiteral("not NUL-terminated");
    case NameStatus::NotUtf8: return QStringLiteral("not valid UTF-8");
    }
    return QString();
}

std::array<float, 16> skinTimesBind(const float *s, const float *b)
{
    // Column-major: S[r][k] = s[k*4 + r], B[k][c] = b[c*4 + k]; the product row-major.
    std::array<float, 16> g;
    for (int r = 0; r < 4; ++r) {
        for (int c = 0; c < 4; ++c) {
            double sum = 0.0;
            for (int k = 0; k < 4; ++k)
                sum += double(s[k * 4 + r]) * double(b[c * 4 + k]);
            g[r * 4 + c] = float(sum);
        }
    }
    return g;
}

} // namespace bpat
