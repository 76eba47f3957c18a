#pragma once
// The v3 contact records (sole_y, foot_y) of frames whose feet moved, computed as the game's baker
// computes them (VersionConverter::contactRecord, bpat-versions.md 5.4) from the edited globals:
// the feet and sole rule of the species' rig description, the bind pose of the file (late v3's
// bind palette). Early v3 holds no bind pose: there foot_y is recomputed exactly and sole_y moves
// by as much as foot_y did (the baker's rest pose is not in the file). What the motion editor
// uses so that an edit leaves no CONTACT_MISMATCH behind.
#include <QList>
#include <QMatrix4x4>
#include <QString>
#include <utility>

namespace bpat {

class BpatDocument;
class BpatFile;

class ContactRecords
{
public:
    static ContactRecords forDocument(const BpatDocument &document);
    static ContactRecords forFile(const BpatFile &file);

    // False when the records cannot be recomputed (no feet known for the rig): why() says so.
    bool isUsable() const { return !m_feet.isEmpty(); }
    QString why() const { return m_why; }
    const QList<int> &feet() const { return m_feet; }

    // The record of a frame of globals (boneCount x 16 row-major floats) whose stored record was
    // `stored`.
    std::pair<float, float> record(const float *frameGlobals, quint32 boneCount, std::pair<float, float> stored) const;

private:
    static ContactRecords make(quint32 speciesId, quint32 boneCount, const QList<QMatrix4x4> &bind);

    QList<int> m_feet;
    bool m_humanoidSole = false;
    QList<QMatrix4x4> m_bind; // empty: no bind pose (early v3)
    QList<QMatrix4x4> m_inverseBind;
    QString m_why;
};

} // namespace bpat
