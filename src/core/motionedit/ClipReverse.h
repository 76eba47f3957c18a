#pragma once
// A clip played backwards (issue 41): its frames in reverse order (the palette's matrices, socket
// rows, v3 contact records and late v3's stored skinning floats moved whole, never recomputed),
// and its markers mirrored in phase (p -> 1 - p; unset markers stay unset). Reversing twice gives
// back the very bytes.
//
// The phases are float32 and 1 - p cannot be exact for every float (there are more floats below
// 0.5 than above it), so the phase is mirrored as the decimal people typed: the shortest decimal
// that reads back as p (0.1f is "0.1"), subtracted from 1 exactly, then read as a float. Every
// phase written as a decimal of up to 7 significant digits (every phase of the game's files)
// comes back bit for bit; another comes back within one float step (6e-8 of the clip).
#include "bpat/BpatDocument.h"

namespace bpat {

class ClipReverse
{
public:
    static BpatClip reversed(const BpatClip &clip, quint32 boneCount, int socketCount);
    static float reversedPhase(float phase);
};

} // namespace bpat
