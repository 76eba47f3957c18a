#pragma once
// The real 14.5-second HoloLens 2 hand recording of ../shared (version 1.0, 389 curves, 118,089
// keys, 3,311,020 bytes), for the plot tests. Skips the calling test when it is absent, and
// when the file on disk is not that recording (damaged copy), saying so.
#include "anim/InputAnimationReader.h"
#include "TestPaths.h"

#include <QFileInfo>
#include <memory>

namespace realrecording {

inline const QString Relative = QStringLiteral("mrtk_samples/holographic-recording_InputAnimation-20201027-134946.bin");
constexpr qint64 Size = 3311020;

// Null with `reason` set when the recording cannot be read; `unavailable` tells an absent or
// damaged file (skip) from a reader failure on the genuine file (fail).
inline std::shared_ptr<const bpat::InputAnimation> read(QString *reason, bool *unavailable)
{
    *unavailable = true;
    QString *skipReason = reason;
    const QString path = testpaths::shared(Relative);
    const QFileInfo info(path);
    if (!info.exists()) {
        *skipReason = QStringLiteral("shared asset not found: ") + path;
        return nullptr;
    }
    if (info.size() != Size) {
        *skipReason = QStringLiteral("shared recording is damaged: %1 has %2 bytes, the recording has %3")
                          .arg(path)
                          .arg(info.size())
                          .arg(Size);
        return nullptr;
    }
    *unavailable = false;
    bpat::InputAnimationReader reader;
    auto animation = reader.readFile(path);
    if (!animation) {
        *reason = reader.errorString();
        return nullptr;
    }
    return std::make_shared<const bpat::InputAnimation>(std::move(*animation));
}

} // namespace realrecording

// Declares `animation` in the calling test function; skips the test when the recording is
// absent or damaged, fails it when the genuine recording does not read.
#define BPAT_REAL_RECORDING(animation)                                                                                           \
    QString animation##Reason;                                                                                                   \
    bool animation##Unavailable = false;                                                                                         \
    const auto animation = realrecording::read(&animation##Reason, &animation##Unavailable);                                     \
    if (!animation && animation##Unavailable)                                                                                    \
        BPAT_SKIP_SHARED(animation##Reason);                                                                                     \
    QVERIFY2(animation, qPrintable(animation##Reason))
