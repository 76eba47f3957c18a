#include "motionedit/MotionApply.h"

#include "bpat/BpatDocument.h"
#include "motionedit/ContactRecords.h"

#include <QVector3D>
#include <cstring>
#include <vector>

namespace bpat {

namespace {

Affine affineOf(const float *m)
{
    Affine a{};
    for (size_t k = 0; k < 12; ++k)
        a[k] = double(m[k]);
    a[15] = 1.0;
    return a;
}

} // namespace

void MotionApply::moveSocketRow(const float *oldAnchor, const float *newAnchor, const QVector3D &localOffset, float *row)
{
    const std::optional<Affine> inverseOld = LocalChannels::inverse(affineOf(oldAnchor));
    if (!inverseOld) {
        const std::array<float, 12> fresh = BpatDocument::computeSocketRow(newAnchor, localOffset);
        std::copy(fresh.begin(), fresh.end(), row);
        return;
    }
    Affine r{};
    for (size_t k = 0; k < 12; ++k)
        r[k] = double(row[k]);
    r[15] = 1.0;
    const Affine moved = LocalChannels::multiply(LocalChannels::multiply(affineOf(newAnchor), *inverseOld), r);
    for (size_t k = 0; k < 12; ++k)
        row[k] = float(moved[k]);
}

MotionApplyResult MotionApply::toDocument(BpatDocument &document, int clip, const ClipMotion &motion)
{
    MotionApplyResult r;
    if (clip < 0 || clip >= document.clipCount()) {
        r.error = QStringLiteral("no clip %1 (the file has %2)").arg(clip).arg(document.clipCount());
        return r;
    }
    BpatClip &c = document.clip(clip);
    const quint32 bones = document.boneCount();
    if (motion.boneCount() != int(bones)) {
        r.error = QStringLiteral("the edit has %1 bones, the file %2").arg(motion.boneCount()).arg(bones);
        return r;
    }
    if (quint64(motion.firstFrame()) + motion.frameCount() > c.frameCount
        || c.palette.size() != qsizetype(c.frameCount) * qsizetype(bones) * 16) {
        r.error = QStringLiteral("frames %1..%2 are not in clip '%3' of %4 frames")
                      .arg(motion.firstFrame())
                      .arg(quint64(motion.firstFrame()) + motion.frameCount())
                      .arg(c.name)
                      .arg(c.frameCount);
        return r;
    }
    r.change = MotionChange::of(motion);
    const int sockets = document.socketCount();
    const bool rows = c.socketRows.size() == qsizetype(c.frameCount) * sockets * 12;
    const bool contacts = c.contacts.size() == qsizetype(c.frameCount) * 2;
    const ContactRecords records = contacts ? ContactRecords::forDocument(document) : ContactRecords();
    if (contacts && !records.isUsable() && !r.change.isEmpty())
        r.notes << records.why();
    std::vector<float> frame(size_t(bones) * 16);
    for (quint32 f : r.change.frames) {
        const quint32 local = f - motion.firstFrame();
        motion.globalFloats(local, frame.data());
        float *stored = c.palette.data() + BpatClip::matrixIndex(f, 0, bones);
        for (int s = 0; rows && s < sockets; ++s) {
            const quint32 anchor = document.sockets().at(s).anchorBone;
            if (anchor >= bones || !motion.isChanged(local, int(anchor)))
                continue;
            float *row = c.socketRows.data() + (qsizetype(f) * sockets + s) * 12;
            moveSocketRow(stored + anchor * 16, frame.data() + anchor * 16, document.sockets().at(s).localOffset, row);
            ++r.socketRows;
        }
        bool feetMoved = false;
        for (int foot : records.feet())
            feetMoved = feetMoved || motion.isChanged(local, foot);
        std::memcpy(stored, frame.data(), frame.size() * sizeof(float));
        if (contacts && records.isUsable() && feetMoved) {
            float *rec = c.contacts.data() + qsizetype(f) * 2;
            const auto [sole, foot] = records.record(frame.data(), bones, {rec[0], rec[1]});
            rec[0] = sole;
            rec[1] = foot;
            ++r.contactRecords;
        }
    }
    r.ok = true;
    return r;
}

} // namespace bpat
