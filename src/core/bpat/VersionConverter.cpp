#include "bpat/VersionConverter.h"

#include "species/Species.h"
#include "species/SpeciesRig.h"

#include <algorithm>
#include <limits>

namespace bpat {

namespace fmt = bpat::format;
using fmt::Dialect;

namespace {

// The rig the studio knows for the document's species and bone count (its feet, sole rule and
// parents), when no rig file is given.
std::optional<RigDescription> builtinRig(const BpatDocument &doc)
{
    const SpeciesRig *rig = SpeciesRig::find(doc.speciesId(), int(doc.boneCount()));
    return rig ? std::optional<RigDescription>(rig->description()) : std::nullopt;
}

// How many clips use what only v3 holds: flags other than the name rule's, a variant family of
// another clip (or an ordinal), contact records.
struct V3FieldsInUse
{
    int flagged = 0;
    int variants = 0;
    int contacts = 0;
};
V3FieldsInUse v3FieldsInUse(const BpatDocument &doc)
{
    V3FieldsInUse n;
    for (int i = 0; i < doc.clipCount(); ++i) {
        const BpatClip &c = doc.clip(i);
        n.flagged += c.flags != fmt::defaultClipFlags(c.name) ? 1 : 0;
        n.variants += (c.variantFamily >= 0 && c.variantFamily != i) || c.variantOrdinal != 0 ? 1 : 0;
        n.contacts += c.contacts.isEmpty() ? 0 : 1;
    }
    return n;
}

bool anyMarkerSet(const BpatClip &c)
{
    return std::any_of(c.markers.begin(), c.markers.end(), [](float v) { return v != -1.0f; });
}

// A streaming plan's clip whose frames are still to come (BpatStreamWriter::isStreamed).
bool isStreamed(const BpatClip &c)
{
    return c.palette.isEmpty() && c.frameCount > 0;
}
bool anyStreamed(const BpatDocument &doc)
{
    return std::any_of(doc.clips().begin(), doc.clips().end(), isStreamed);
}

} // namespace

std::optional<QList<QMatrix4x4>> VersionConverter::framePose(const BpatDocument &doc, int clip, quint32 frame, QString *error)
{
    if (clip < 0 || clip >= doc.clipCount()) {
        if (error)
            *error = QStringLiteral("no clip %1 for the bind pose (the document has %2)").arg(clip).arg(doc.clipCount());
        return std::nullopt;
    }
    const BpatClip &c = doc.clip(clip);
    if (frame >= c.frameCount) {
        if (error)
            *error =
                QStringLiteral("clip '%1' has %2 frames; bind frame %3 does not exist").arg(c.name).arg(c.frameCount).arg(frame);
        return std::nullopt;
    }
    QList<QMatrix4x4> pose;
    for (quint32 b = 0; b < doc.boneCount(); ++b)
        pose.append(c.matrix(frame, b, doc.boneCount()));
    return pose;
}

std::pair<float, float> VersionConverter::contactRecord(const float *frame, quint32 boneCount, const QList<int> &feet,
                                                        RigDescription::SoleRule rule, const QList<QMatrix4x4> &bind,
                                                        const QList<QMatrix4x4> &inverseBind)
{
    // The game's sole points of a humanoid foot, in the foot bone's frame.
    static const QVector3D solePoints[2] = {QVector3D(0.0f, -0.022f, -0.060f), QVector3D(0.0f, -0.022f, 0.165f)};
    float sole = 0.0f;
    float foot = 0.0f;
    bool first = true;
    for (int footBone : feet) {
        if (footBone < 0 || quint32(footBone) >= boneCount || footBone >= bind.size())
            continue;
        const QMatrix4x4 g(frame + qsizetype(footBone) * 16); // row-major constructor
        float footSole = std::numeric_limits<float>::max();
        if (rule == RigDescription::SoleRule::Humanoid) {
            for (const QVector3D &p : solePoints)
                footSole = std::min(footSole, g.map(p).y() - bind.at(footBone).map(p).y());
        } else {
            footSole = (g * inverseBind.at(footBone)).column(3).y();
        }
        const float footY = g.column(3).y();
        sole = first ? footSole : std::min(sole, footSole);
        foot = first ? footY : std::min(foot, footY);
        first = false;
    }
    return {sole, foot};
}

void VersionConverter::computeContacts(BpatDocument &doc, const QList<int> &feet, RigDescription::SoleRule rule,
                                       const QList<QMatrix4x4> &bind, bool onlyMissing)
{
    const quint32 bones = doc.boneCount();
    QList<QMatrix4x4> inverseBind;
    for (const QMatrix4x4 &b : bind)
        inverseBind.append(b.inverted());
    for (int i = 0; i < doc.clipCount(); ++i) {
        BpatClip &c = doc.clip(i);
        if (onlyMissing && c.contacts.size() == qsizetype(c.frameCount) * 2)
            continue;
        if (c.palette.size() != qsizetype(c.frameCount) * bones * 16) {
            c.contacts.clear(); // no frames to compute them from
            continue;
        }
        c.contacts.resize(qsizetype(c.frameCount) * 2);
        for (quint32 f = 0; f < c.frameCount; ++f) {
            const auto [sole, foot] =
                contactRecord(c.palette.constData() + BpatClip::matrixIndex(f, 0, bones), bones, feet, rule, bind, inverseBind);
            c.contacts[qsizetype(f) * 2] = sole;
            c.contacts[qsizetype(f) * 2 + 1] = foot;
        }
    }
}

QStringList VersionConverter::completeNewClips(BpatDocument &doc, const std::optional<RigDescription> &rigOption,
                                               StreamedFill *streamed)
{
    QStringList warnings;
    if (doc.version() != 3 || doc.hasContacts())
        return warnings;
    bool any = false;
    for (const BpatClip &c : doc.clips())
        any |= !c.contacts.isEmpty();
    if (!any)
        return warnings;
    std::optional<RigDescription> rig = rigOption ? rigOption : builtinRig(doc);
    QList<QMatrix4x4> bind;
    const bool planned = streamed && anyStreamed(doc);
    const bool bindLater = planned && !doc.hasBindPalette() && isStreamed(doc.clip(0));
    if (doc.hasBindPalette()) {
        for (quint32 b = 0; b < doc.boneCount(); ++b)
            bind.append(doc.bindMatrix(b));
    } else if (bindLater) {
        bind.fill(QMatrix4x4(), qsizetype(doc.boneCount())); // frame 0 of clip 0, once streamed
    } else if (const auto pose = framePose(doc, 0, 0)) {
        bind = *pose;
    }
    if (rig && rig->boneCount() == int(doc.boneCount()) && !rig->footBones.isEmpty()
        && bind.size() == qsizetype(doc.boneCount())) {
        if (planned) {
            // The writer computes the new clips' records (and the stored clips' missing ones) as
            // their frames pass.
            streamed->contacts = true;
            streamed->feet = rig->footBones;
            streamed->soleRule = rig->soleRule;
            streamed->bindFromFirstFrame = bindLater;
            if (!bindLater)
                streamed->bind = bind;
        } else {
            computeContacts(doc, rig->footBones, rig->soleRule, bind, true);
        }
    } else {
        warnings << QStringLiteral(
            "dropped the contact table: the new clips' contacts cannot be computed without a rig naming feet");
        for (int i = 0; i < doc.clipCount(); ++i)
            doc.clip(i).contacts.clear();
    }
    return warnings;
}

QStringList VersionConverter::dropped(const BpatDocument &doc, Dialect target)
{
    QStringList out;
    const quint32 fromVersion = doc.version();
    const quint32 toVersion = fmt::versionOf(target);
    if (toVersion < 3 && fromVersion == 3) {
        const auto [flagged, variants, contacts] = v3FieldsInUse(doc);
        if (flagged > 0)
            out << QStringLiteral("the v3 clip flags (%1 clip(s) differ from the name rule)").arg(flagged);
        if (variants > 0)
            out << QStringLiteral("the variant families (%1 clip(s) in a family of another clip)").arg(variants);
        if (contacts > 0)
            out << QStringLiteral("the contact table (%1 clip(s) have contact records)").arg(contacts);
    }
    if (toVersion < 2 && fromVersion >= 2) {
        int marked = 0;
        for (const BpatClip &c : doc.clips())
            marked += anyMarkerSet(c) ? 1 : 0;
        if (marked > 0)
            out << QStringLiteral("the markers of %1 clip(s) (v1 has no markers)").arg(marked);
    }
    if (target != Dialect::V3Late && doc.dialect() == Dialect::V3Late && (doc.hasBindPalette() || !doc.boneParents().isEmpty()))
        out << QStringLiteral("the bind palette and bone parent table (only late v3 holds them)");
    return out;
}

ConvertResult VersionConverter::convert(BpatDocument &doc, const ConvertOptions &options)
{
    ConvertResult result;
    const Dialect from = doc.dialect();
    const Dialect to = options.target;
    if (to == Dialect::Unknown) {
        result.error = QStringLiteral("unknown target version");
        return result;
    }
    const quint32 fromVersion = doc.version();
    const quint32 toVersion = fmt::versionOf(to);
    auto warn = [&](const QString &text) { result.warnings << text; };

    // --- Going down: drop what the target cannot hold ---
    if (toVersion < 3 && fromVersion == 3) {
        const auto [flagged, variants, contacts] = v3FieldsInUse(doc);
        if (flagged > 0)
            warn(QStringLiteral("dropped the v3 clip flags (%1 clip(s) differ from the name rule)").arg(flagged));
        if (variants > 0)
            warn(QStringLiteral("dropped the variant families (%1 clip(s) in a family of another clip)").arg(variants));
        if (contacts > 0)
            warn(QStringLiteral("dropped the contact table (%1 clip(s) had contact records)").arg(contacts));
        for (int i = 0; i < doc.clipCount(); ++i)
            doc.clip(i).contacts.clear();
    }
    if (toVersion < 2 && fromVersion >= 2) {
        int marked = 0;
        for (const BpatClip &c : doc.clips())
            marked += anyMarkerSet(c) ? 1 : 0;
        if (marked > 0)
            warn(QStringLiteral("dropped the markers of %1 clip(s) (v1 has no markers)").arg(marked));
        for (int i = 0; i < doc.clipCount(); ++i)
            doc.clip(i).markers.fill(-1.0f);
    }
    if (to != Dialect::V3Late && from == Dialect::V3Late) {
        if (doc.hasBindPalette() || !doc.boneParents().isEmpty())
            warn(QStringLiteral("dropped the bind palette and bone parent table (only late v3 holds them); "
                                "palettes are written as row-major global matrices"));
        doc.setBindPalette({});
        doc.setBoneParents({});
    }
    if (toVersion == 1 && !Species::inFirstV1Reader(doc.speciesId()))
        warn(QStringLiteral("species %1 (%2) is not known to the game's v1 reader (%3)")
                 .arg(doc.speciesId())
                 .arg(Species::nameOf(doc.speciesId()), Species::idRange(true)));

    // --- Going up: fill what the target adds ---
    if (toVersion == 3 && fromVersion < 3) {
        for (int i = 0; i < doc.clipCount(); ++i) {
            BpatClip &c = doc.clip(i);
            c.flags = fmt::defaultClipFlags(c.name);
            c.variantFamily = i;
            c.variantOrdinal = 0;
        }
    }
    std::optional<RigDescription> rig = options.rig;
    if (!rig)
        rig = builtinRig(doc);
    if (rig && rig->boneCount() != int(doc.boneCount())) {
        warn(QStringLiteral("the rig '%1' has %2 bones, the file %3: its parents and feet are not used")
                 .arg(rig->name)
                 .arg(rig->boneCount())
                 .arg(doc.boneCount()));
        rig.reset();
    }

    const bool needBind = (to == Dialect::V3Late) || (toVersion == 3 && !doc.hasContacts());
    // A streaming plan: what needs the frames of clips still to come is left to the writer.
    const bool planned = anyStreamed(doc);
    StreamedFill &fill = result.streamed;
    QList<QMatrix4x4> bind;
    if (needBind) {
        if (options.bindGlobals) {
            bind = *options.bindGlobals;
        } else if (doc.hasBindPalette()) {
            for (quint32 b = 0; b < doc.boneCount(); ++b)
                bind.append(doc.bindMatrix(b));
        } else if (planned && isStreamed(doc.clip(0))) {
            fill.bindFromFirstFrame = true; // frame 0 of clip 0: checked by the writer when it comes
            bind.fill(QMatrix4x4(), qsizetype(doc.boneCount()));
        } else {
            QString why;
            const auto pose = framePose(doc, 0, 0, &why);
            if (!pose) {
                result.error = why;
                return result;
            }
            bind = *pose;
        }
        if (bind.size() != qsizetype(doc.boneCount())) {
            result.error =
                QStringLiteral("the bind pose has %1 matrices, expected one per bone (%2)").arg(bind.size()).arg(doc.boneCount());
            return result;
        }
        for (qsizetype b = 0; !fill.bindFromFirstFrame && b < bind.size(); ++b) {
            bool invertible = false;
            (void)bind.at(b).inverted(&invertible);
            if (!invertible) {
                result.error = QStringLiteral("the bind matrix of bone %1 is not invertible").arg(b);
                return result;
            }
        }
    }
    if (toVersion == 3 && !doc.hasContacts()) {
        if (rig && !rig->footBones.isEmpty() && planned) {
            for (int i = 0; i < doc.clipCount(); ++i)
                doc.clip(i).contacts.clear(); // every clip's records, as its frames pass
            fill.contacts = true;
            fill.feet = rig->footBones;
            fill.soleRule = rig->soleRule;
            if (!fill.bindFromFirstFrame)
                fill.bind = bind;
        } else if (rig && !rig->footBones.isEmpty()) {
            computeContacts(doc, rig->footBones, rig->soleRule, bind);
        } else {
            warn(QStringLiteral("no contact table: no rig with feet for species %1 with %2 bones (use --rig)")
                     .arg(doc.speciesId())
                     .arg(doc.boneCount()));
            for (int i = 0; i < doc.clipCount(); ++i)
                doc.clip(i).contacts.clear();
        }
    }
    if (to == Dialect::V3Late) {
        const bool keepBind = from == Dialect::V3Late && doc.hasBindPalette() && !options.bindGlobals;
        if (!keepBind)
            doc.setBindMatrices(bind); // a placeholder with fill.bindFromFirstFrame: the writer sets it
        if (doc.boneParents().isEmpty() || options.rig) {
            QList<quint8> parents;
            if (rig) {
                for (const RigBoneDescription &b : rig->bones)
                    parents.append(b.parent < 0 ? fmt::NoParentBone : quint8(b.parent));
            } else {
                warn(QStringLiteral("no rig for species %1 with %2 bones: every bone is written as a root (use --rig)")
                         .arg(doc.speciesId())
                         .arg(doc.boneCount()));
                parents.fill(fmt::NoParentBone, qsizetype(doc.boneCount()));
            }
            doc.setBoneParents(parents);
        }
    }
    if (to != Dialect::V3Late || from != Dialect::V3Late)
        doc.clearStoredSkin();
    doc.setDialect(to);
    result.ok = true;
    return result;
}

} // namespace bpat
