#include "bpat/BpatStreamWriter.h"

#include "bpat/BpatFormat.h"
#include "bpat/DeepCheckKernels.h"
#include "bpat/DeepChecker.h"
#include "bpat/DeepCheckerLate.h"
#include "bpat/DeepLocator.h"
#include "io/AtomicFile.h"

#include <QIODevice>
#include <QTemporaryFile>

namespace bpat {

namespace fmt = bpat::format;

BpatStreamWriter::BpatStreamWriter(const BpatDocument &plan)
    : BpatStreamWriter(plan, StreamedFill{})
{
}

BpatStreamWriter::BpatStreamWriter(const BpatDocument &plan, const StreamedFill &fill)
    : m_plan(plan)
    , m_fill(fill)
    , m_late(plan.dialect() == format::Dialect::V3Late)
{
    BpatWriter writer(plan);
    writer.setContactsStreamed(fill.contacts);
    m_layout = writer.layout();
    m_head = writer.headerAndTables(m_layout);
    m_headFile = BpatFile::fromData(m_head);
    if (!m_fill.bindFromFirstFrame)
        prepareBind(nullptr, nullptr);
}

bool BpatStreamWriter::prepareBind(const float *firstFrame, QString *error)
{
    const quint32 bones = m_plan.boneCount();
    if (m_fill.bindFromFirstFrame) {
        // As VersionConverter::convert() takes it: frame 0 of clip 0, each matrix invertible.
        m_contactBind.clear();
        for (quint32 b = 0; b < bones; ++b) {
            const QMatrix4x4 m(firstFrame + qsizetype(b) * 16); // row-major constructor
            bool invertible = false;
            (void)m.inverted(&invertible);
            if (!invertible) {
                if (error)
                    *error = QStringLiteral("the bind matrix of bone %1 is not invertible").arg(b);
                return false;
            }
            m_contactBind.append(m);
        }
        if (m_late) {
            m_bindPalette.clear(); // BpatDocument::setBindMatrices()
            for (const QMatrix4x4 &m : std::as_const(m_contactBind))
                m_bindPalette.append(QList<float>(m.constData(), m.constData() + 16));
        }
    } else {
        m_contactBind = m_fill.bind.value_or(QList<QMatrix4x4>());
        if (m_late)
            m_bindPalette = m_plan.bindPalette();
    }
    m_contactInverseBind.clear();
    for (const QMatrix4x4 &b : std::as_const(m_contactBind))
        m_contactInverseBind.append(b.inverted());
    const bool haveBind = m_bindPalette.size() == qsizetype(bones) * 16;
    m_inverseBind = m_late && haveBind ? BpatWriter::inverseBindPalette(m_bindPalette.constData(), bones) : QList<QMatrix4x4>();
    m_bindReady = true;
    return true;
}

QList<std::pair<quint64, QByteArray>> BpatStreamWriter::trailer() const
{
    QList<std::pair<quint64, QByteArray>> blocks;
    if (!trailerKnown())
        return blocks;
    if (m_layout.bindPaletteOffset != 0) {
        QByteArray bytes(m_bindPalette.size() * 4, Qt::Uninitialized);
        for (qsizetype i = 0; i < m_bindPalette.size(); ++i)
            fmt::writeF32(reinterpret_cast<uchar *>(bytes.data()) + 4 * i, m_bindPalette.at(i));
        blocks.append({m_layout.bindPaletteOffset, bytes});
    }
    if (m_layout.boneParentOffset != 0) {
        const QList<quint8> &parents = m_plan.boneParents();
        blocks.append(
            {m_layout.boneParentOffset, QByteArray(reinterpret_cast<const char *>(parents.constData()), parents.size())});
    }
    return blocks;
}

BpatStreamWriter::~BpatStreamWriter() = default;

void BpatStreamWriter::setDeepChecks(const ValidationOptions &options)
{
    m_checkOptions = options;
    m_checkOptions.progress = nullptr;
    m_checkOptions.cancel = nullptr;
    m_checkOptions.maxIssues = 0;
    m_paletteSink = std::make_unique<DiagnosticSink>(ValidationProfile::Spec, 0);
    m_socketSink = std::make_unique<DiagnosticSink>(ValidationProfile::Spec, 0);
    m_contactSink = std::make_unique<DiagnosticSink>(ValidationProfile::Spec, 0);
    m_contactWhere = std::make_unique<DeepLocator>(m_headFile);
    m_paletteChecker.reset();
    m_socketChecker.reset();
    if (m_bindReady || !m_late)
        prepareChecks();
}

void BpatStreamWriter::prepareChecks()
{
    // Late v3 checks the global skin x bind against the bind palette the file will hold (the
    // head stand-in has none), prepared once for both checkers.
    std::shared_ptr<const DeepCheckerLate> late;
    if (m_late) {
        const bool bindWritten = m_layout.bindPaletteOffset != 0 && m_bindPalette.size() == qsizetype(m_plan.boneCount()) * 16;
        late = std::make_shared<const DeepCheckerLate>(m_headFile, m_checkOptions,
                                                       bindWritten ? m_bindPalette.constData() : nullptr);
    }
    m_paletteChecker = std::make_unique<DeepChecker>(m_headFile, m_checkOptions, *m_paletteSink, late);
    m_socketChecker = std::make_unique<DeepChecker>(m_headFile, m_checkOptions, *m_socketSink, late);
}

bool BpatStreamWriter::writeAt(quint64 offset, const char *data, qint64 size, QString *error)
{
    if (offset != m_position && !m_device->seek(qint64(offset))) {
        if (error)
            *error = QStringLiteral("cannot seek to byte %1: %2").arg(offset).arg(m_device->errorString());
        return false;
    }
    if (!AtomicFile::writeAll(m_device, data, size)) {
        if (error)
            *error = m_device->errorString();
        return false;
    }
    m_position = offset + quint64(size);
    return true;
}

bool BpatStreamWriter::writeFloatsAt(quint64 offset, const float *floats, quint64 count, QString *error)
{
    if constexpr (Q_BYTE_ORDER == Q_LITTLE_ENDIAN) {
        return writeAt(offset, reinterpret_cast<const char *>(floats), qint64(count * 4), error);
    } else {
        m_orderScratch.resize(qsizetype(count));
        for (quint64 i = 0; i < count; ++i)
            fmt::writeF32(reinterpret_cast<uchar *>(m_orderScratch.data() + i), floats[i]);
        return writeAt(offset, reinterpret_cast<const char *>(m_orderScratch.constData()), qint64(count * 4), error);
    }
}

bool BpatStreamWriter::begin(QIODevice *device, QString *error)
{
    m_device = device;
    m_position = quint64(device->pos());
    m_clip = -1;
    m_clipDone = 0;
    m_globalFrame = 0;
    m_finished = false;
    if (!writeAt(0, m_head.constData(), m_head.size(), error))
        return false;
    return advance(error);
}

bool BpatStreamWriter::emitFrames(const float *palette, const float *socketRows, const float *storedContacts,
                                  const float *storedSkin, quint32 count, QString *error, const float *storedGlobals,
                                  const float *skin)
{
    const quint32 bones = m_plan.boneCount();
    const int sockets = m_plan.socketCount();
    const quint64 frameFloats = quint64(bones) * fmt::MatrixFloats;
    const quint64 socketFloats = quint64(sockets) * fmt::SocketRowFloats;
    if (count == 0)
        return true;
    // Late v3 frames given as skinning matrices: nothing here may need their globals.
    if (skin && (!m_bindReady || (m_layout.contactDataOffset != 0 && !storedContacts) || (sockets > 0 && !socketRows))) {
        if (error)
            *error = QStringLiteral("skinning matrices given without their socket rows, contact records or bind palette");
        return false;
    }
    if (m_globalFrame == 0 && !m_bindReady && !prepareBind(palette, error))
        return false;
    if (m_paletteSink && !m_paletteChecker)
        prepareChecks(); // the bind palette came with the first frame

    // v3 contact records: the stored clip's, or computed from the frames.
    const float *contacts = nullptr;
    if (m_layout.contactDataOffset != 0) {
        contacts = storedContacts;
        if (!contacts) {
            m_contactScratch.resize(qsizetype(count) * 2);
            for (quint32 f = 0; f < count; ++f) {
                const auto [sole, foot] = VersionConverter::contactRecord(palette + f * frameFloats, bones, m_fill.feet,
                                                                          m_fill.soleRule, m_contactBind, m_contactInverseBind);
                m_contactScratch[qsizetype(f) * 2] = sole;
                m_contactScratch[qsizetype(f) * 2 + 1] = foot;
            }
            contacts = m_contactScratch.constData();
        }
    }

    // Late v3's skinning matrices of streamed frames are computed here (the ones BpatWriter writes
    // for these globals), the socket rows too (with the floats BpatDocument::computeSocketRow
    // gives: deepkernels::socketRow does the same operations), and all is deep-checked: a block
    // of about 64 KiB at a time, each step reading what the one before left in cache.
    const bool computeRows = !socketRows && sockets > 0;
    if (computeRows) {
        m_socketScratch.resize(qsizetype(count * socketFloats));
        socketRows = m_socketScratch.constData();
    }
    const float *stored = palette;
    const bool haveBind = m_late && m_bindPalette.size() == qsizetype(bones) * 16;
    if (skin) {
        stored = skin;
    } else if (m_late) {
        m_skinScratch.resize(qsizetype(count * frameFloats));
        stored = m_skinScratch.constData();
    }
    const quint32 block = quint32(std::max<quint64>(1, (64u << 10) / std::max<quint64>(1, (frameFloats + socketFloats) * 4)));
    for (quint32 at = 0; at < count; at += block) {
        const quint32 n = std::min(block, count - at);
        const float *globals = skin ? nullptr : palette + at * frameFloats;
        if (m_late && !skin) {
            BpatWriter::lateV3Skin(globals, storedSkin ? storedSkin + at * frameFloats : nullptr,
                                   haveBind ? m_bindPalette.constData() : nullptr, haveBind ? m_inverseBind.constData() : nullptr,
                                   bones, n, m_skinScratch.data() + at * frameFloats,
                                   storedSkin && storedGlobals ? storedGlobals + at * frameFloats : nullptr);
        }
        // The Validator's deep pass over what the file will hold: the matrices as stored (late
        // v3: skinning matrices, checked against the bind palette written, or none). Before
        // the socket rows: the frames come from the thread that computed them, and the rows'
        // scattered reads of their anchors cost a transfer from the other core's cache each
        // (8 % of a rebake's time) where the check's sequential pass brings them in ahead.
        const uchar *matrices = reinterpret_cast<const uchar *>(stored + at * frameFloats);
        if (m_paletteChecker)
            m_paletteChecker->checkPaletteFrames(matrices, m_globalFrame + at, n);
        if (computeRows) {
            float *out = m_socketScratch.data() + at * socketFloats;
            const BpatSocket *plan = m_plan.sockets().constData();
            for (quint32 f = 0; f < n; ++f) {
                for (int s = 0; s < sockets; ++s, out += fmt::SocketRowFloats) {
                    const QVector3D &o = plan[s].localOffset;
                    deepkernels::socketRow(globals + f * frameFloats + quint64(plan[s].anchorBone) * fmt::MatrixFloats, o.x(),
                                           o.y(), o.z(), out);
                }
            }
        }
        if (m_paletteChecker && sockets > 0)
            m_socketChecker->checkSocketFrames(reinterpret_cast<const uchar *>(socketRows + at * socketFloats), matrices,
                                               m_globalFrame + at, n);
    }
    if (m_paletteChecker && contacts)
        DeepCheckerLate::checkContactRecords(m_headFile, reinterpret_cast<const uchar *>(contacts), m_globalFrame, count,
                                             *m_contactSink, *m_contactWhere);

    if (!writeFloatsAt(m_layout.paletteDataOffset + quint64(m_globalFrame) * bones * fmt::MatrixSize, stored, count * frameFloats,
                       error))
        return false;
    if (sockets > 0
        && !writeFloatsAt(m_layout.socketDataOffset + quint64(m_globalFrame) * quint64(sockets) * fmt::SocketRowSize, socketRows,
                          count * socketFloats, error))
        return false;
    if (contacts
        && !writeFloatsAt(m_layout.contactDataOffset + quint64(m_globalFrame) * fmt::ContactRecordSize, contacts,
                          quint64(count) * 2, error))
        return false;
    m_globalFrame += count;
    return true;
}

bool BpatStreamWriter::advance(QString *error)
{
    for (;;) {
        if (m_clip >= 0 && m_clipDone < m_plan.clip(m_clip).frameCount)
            return true; // a streamed clip waits for its frames
        ++m_clip;
        m_clipDone = 0;
        if (m_clip >= m_plan.clipCount()) {
            m_clip = -1;
            m_clipDone = 0;
            return true;
        }
        const BpatClip &c = m_plan.clip(m_clip);
        if (isStreamed(c))
            return true;
        // A stored clip: written from memory in runs of about 4 MiB, checked like any other.
        const quint64 frameFloats = quint64(m_plan.boneCount()) * fmt::MatrixFloats;
        const quint64 socketFloats = quint64(m_plan.socketCount()) * fmt::SocketRowFloats;
        const quint32 step = quint32(std::max<quint64>(1, (4ull << 20) / std::max<quint64>(1, frameFloats * 4)));
        while (m_clipDone < c.frameCount) {
            const quint32 n = std::min(step, c.frameCount - m_clipDone);
            const float *rows = socketFloats > 0 ? c.socketRows.constData() + m_clipDone * socketFloats : nullptr;
            const float *contacts =
                c.contacts.size() == qsizetype(c.frameCount) * 2 ? c.contacts.constData() + m_clipDone * 2 : nullptr;
            const float *skin =
                m_late && c.storedSkin.size() == c.palette.size() ? c.storedSkin.constData() + m_clipDone * frameFloats : nullptr;
            if (!emitFrames(c.palette.constData() + m_clipDone * frameFloats, rows, contacts, skin, n, error))
                return false;
            m_clipDone += n;
        }
    }
}

bool BpatStreamWriter::appendFrames(const float *palette, quint32 count, QString *error)
{
    return appendFileFrames(palette, nullptr, nullptr, count, error);
}

bool BpatStreamWriter::appendFileFrames(const float *palette, const float *socketRows, const float *storedSkin, quint32 count,
                                        QString *error, const float *storedGlobals)
{
    return appendToClip(palette, socketRows, m_late ? storedSkin : nullptr, count, error,
                        m_late && storedSkin ? storedGlobals : nullptr, nullptr);
}

bool BpatStreamWriter::appendStoredFrames(const float *matrices, const float *socketRows, quint32 count, QString *error)
{
    if (!m_late)
        return appendFileFrames(matrices, socketRows, nullptr, count, error);
    return appendToClip(nullptr, socketRows, nullptr, count, error, nullptr, matrices);
}

bool BpatStreamWriter::appendToClip(const float *palette, const float *socketRows, const float *storedSkin, quint32 count,
                                    QString *error, const float *storedGlobals, const float *skin)
{
    if (m_clip < 0 || count > m_plan.clip(m_clip).frameCount - m_clipDone) {
        if (error)
            *error = QStringLiteral("%1 frames more than the planned clips hold").arg(count);
        return false;
    }
    // Contact records the plan holds for a streamed clip (a file's, bpat convert) are written as
    // they are; otherwise they are computed (StreamedFill).
    const BpatClip &c = m_plan.clip(m_clip);
    const float *contacts =
        c.contacts.size() == qsizetype(c.frameCount) * 2 ? c.contacts.constData() + qsizetype(m_clipDone) * 2 : nullptr;
    if (!emitFrames(palette, socketRows, contacts, storedSkin, count, error, storedGlobals, skin))
        return false;
    m_clipDone += count;
    return advance(error);
}

std::optional<ValidationResult> BpatStreamWriter::structuralCheck(ValidationProfile profile, const QString &path,
                                                                  QString *error) const
{
    const quint64 fileSize = m_layout.fileSize;
    QTemporaryFile sparse;
    bool written = sparse.open() && AtomicFile::writeAll(&sparse, m_head) && sparse.resize(qint64(fileSize));
    for (const auto &[offset, bytes] : trailer())
        written = written && sparse.seek(qint64(offset)) && AtomicFile::writeAll(&sparse, bytes);
    if (!written || !sparse.flush()) {
        if (error)
            *error = QStringLiteral("cannot prepare the layout check in %1: %2").arg(sparse.fileName(), sparse.errorString());
        return std::nullopt;
    }
    uchar *mapped = fileSize > 0 ? sparse.map(0, qint64(fileSize)) : nullptr;
    if (!mapped) {
        if (error)
            *error = QStringLiteral("cannot map the layout check file %1: %2").arg(sparse.fileName(), sparse.errorString());
        return std::nullopt;
    }
    ValidationOptions options;
    options.profile = profile;
    options.gameEra = gameEra::ofDialect(m_plan.dialect()); // the game of the version written
    ValidationResult result = Validator(options).validate(
        BpatFile::fromData(QByteArray::fromRawData(reinterpret_cast<const char *>(mapped), qsizetype(fileSize)), path));
    sparse.unmap(mapped);
    return result;
}

bool BpatStreamWriter::finish(QString *error)
{
    if (m_clip >= 0 || m_globalFrame != m_plan.frameTotal()) {
        if (error)
            *error = QStringLiteral("%1 of %2 frames written").arg(m_globalFrame).arg(m_plan.frameTotal());
        return false;
    }
    // Late v3: the bind palette and bone parents, after the palette, socket rows and contacts.
    for (const auto &[offset, bytes] : trailer()) {
        if (!writeAt(offset, bytes.constData(), bytes.size(), error))
            return false;
    }
    if (m_position != m_layout.fileSize && !m_device->seek(qint64(m_layout.fileSize))) {
        if (error)
            *error = m_device->errorString();
        return false;
    }
    if (m_paletteChecker && !m_finished) {
        m_paletteChecker->finishPalette();
        m_socketChecker->finishSockets();
    }
    m_finished = true;
    return true;
}

Diagnostics BpatStreamWriter::deepFindings() const
{
    if (!m_paletteSink)
        return {};
    DiagnosticSink all(ValidationProfile::Spec, 0); // the Validator's order: errors first
    all.absorb(m_paletteSink->result());
    all.absorb(m_socketSink->result());
    all.absorb(m_contactSink->result());
    return all.take().issues;
}

ValidationResult BpatStreamWriter::withDeepFindings(const ValidationResult &structural, ValidationProfile profile) const
{
    DiagnosticSink sink(profile, 0);
    for (const Diagnostic &d : structural.issues)
        sink.add(d);
    for (const Diagnostic &d : deepFindings())
        sink.add(d);
    return sink.take();
}

} // namespace bpat
