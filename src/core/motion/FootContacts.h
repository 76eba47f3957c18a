#pragma once
// Which feet stand on the ground at each frame of one clip, for the timeline's contact bars, the
// viewport's planted-foot mark and the Contacts table.
//
// Per foot (the bones the game's baker reads contacts from, MotionRig::feet): the height of its
// global origin at every frame, and whether it is planted there by the planted-foot rule of
// specs/motion-analysis.md, applied per foot: within 0.015 m of that foot's lowest height in the
// clip (GaitAnalyzer's contact_retreat uses the same rule on the left foot). Where the file has a
// v3 contact table, the clip's records too: sole_y and foot_y per frame as the game's baker wrote
// them, and "grounded" by the same rule on foot_y (the lowest foot) against its lowest in the
// clip. Everything is read in place (OriginReader); nothing is kept of the file.
#include <QBitArray>
#include <QList>
#include <QString>

namespace bpat {

class BpatFile;

class FootContacts
{
public:
    // Metres above the clip's lowest height that still count as on the ground.
    static constexpr float PlantedBand = 0.015f;
    // Longer clips are not read (a note says so): 16 MiB of heights for four feet.
    static constexpr quint32 MaxFrames = 1u << 20;

    struct Foot
    {
        int bone = -1;
        QString label;       // "foot_l", "front_r" (MotionRig::footLabels)
        QString boneName;    // "FootL", "FF.R"
        QList<float> height; // y of the foot's global origin per frame (metres)
        float lowest = 0.0f; // its lowest finite height in the clip
        QBitArray planted;   // per frame
    };

    // The contacts of clip `clip` of `file` (any dialect). An unknown rig, a clip that is not in
    // the file or one longer than MaxFrames gives no feet, with note() saying why.
    static FootContacts of(const BpatFile &file, int clip);

    int clip() const { return m_clip; }
    quint32 frames() const { return m_frames; }
    const QList<Foot> &feet() const { return m_feet; }
    bool isPlanted(int foot, quint32 frame) const;
    // The feet planted at `frame` (indices into feet()).
    QList<int> plantedFeet(quint32 frame) const;

    // The clip's v3 contact records (sole_y, foot_y per frame), when the file has a table.
    bool hasContactTable() const { return !m_soleY.isEmpty(); }
    const QList<float> &soleY() const { return m_soleY; }
    const QList<float> &footY() const { return m_footY; }
    float lowestFootY() const { return m_lowestFootY; }
    bool isGrounded(quint32 frame) const; // the table's foot_y within PlantedBand of its lowest
    // The clip's flag: the game plants the creature from these records (false for riding_ and
    // showcase_ clips, and files without flags).
    bool suppliesGroundContact() const { return m_supplies; }

    // Why there are no feet or no records (empty when both are there).
    QString note() const { return m_note; }

private:
    int m_clip = -1;
    quint32 m_frames = 0;
    QList<Foot> m_feet;
    QList<float> m_soleY;
    QList<float> m_footY;
    float m_lowestFootY = 0.0f;
    QBitArray m_grounded;
    bool m_supplies = false;
    QString m_note;
};

} // namespace bpat
