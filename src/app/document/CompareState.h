#pragma once
// Compare mode: a second BPAT file (B) held beside the open document (A), and what `bpat diff`
// found between them (diff::FileDiff), observed by the panels like the rest of the context:
// the Clips panel marks the clips that differ, the Palette panel shows each bone's difference
// at the current frame against B's paired clip at the same frame, the Differences dock lists the
// changes and the viewport draws B as a ghost. The StudioContext owns one
// (StudioContext::compare()); CompareActions starts, refreshes and stops it.
#include "diff/DiffChange.h"
#include "diff/MatrixDelta.h"

#include <QObject>
#include <QString>

#include <memory>
#include <optional>

namespace bpat {
class BpatFile;
}

namespace bpat::studio {

class CompareState : public QObject
{
    Q_OBJECT
public:
    explicit CompareState(QObject *parent = nullptr);
    ~CompareState() override;

    bool isActive() const { return m_other != nullptr; }
    QString path() const { return m_path; }
    const BpatFile *other() const { return m_other.get(); } // B; null when not comparing
    std::shared_ptr<const BpatFile> sharedOther() const { return m_other; }
    // The comparison of the open document with B (none until it is made, and after A changed).
    bool hasResult() const { return m_hasResult; }
    const diff::DiffResult &result() const { return m_result; }
    double tolerance() const { return m_result.tolerance; }

    // B's clip paired with clip `clipA` of the open document (-1: none, or no result yet).
    int partnerOf(int clipA) const;
    // B's socket paired with socket `socketA` (-1: none).
    int socketPartnerOf(int socketA) const;
    bool clipDiffers(int clipA) const;
    // The changes of one clip of A (indices into result().changes).
    QList<int> changesOfClip(int clipA) const;
    // A short word for the Clips panel: "same", "motion", "fps, motion", "renamed to X",
    // "only in A"; empty without a result.
    QString clipStatus(int clipA) const;

    // How the frames of clip `clipA` and its partner pair (null without a result or a partner):
    // the identity for equal frame counts, a trim or a resample otherwise (diff/ClipAlignment).
    const diff::FrameAlignment *alignmentOf(int clipA) const;
    // For the Palette panel: which frame of B goes with `frame`, where the clips' frame counts
    // differ ("with frame 3 of the other file (trimmed: B is frames 4-19 of A)"); empty otherwise.
    QString frameNote(int clipA, int frame) const;

    // One bone's (or socket row's) difference between A's clip at `frame` and the frame of B's
    // paired clip that goes with it (FrameAlignment; frame for frame, clamped to B's frames,
    // where both have one frame count); nullopt without a partner, a paired frame or a matrix.
    std::optional<diff::MatrixDelta> boneDelta(const BpatFile &a, int clipA, int frame, int bone) const;
    std::optional<diff::MatrixDelta> socketDelta(const BpatFile &a, int clipA, int frame, int socketA) const;

    // Starts comparing with `file` (read from `path`); the result follows with setResult().
    void setOther(std::shared_ptr<const BpatFile> file, const QString &path);
    void setResult(diff::DiffResult result);
    void invalidate(); // A changed: the result no longer applies (B is kept)
    void clear();      // stop comparing

Q_SIGNALS:
    void changed(); // started, stopped, a new result, or the result dropped

private:
    std::optional<quint32> otherFrame(int clipA, int frame) const;

    std::shared_ptr<const BpatFile> m_other;
    QString m_path;
    diff::DiffResult m_result;
    bool m_hasResult = false;
    QList<int> m_partner;        // per clip of A
    QList<QList<int>> m_changes; // per clip of A
    QList<int> m_socketPartner;  // per socket of A
};

} // namespace bpat::studio
