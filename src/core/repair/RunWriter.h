#pragma once
// What a clip's repair hands BpatStreamWriter in bpat fix of a large file (StreamFixer), a run
// of frames at a time: the frames (from a ClipMotion, or a TranslatedRun's stored floats), their
// socket rows (a row moves with its anchor when the anchor moved) and the v3 contact records of
// frames whose feet moved (recomputed in the plan, which the writer writes them from).
//
// A TranslatedRun's run is prepared (its rows and records worked out) on any thread and written
// on the writer's, in order: prepare() reads the file, the plan's sockets and the records of its
// own frames and writes only into the Moved it is given; write() puts the records into the plan.
#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatStreamWriter.h"
#include "motionedit/ClipMotion.h"
#include "motionedit/ContactRecords.h"
#include "motionedit/TranslatedRun.h"

#include <QList>
#include <vector>

namespace bpat {

class RunWriter
{
public:
    // A run of a TranslatedRun, ready to be written: frames [from, to) of the clip.
    struct Moved
    {
        TranslatedRun run;
        quint32 from = 0, to = 0;
        std::vector<float> rows; // socket rows of [from, to)
        struct Record
        {
            quint32 frame = 0; // clip frame
            float sole = 0.0f, foot = 0.0f;
        };
        QList<Record> records; // contact records recomputed (feet moved)
        int socketRows = 0;    // socket rows moved
    };

    RunWriter(const BpatFile &file, BpatDocument &plan, BpatStreamWriter &writer, int clip, bool keepSkin);

    // Frames [from, to) of the clip, from `motion` (whose frame 0 is clip frame motion.firstFrame()).
    bool write(const ClipMotion &motion, quint32 from, quint32 to, int *contactRecords, int *socketRows, QString *error);
    // Frames [from, to) of `moved.run` (read over at least those frames): rows and records
    // worked out, the moves written into its floats. Any thread.
    void prepare(Moved &moved, quint32 from, quint32 to) const;
    // ... then written, in order, on the writer's thread.
    bool write(Moved &moved, int *contactRecords, int *socketRows, QString *error);

private:
    const BpatDocument &plan() const { return m_plan; } // what the workers read: no detach
    quint64 firstStored(quint32 clipFrame) const { return quint64(m_file.clips().at(m_clip).frameOffset) + clipFrame; }
    void readRows(quint32 from, quint32 to, std::vector<float> &rows) const;
    // A changed frame's socket rows anchored to a moved bone, and its contact record when a foot
    // moved: from the anchors' globals before and after, and the frame's globals after.
    template<class Motion, class Before, class After, class Frame, class Record>
    int frameMoved(const Motion &motion, quint32 f, quint32 local, float *rows, Before before, After after, Frame frame,
                   Record record) const;
    void release(quint32 from, quint32 to) const;

    const BpatFile &m_file;
    BpatDocument &m_plan;
    BpatStreamWriter &m_writer;
    int m_clip;
    bool m_keepSkin;
    ContactRecords m_records;
    std::vector<float> m_globals, m_rows, m_skin;
};

} // namespace bpat
