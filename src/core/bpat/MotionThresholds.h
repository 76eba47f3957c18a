#pragma once
// The thresholds of the motion lint (the `motion` validation profile, docs/validation.md), with
// their defaults. Set on the command line (`--motion-tolerance KEY=VALUE`) or from a small JSON
// file of the same keys ({"pop_factor": 5, "stretch": 0.2}). Part of the validation options
// (bpat/Validator), beside the other profiles' settings; the lint that reads them is motion/'s.
#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <optional>

namespace bpat {

struct MotionThresholds
{
    // MOTION_POP / LOOP_SEAM: a bone's step between two frames is a pop when it is longer than
    // popMinimum metres and popFactor times the steps around it and the clip's usual step
    // (the bone's median step); it is an error when wholeBody of the bones jump together.
    double popFactor = 4.0;
    double popMinimum = 0.05;
    double wholeBody = 0.5;
    // BONE_STRETCH: a bone's distance to its parent differs from its median in the clip by more
    // than this fraction; bones shorter than stretchMinLength metres are not judged.
    double stretch = 0.10;
    double stretchMinLength = 0.02;
    // FOOT_BELOW_GROUND: a foot origin more than this many metres below the file's ground.
    double ground = 0.05;
    // CONTACT_MISMATCH: a contact record's foot_y differs from the feet by more than this (m).
    double contact = 0.001;

    // "pop_factor", "pop_min", "whole_body", "stretch", "stretch_min_length", "ground", "contact".
    static QStringList keys();
    // Sets one threshold; false with *error ("unknown key 'x' (expected ...)", "expected a
    // number > 0") otherwise.
    bool set(const QString &key, double value, QString *error);
    // "pop_factor=5": set() from KEY=VALUE text.
    bool setFromText(const QString &keyValue, QString *error);
    // A JSON object of keys and numbers; nullopt with *error naming the key otherwise.
    static std::optional<MotionThresholds> fromJson(const QByteArray &json, QString *error);
    QJsonObject toJson() const;
};

} // namespace bpat
