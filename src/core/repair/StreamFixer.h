#pragma once
// `bpat fix` of a file too large to hold as a document (FileFixer sends it here): the file stays
// mapped, the output is written front to back by BpatStreamWriter (deep-checked on the way, then
// replaced atomically), and only one clip's motion is held at a time. Clips the fix leaves alone
// are copied from the mapping with their stored bytes (FileConverter::streamClip). A clip of up
// to WholeClipPoses poses is repaired whole, by the very code MotionFixer runs (ClipRepairs), so
// both give the same bytes. A longer clip is repaired in runs (LongClipFixer): the pops, the bone
// lengths (in place, on a pool of threads ahead of the writer), contact records; the loop seam,
// the foot lock and the ground need the whole clip and say so. The lint runs over the mapped input before and over the output
// after, letting each page leave memory once read.
#include "bpat/BpatFile.h"
#include "repair/FileFixer.h"
#include "repair/LongClipFixer.h"

namespace bpat {

class StreamFixer
{
public:
    static constexpr quint64 WholeClipPoses = quint64(1) << 17; // about 40 MB of poses
    static constexpr quint32 RunFrames = LongClipFixer::RunFrames;

    static FileFixResult fix(const BpatFile &file, const QString &output, const FixOptions &options,
                             const std::atomic<bool> *cancel = nullptr);
};

} // namespace bpat
