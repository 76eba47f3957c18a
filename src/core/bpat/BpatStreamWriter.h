#pragma once
// Writes a BPAT file of any version (v1, v2, early or late v3) front to back while its frames
// are still being computed, so a file of any size is written with a few megabytes of memory
// (rebakes, bakes). The layout is BpatWriter's (same header, tables and string table, from
// BpatWriter::layout / headerAndTables), and the bytes are the ones BpatWriter would write for
// the finished document.
//
// Frames always arrive as row-major global matrices. Late v3 writes them as column-major
// skinning matrices against the bind palette (BpatWriter::lateV3Skin, the same code BpatWriter
// runs); v3 contact records are written at their place in the contact table, one seek per run,
// from the stored clip or computed from the frames (VersionConverter::contactRecord) as the
// plan's StreamedFill says; the bind palette and bone parents follow at finish(). A plan made
// by VersionConverter::convert() / completeNewClips() from a document with clips to stream
// gives that StreamedFill.
//
// The plan is a BpatDocument holding every clip's name, fps, loops and frame count. A clip
// whose palette is empty is *streamed*: its frames arrive through appendFrames(), in order.
// Any other clip is *stored*: its palette and socket rows are written from memory when its
// turn comes. Socket rows of streamed frames are computed here (BpatDocument::computeSocketRow)
// and written at their place in the socket section (one seek per run of frames; a file without
// sockets is written strictly in order).
//
// Every frame that passes, streamed or stored, can be deep-checked on the way
// (setDeepChecks): the findings are exactly those the Validator's deep pass would report on
// the finished file (deepFindings(), in the Validator's order).
#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatWriter.h"
#include "bpat/Validator.h"
#include "bpat/VersionConverter.h"
#include "diagnostics/DiagnosticSink.h"

#include <QByteArray>
#include <QList>
#include <memory>
#include <optional>

class QIODevice;

namespace bpat {

class DeepChecker;
class DeepLocator;

class BpatStreamWriter
{
public:
    // `plan` must outlive the writer. Its stored clips must be consistent (BpatDocument keeps
    // them so); streamed clips need frameCount > 0 and an empty palette.
    explicit BpatStreamWriter(const BpatDocument &plan);
    // `fill`: what the writer computes from the streamed frames (contacts, a bind pose taken from
    // the first frame), as the conversion of the plan left it.
    BpatStreamWriter(const BpatDocument &plan, const StreamedFill &fill);
    ~BpatStreamWriter();
    BpatStreamWriter(const BpatStreamWriter &) = delete;
    BpatStreamWriter &operator=(const BpatStreamWriter &) = delete;

    const BpatLayout &layout() const { return m_layout; }
    // Header, tables, string table and pad: the first layout().paletteDataOffset bytes.
    const QByteArray &head() const { return m_head; }
    // Late v3: the bind palette and bone parent blocks (offset, bytes) as they will be written,
    // once known (before begin(), or after the first frame when it is the bind pose); what the
    // structural checks read besides the head. Empty in other versions.
    bool trailerKnown() const { return !m_fill.bindFromFirstFrame || m_bindReady; }
    QList<std::pair<quint64, QByteArray>> trailer() const;
    // The Validator's structural checks (no deep pass) of the file to be written, before its
    // frames are: they read only the header, the tables, the sizes and the trailer(), so a
    // sparse temporary file (head, holes, trailer) stands in for it. Needs trailerKnown().
    std::optional<ValidationResult> structuralCheck(ValidationProfile profile, const QString &path, QString *error) const;
    // Late v3: the bind palette written (column-major; the first frame's with bindFromFirstFrame).
    const QList<float> &bindPalette() const { return m_bindPalette; }
    static bool isStreamed(const BpatClip &clip) { return clip.palette.isEmpty() && clip.frameCount > 0; }

    // Deep-check every frame as it is written (Validator's deep checks with these options;
    // progress and cancel are not used). Call before begin().
    void setDeepChecks(const ValidationOptions &options);

