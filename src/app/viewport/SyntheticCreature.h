#pragma once
// A procedurally animated humanoid (the game's 20-bone rig) written as a real BPAT v1 file in
// memory: clips "walk" (looping) and "wave" (one-shot), sockets on both hands and the head.
// Used when the crowd benchmark is given no file and by tests that must not depend on ../shared.
#include "bpat/BpatDocument.h"

#include <QByteArray>

namespace bpat::studio {

class SyntheticCreature
{
public:
    static bpat::BpatDocument humanoidDocument(quint32 walkFrames = 24, quint32 waveFrames = 16);
    static QByteArray humanoidFileBytes(quint32 walkFrames = 24, quint32 waveFrames = 16);
};

} // namespace bpat::studio
