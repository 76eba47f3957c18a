#include "repair/RunWriter.h"

#include "bpat/BpatFormat.h"
#include "motionedit/MotionApply.h"

#include <array>

namespace bpat {

namespace fmt = bpat::format;

RunWriter::RunWriter(const BpatFile &file, BpatDocument &plan, BpatStreamWriter &writer, int clip, bool keepSkin)
    : m_file(file)
    , m_plan(plan)
    , m_writer(writer)
    , m_clip(clip)
    , m_keepSkin(keepSkin)
    , m_records(ContactRecords::forFile(file))
{
    // The plan's clips and this clip's records are written here (write()) while workers read
    // them (prepare()): made the plan's own now, so no write detaches a list they read.
    m_plan.clip(m_clip).contacts.detach();
}

void RunWriter::readRows(quint32 from, quint32 to, std::vector<float> &rows) const
{
    const int sockets = plan().socketCount();
    rows.resize(size_t(to - from) * size_t(sockets) * 12);
    if (sockets > 0) {
        const uchar *src = m_file.data() + *m_file.socketDataOffset() + firstStored(from) * quint64(sockets) * 48;
        for (size_t i = 0; i < rows.size(); ++i)
            rows[i] = fmt::readF32(src + 4 * i);
    }
}

template<class Motion, class Before, class After, class Frame, class Record>
int RunWriter::frameMoved(const Motion &motion, quint32 f, quint32 local, float *rows, Before before, After after, Frame frame,
                          Record record) const
{
    const quint32 bones = plan().boneCount();
    const int sockets = plan().socketCount();
    int moved = 0;
    for (int s = 0; s < sockets; ++s) {
        const quint32 anchor = plan().sockets().at(s).anchorBone;
        if (anchor >= bones || !motion.isChanged(local, int(anchor)))
            continue;
        MotionApply::moveSocketRow(before(int(anchor)), after(int(anchor)), plan().sockets().at(s).localOffset,
                                   rows + size_t(s) * 12);
        ++moved;
    }
    const BpatClip &c = plan().clip(m_clip);
    bool feetMoved = false;
    for (int foot : m_records.feet())
        feetMoved = feetMoved || motion.isChanged(local, foot);
    if (c.contacts.size() == qsizetype(c.frameCount) * 2 && m_records.isUsable() && feetMoved) {
        const float *rec = c.contacts.constData() + qsizetype(f) * 2;
        const auto [sole, foot] = m_records.record(frame(), bones, {rec[0], rec[1]});
        record(sole, foot);
    }
    return moved;
}

bool RunWriter::write(const ClipMotion &motion, quint32 from, quint32 to, int *contactRecords, int *socketRows, QString *error)
{
    const quint32 bones = m_plan.boneCount();
    const int sockets = m_plan.socketCount();
    const quint32 count = to - from;
    readRows(from, to, m_rows);
    m_globals.resize(size_t(count) * bones * 16);
    m_skin.resize(m_keepSkin ? size_t(count) * bones * 16 : 0);
    const uchar *palette = m_file.data() + m_file.paletteDataOffset() + firstStored(from) * bones * 64;
    for (size_t i = 0; i < m_skin.size(); ++i)
        m_skin[i] = fmt::readF32(palette + 4 * i);
    BpatClip &c = m_plan.clip(m_clip);
    for (quint32 f = from; f < to; ++f) {
        const quint32 local = f - motion.firstFrame();
        float *globals = m_globals.data() + size_t(f - from) * bones * 16;
        motion.globalFloats(local, globals);
        if (!motion.isFrameChanged(local))
            continue;
        const float *before = motion.originalFloats(local);
        *socketRows += frameMoved(
            motion, f, local, m_rows.data() + size_t(f - from) * size_t(sockets) * 12,
            [&](int anchor) { return before + size_t(anchor) * 16; }, [&](int anchor) { return globals + size_t(anchor) * 16; },
            [&] { return globals; },
            [&](float sole, float foot) {
                c.contacts[qsizetype(f) * 2] = sole;
                c.contacts[qsizetype(f) * 2 + 1] = foot;
                ++*contactRecords;
            });
    }
    // The motion's originals are what the stored skin gives (GlobalPalette::read): the writer
    // compares with them rather than multiplying every stored matrix by its bind again.
    const bool ok =
        m_writer.appendFileFrames(m_globals.data(), sockets > 0 ? m_rows.data() : nullptr, m_keepSkin ? m_skin.data() : nullptr,
                                  count, error, motion.originalFloats(from - motion.firstFrame()));
    release(from, to);
    return ok;
}

void RunWriter::prepare(Moved &moved, quint32 from, quint32 to) const
{
    TranslatedRun &run = moved.run;
    const int sockets = plan().socketCount();
    moved.from = from;
    moved.to = to;
    moved.records.clear();
    moved.socketRows = 0;
    readRows(from, to, moved.rows);
    std::array<float, 16> before{}, after{};
    std::vector<float> globals;
    for (quint32 f = from; f < to; ++f) {
        const quint32 local = f - run.firstFrame();
        if (!run.isFrameChanged(local))
            continue;
        moved.socketRows += frameMoved(
            run, f, local, moved.rows.data() + size_t(f - from) * size_t(sockets) * 12,
            [&](int anchor) {
                before = run.originalGlobal(local, anchor);
                return before.data();
            },
            [&](int anchor) {
                after = run.global(local, anchor);
                return after.data();
            },
            [&] {
                globals.resize(size_t(run.boneCount()) * 16);
                run.globalFloats(local, globals.data());
                return globals.data();
            },
            [&](float sole, float foot) {
                moved.records.append({f, sole, foot});
            });
    }
    run.settle(from - run.firstFrame(), to - run.firstFrame());
}

bool RunWriter::write(Moved &moved, int *contactRecords, int *socketRows, QString *error)
{
    BpatClip &c = m_plan.clip(m_clip);
    for (const Moved::Record &r : moved.records) {
        c.contacts[qsizetype(r.frame) * 2] = r.sole;
        c.contacts[qsizetype(r.frame) * 2 + 1] = r.foot;
    }
    *contactRecords += int(moved.records.size());
    *socketRows += moved.socketRows;
    const float *matrices = moved.run.storedFloats(moved.from - moved.run.firstFrame());
    const bool ok = m_writer.appendStoredFrames(matrices, m_plan.socketCount() > 0 ? moved.rows.data() : nullptr,
                                                moved.to - moved.from, error);
    release(moved.from, moved.to);
    return ok;
}

void RunWriter::release(quint32 from, quint32 to) const
{
    const quint64 frameBytes = quint64(m_plan.boneCount()) * 64;
    m_file.releasePages(m_file.paletteDataOffset() + firstStored(from) * frameBytes, quint64(to - from) * frameBytes);
}

} // namespace bpat
