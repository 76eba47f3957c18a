#pragma once
// Writes a BPAT v1 file front to back while its frames are still being computed, so a file of
// any size is written with a few megabytes of memory (rebakes, bakes). The layout is
// BpatWriter's (same header, tables and string table, from BpatWriter::headerAndTables), and
// the bytes are the ones BpatWriter would write for the finished document.
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
#include "diagnostics/DiagnosticSink.h"

#include <QByteArray>
#include <QList>
#include <memory>

class QIODevice;

namespace bpat {

class DeepChecker;

class BpatStreamWriter
{
public:
    // `plan` must outlive the writer. Its stored clips must be consistent (BpatDocument keeps
    // them so); streamed clips need frameCount > 0 and an empty palette.
    explicit BpatStreamWriter(const BpatDocument &plan);
    ~BpatStreamWriter();
    BpatStreamWriter(const BpatStreamWriter &) = delete;
    BpatStreamWriter &operator=(const BpatStreamWriter &) = delete;

    const BpatLayout &layout() const { return m_layout; }
    // Header, tables, string table and pad: the first layout().paletteDataOffset bytes.
    const QByteArray &head() const { return m_head; }
    static bool isStreamed(const BpatClip &clip) { return clip.palette.isEmpty() && clip.frameCount > 0; }

    // Deep-check every frame as it is written (Validator's deep checks with these options;
    // progress and cancel are not used). Call before begin().
    void setDeepChecks(const ValidationOptions &options);

    // Writes the head and every stored clip up to the first streamed one.
    bool begin(QIODevice *device, QString *error = nullptr);
    // Index (in the plan) of the clip the next appendFrames() belongs to; -1 when none is left.
    int currentClip() const { return m_clip; }
    // `count` frames (boneCount x 16 row-major floats each) of the current streamed clip; may
    // not run past its frame count. Writes their socket rows and any stored clips that follow.
    bool appendFrames(const float *palette, quint32 count, QString *error = nullptr);
    // True when every frame of every clip was written.
    bool finish(QString *error = nullptr);

    // The deep findings (spec profile severities; replay them into another profile's sink),
    // complete after finish().
    Diagnostics deepFindings() const;

private:
    bool writeAt(quint64 offset, const char *data, qint64 size, QString *error);
    bool emitFrames(const float *palette, const float *socketRows, quint32 count, QString *error);
    bool advance(QString *error); // writes stored clips until a streamed one (or the end)

    const BpatDocument &m_plan;
    BpatLayout m_layout;
    QByteArray m_head;
    BpatFile m_headFile; // the head alone: header, tables and names for the deep checks
    QIODevice *m_device = nullptr;
    quint64 m_position = 0;   // the device's position
    int m_clip = -1;          // current clip
    quint32 m_clipDone = 0;   // frames of the current clip written
    quint32 m_globalFrame = 0; // frames written in all
    QList<float> m_socketScratch;
    QList<float> m_orderScratch; // big-endian hosts only
    ValidationOptions m_checkOptions;
    std::unique_ptr<DiagnosticSink> m_paletteSink;
    std::unique_ptr<DiagnosticSink> m_socketSink;
    std::unique_ptr<DeepChecker> m_paletteChecker;
    std::unique_ptr<DeepChecker> m_socketChecker;
    bool m_finished = false;
};

} // namespace bpat