    // Writes the head and every stored clip up to the first streamed one.
    bool begin(QIODevice *device, QString *error = nullptr);
    // Index (in the plan) of the clip the next appendFrames() belongs to; -1 when none is left.
    int currentClip() const { return m_clip; }
    // `count` frames (boneCount x 16 row-major global floats each) of the current streamed clip; may
    // not run past its frame count. Writes their socket rows and any stored clips that follow.
    bool appendFrames(const float *palette, quint32 count, QString *error = nullptr);
    // Like appendFrames(), for frames read from a file (bpat convert): their socket rows are
    // written as given (null: computed), and late v3 keeps `storedSkin` (the file's skinning
    // floats of these frames, or null) wherever the global is unchanged, as BpatWriter does.
    // `storedGlobals` (or null): the globals `storedSkin` gives, as GlobalPalette::read computes
    // them, when the caller holds them (bpat fix): compared instead of computing them again.
    bool appendFileFrames(const float *palette, const float *socketRows, const float *storedSkin, quint32 count,
                          QString *error = nullptr, const float *storedGlobals = nullptr);
    // Frames as the file stores them (late v3: column-major skinning matrices against the
    // plan's bind palette; else row-major globals, as appendFileFrames), with their socket rows
    // (when the file has sockets) and, in late v3, contact records held by the plan for this
    // clip (when the file has a contact table): written as given, deep-checked (bpat fix of a
    // long clip, TranslatedRun).
    bool appendStoredFrames(const float *matrices, const float *socketRows, quint32 count, QString *error = nullptr);
    // True when every frame of every clip was written.
    bool finish(QString *error = nullptr);

    // The deep findings (spec profile severities; replay them into another profile's sink),
    // complete after finish().
    Diagnostics deepFindings() const;
    // The verdict on the whole file written: `structural` (structuralCheck() in `profile`) with
    // the deep findings added as the Validator's deep pass adds them. What every streaming writer
    // judges its output by before it replaces anything, after finish().
    ValidationResult withDeepFindings(const ValidationResult &structural, ValidationProfile profile) const;

private:
    bool writeAt(quint64 offset, const char *data, qint64 size, QString *error);
    bool writeFloatsAt(quint64 offset, const float *floats, quint64 count, QString *error);
    // Bind pose for contacts and late v3 skinning: the plan's, or `firstFrame`'s (bindFromFirstFrame).
    bool prepareBind(const float *firstFrame, QString *error);
    // `storedContacts` / `storedSkin`: a stored clip's records and late-v3 floats for these
    // frames, or null.
    // The frames of the current clip, with the plan's contact records for them (appendFileFrames,
    // appendStoredFrames).
    bool appendToClip(const float *palette, const float *socketRows, const float *storedSkin, quint32 count, QString *error,
                      const float *storedGlobals, const float *skin);
    // `skin` (late v3, or null): the matrices to write as they are, `palette` then unused.
    bool emitFrames(const float *palette, const float *socketRows, const float *storedContacts, const float *storedSkin,
                    quint32 count, QString *error, const float *storedGlobals = nullptr, const float *skin = nullptr);
    bool advance(QString *error); // writes stored clips until a streamed one (or the end)
    // The deep checkers, once the bind palette is known (late v3 checks against it).
    void prepareChecks();

    const BpatDocument &m_plan;
    StreamedFill m_fill;
    bool m_late = false; // late v3: skinning matrices
    bool m_bindReady = false;
    QList<float> m_bindPalette; // late v3: column-major, as written (empty: none)
    QList<QMatrix4x4> m_inverseBind;
    QList<QMatrix4x4> m_contactBind;
    QList<QMatrix4x4> m_contactInverseBind;
    BpatLayout m_layout;
    QByteArray m_head;
    BpatFile m_headFile; // the head alone: header, tables and names for the deep checks
    QIODevice *m_device = nullptr;
    quint64 m_position = 0;    // the device's position
    int m_clip = -1;           // current clip
    quint32 m_clipDone = 0;    // frames of the current clip written
    quint32 m_globalFrame = 0; // frames written in all
    QList<float> m_socketScratch;
    QList<float> m_orderScratch; // big-endian hosts only
    QList<float> m_skinScratch;
    QList<float> m_contactScratch;
    ValidationOptions m_checkOptions;
    std::unique_ptr<DiagnosticSink> m_paletteSink;
    std::unique_ptr<DiagnosticSink> m_socketSink;
    std::unique_ptr<DeepChecker> m_paletteChecker;
    std::unique_ptr<DeepChecker> m_socketChecker;
    std::unique_ptr<DiagnosticSink> m_contactSink;
    std::unique_ptr<DeepLocator> m_contactWhere; // v3
    bool m_finished = false;
};

} // namespace bpat
