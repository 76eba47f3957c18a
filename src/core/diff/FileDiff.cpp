#include "diff/FileDiff.h"

#include "bpat/BpatFile.h"
#include "bpat/BpatFormat.h"
#include "diff/ClipAlignment.h"
#include "diff/ClipPairing.h"
#include "diff/MatrixDelta.h"
#include "diff/MotionComparer.h"
#include "mesh/Rig.h"

#include <QHash>
#include <QJsonArray>
#include <QSet>

#include <cmath>

namespace bpat::diff {

namespace fmt = bpat::format;

namespace {

QString framesText(quint32 n)
{
    return n == 1 ? QStringLiteral("1 frame") : QStringLiteral("%1 frames").arg(n);
}

bool valuesDiffer(double a, double b, double tolerance)
{
    if (std::isnan(a) || std::isnan(b))
        return std::isnan(a) != std::isnan(b);
    return !(std::abs(a - b) <= tolerance);
}

QJsonValue number(double v)
{
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue(QString::number(v));
}

// The value of a clip field that a dialect does not store is the one the game implies.
std::array<float, 5> markersOf(const BpatClipInfo &c)
{
    return c.hasMarkers ? c.markers : std::array<float, 5>{-1.0f, -1.0f, -1.0f, -1.0f, -1.0f};
}
int flagsOf(const BpatClipInfo &c)
{
    return c.hasV3Fields ? c.flags : fmt::defaultClipFlags(c.name);
}
int familyOf(const BpatClipInfo &c)
{
    return c.hasV3Fields ? int(c.variantFamily) : c.index;
}
int ordinalOf(const BpatClipInfo &c)
{
    return c.hasV3Fields ? int(c.variantOrdinal) : 0;
}

class Builder
{
public:
    Builder(const BpatFile &a, const BpatFile &b, const DiffOptions &options, DiffResult &out)
        : a(a)
        , b(b)
        , o(options)
        , r(out)
        , bonesA(FileDiff::boneNames(a))
        , bonesB(FileDiff::boneNames(b))
    {
    }

    void header();
    bool clips(); // false: --clip names no clip
    void sockets();
    void bindAndParents();
    bool motion(); // false: cancelled
    void order();

private:
    bool wanted(const ClipPair &p) const;
    Change clipChange(ChangeKind kind, const ClipPair &p) const;
    QString boneName(int bone) const { return bone >= 0 && bone < bonesA.size() ? bonesA.at(bone) : QString(); }
    void metadata(const ClipPair &p, QList<Change> &out) const;

    const BpatFile &a, &b;
    const DiffOptions &o;
    DiffResult &r;
    QStringList bonesA, bonesB;
    QList<QList<Change>> perPair; // the changes of each clip pair, in pair order
    QList<Change> socketChanges, fileChanges;
    QHash<int, int> pairOfA;   // A clip index -> pair index
    QList<int> trackedSockets; // socket pairs whose rows the pass compares
};

bool Builder::wanted(const ClipPair &p) const
{
    if (o.clips.isEmpty())
        return true;
    return (p.clipA >= 0 && o.clips.contains(a.clips().at(p.clipA).name))
        || (p.clipB >= 0 && o.clips.contains(b.clips().at(p.clipB).name));
}

Change Builder::clipChange(ChangeKind kind, const ClipPair &p) const
{
    Change c;
    c.kind = kind;
    c.clipA = p.clipA;
    c.clipB = p.clipB;
    c.clip = p.clipA >= 0 ? a.clips().at(p.clipA).name : b.clips().at(p.clipB).name;
    return c;
}

void Builder::header()
{
    const BpatHeader &ha = a.header(), &hb = b.header();
    r.dialectA = fmt::dialectName(a.dialect());
    r.dialectB = fmt::dialectName(b.dialect());
    if (a.dialect() != b.dialect())
        r.notes.append(QStringLiteral("dialect %1 -> %2").arg(r.dialectA, r.dialectB));
    const auto changed = [&](const QString &field, quint32 before, quint32 after, const QString &detail) {
        Change c;
        c.kind = ChangeKind::Header;
        c.field = field;
        c.oldValue = int(before);
        c.newValue = int(after);
        c.detail = detail;
        fileChanges.append(c);
    };
    if (ha.speciesId != hb.speciesId)
        changed(QStringLiteral("species"), ha.speciesId, hb.speciesId,
                QStringLiteral("%1 -> %2")
                    .arg(a.speciesName().isEmpty() ? QStringLiteral("?") : a.speciesName(),
                         b.speciesName().isEmpty() ? QStringLiteral("?") : b.speciesName()));
    if (ha.boneCount != hb.boneCount)
        changed(QStringLiteral("bone_count"), ha.boneCount, hb.boneCount,
                QStringLiteral("motion, bind palette and parents not compared"));
}

bool Builder::clips()
{
    for (const QString &name : o.clips) {
        if (o.unknownClipIsTrouble && a.findClip(name) < 0 && b.findClip(name) < 0) {
            r.error = QStringLiteral("no clip named '%1' in either file").arg(name);
            return false;
        }
    }
    r.clipPairs = ClipPairing::pair(a, b, o.tolerance);
    perPair.resize(r.clipPairs.size());
    for (qsizetype i = 0; i < r.clipPairs.size(); ++i) {
        const ClipPair &p = r.clipPairs.at(i);
        if (p.clipA >= 0)
            pairOfA.insert(p.clipA, int(i));
        if (!wanted(p))
            continue;
        if (p.clipB < 0) {
            Change c = clipChange(ChangeKind::ClipRemoved, p);
            const BpatClipInfo &info = a.clips().at(p.clipA);
            c.detail =
                QStringLiteral("index %1, %2 at %3 fps").arg(p.clipA).arg(framesText(info.frameCount)).arg(double(info.fps));
            perPair[i].append(c);
        } else if (p.clipA < 0) {
            Change c = clipChange(ChangeKind::ClipAdded, p);
            const BpatClipInfo &info = b.clips().at(p.clipB);
            c.detail =
                QStringLiteral("index %1, %2 at %3 fps").arg(p.clipB).arg(framesText(info.frameCount)).arg(double(info.fps));
            perPair[i].append(c);
        } else {
            if (p.renamed) {
                Change c = clipChange(ChangeKind::ClipRenamed, p);
                c.newName = b.clips().at(p.clipB).name;
                perPair[i].append(c);
            }
            if (a.header().boneCount == b.header().boneCount)
                r.clipPairs[i].alignment = ClipAlignment::find(a, p.clipA, b, p.clipB, o.tolerance);
            else
                r.clipPairs[i].alignment = {FrameAlignment::Kind::None, 0, 0, 1, 1, 0, 0.0, QStringLiteral("other bone counts")};
            metadata(r.clipPairs.at(i), perPair[i]);
        }
    }
    return true;
}

void Builder::order()
{
    for (qsizetype i : ClipPairing::moved(r.clipPairs)) {
        const ClipPair &p = r.clipPairs.at(i);
        if (!wanted(p))
            continue;
        Change c = clipChange(ChangeKind::ClipMoved, p);
        c.field = QStringLiteral("index");
        c.oldValue = p.clipA;
        c.newValue = p.clipB;
        perPair[i].insert(p.renamed ? 1 : 0, c);
    }
}

void Builder::metadata(const ClipPair &p, QList<Change> &out) const
{
    const BpatClipInfo &ca = a.clips().at(p.clipA), &cb = b.clips().at(p.clipB);
    const auto field = [&](const QString &name, const QJsonValue &oldValue, const QJsonValue &newValue,
                           const QString &detail = QString()) {
        Change c = clipChange(ChangeKind::ClipMetadata, p);
        c.field = name;
        c.oldValue = oldValue;
        c.newValue = newValue;
        c.detail = detail;
        out.append(c);
    };
    if (ca.frameCount != cb.frameCount) {
        // Which frames go together (a trim, a resample): motion() compares those and words the
        // detail once it knows whether they differ.
        field(QStringLiteral("frame_count"), double(ca.frameCount), double(cb.frameCount));
        out.last().alignment = p.alignment;
    }
    // A frame rate is metadata the game reads as it is: any change is one (24 -> 24.0001 used to
    // be "the same within 1e-05", the tolerance being meant for motion).
    if (valuesDiffer(ca.fps, cb.fps, 0.0))
        field(QStringLiteral("fps"), number(ca.fps), number(cb.fps));
    if (ca.loops() != cb.loops())
        field(QStringLiteral("loops"), ca.loops(), cb.loops());
    // The five markers are one change (old and new in file order), naming those that moved.
    const auto ma = markersOf(ca), mb = markersOf(cb);
    QStringList moved;
    QJsonArray oldMarkers, newMarkers;
    for (int k = 0; k < fmt::MarkerCount; ++k) {
        if (valuesDiffer(ma[size_t(k)], mb[size_t(k)], o.tolerance))
            moved.append(QLatin1String(fmt::MarkerKeys[k]));
        oldMarkers.append(number(ma[size_t(k)]));
        newMarkers.append(number(mb[size_t(k)]));
    }
    if (!moved.isEmpty()) {
        // Each marker that moved, by name, with its phase (the file's float32, as printed) and
        // the frame it falls on (phase x (frames - 1), as the timeline places it), or "unset".
        const auto at = [](float phase, quint32 frames) {
            if (!(phase >= 0.0f))
                return QStringLiteral("unset");
            const double frame = double(phase) * double(frames > 0 ? frames - 1 : 0);
            return QStringLiteral("%1 (frame %2 of %3)")
                .arg(QString::number(double(phase), 'g', 7), QString::number(frame, 'g', std::abs(frame) < 1e4 ? 4 : 7))
                .arg(frames);
        };
        QStringList words;
        for (int k = 0; k < fmt::MarkerCount; ++k) {
            if (valuesDiffer(ma[size_t(k)], mb[size_t(k)], o.tolerance))
                words.append(QStringLiteral("%1 %2 -> %3")
                                 .arg(QLatin1String(fmt::MarkerKeys[k]), at(ma[size_t(k)], ca.frameCount),
                                      at(mb[size_t(k)], cb.frameCount)));
        }
        field(QStringLiteral("markers"), oldMarkers, newMarkers, words.join(QStringLiteral("; ")));
    }
    if (flagsOf(ca) != flagsOf(cb))
        field(QStringLiteral("flags"), flagsOf(ca), flagsOf(cb));
    // The family is a clip index: compared through the pairing, printed as the base clip's name.
    const int fa = familyOf(ca), fb = familyOf(cb);
    const int mapped = pairOfA.contains(fa) ? r.clipPairs.at(pairOfA.value(fa)).clipB : -1;
    if (mapped != fb) {
        const auto nameOf = [](const BpatFile &f, int i) {
            return i >= 0 && i < f.clips().size() ? QJsonValue(f.clips().at(i).name) : QJsonValue(i);
        };
        field(QStringLiteral("variant_family"), nameOf(a, fa), nameOf(b, fb));
    }
    if (ordinalOf(ca) != ordinalOf(cb))
        field(QStringLiteral("variant_ordinal"), ordinalOf(ca), ordinalOf(cb));
}

void Builder::sockets()
{
    const QList<BpatSocketInfo> &sa = a.sockets(), &sb = b.sockets();
    QHash<QString, QList<int>> byName;
    for (qsizetype j = 0; j < sb.size(); ++j)
        byName[sb.at(j).name].append(int(j));
    QList<bool> pairedB(sb.size(), false);
    const auto vec = [](const QVector3D &v) { return QJsonArray{double(v.x()), double(v.y()), double(v.z())}; };
    for (qsizetype i = 0; i < sa.size(); ++i) {
        QList<int> &same = byName[sa.at(i).name];
        Change c;
        c.socket = sa.at(i).name;
        c.socketA = int(i);
        if (same.isEmpty()) {
            c.kind = ChangeKind::SocketRemoved;
            c.detail = QStringLiteral("anchor %1").arg(sa.at(i).anchorBone);
            socketChanges.append(c);
            r.socketPairs.append({int(i), -1});
            continue;
        }
        const int j = same.takeFirst();
        pairedB[j] = true;
        c.socketB = j;
        r.socketPairs.append({int(i), j});
        bool tracked = true;
        // A field of the pair that changed: a Socket change (the socket's frames are then not
        // compared as one socket's).
        const auto changed = [&](const QString &field, const QJsonValue &before, const QJsonValue &after) {
            Change d = c;
            d.kind = ChangeKind::Socket;
            d.field = field;
            d.oldValue = before;
            d.newValue = after;
            socketChanges.append(d);
            tracked = false;
        };
        if (sa.at(i).anchorBone != sb.at(j).anchorBone)
            changed(QStringLiteral("anchor"), int(sa.at(i).anchorBone), int(sb.at(j).anchorBone));
        if ((sa.at(i).localOffset - sb.at(j).localOffset).length() > o.tolerance
            || std::isnan((sa.at(i).localOffset - sb.at(j).localOffset).length()))
            changed(QStringLiteral("offset"), vec(sa.at(i).localOffset), vec(sb.at(j).localOffset));
        if (tracked && sa.at(i).anchorBone < std::min<quint32>(64, a.header().boneCount))
            trackedSockets.append(int(r.socketPairs.size() - 1));
    }
    for (qsizetype j = 0; j < sb.size(); ++j) {
        if (pairedB.at(j))
            continue;
        Change c;
        c.kind = ChangeKind::SocketAdded;
        c.socket = sb.at(j).name;
        c.socketB = int(j);
        c.detail = QStringLiteral("anchor %1").arg(sb.at(j).anchorBone);
        socketChanges.append(c);
        r.socketPairs.append({-1, int(j)});
    }
}

void Builder::bindAndParents()
{
    const bool bindA = a.hasBindPalette(), bindB = b.hasBindPalette();
    if (bindA != bindB)
        r.notes.append(QStringLiteral("bind palette only in %1").arg(bindA ? QStringLiteral("A") : QStringLiteral("B")));
    const bool parentsA = a.hasBoneParents(), parentsB = b.hasBoneParents();
    if (parentsA != parentsB)
        r.notes.append(QStringLiteral("bone parents only in %1").arg(parentsA ? QStringLiteral("A") : QStringLiteral("B")));
    const bool contactsA = a.hasContactTable(), contactsB = b.hasContactTable();
    if (contactsA != contactsB)
        r.notes.append(QStringLiteral("contact table only in %1").arg(contactsA ? QStringLiteral("A") : QStringLiteral("B")));
    const quint32 bones = a.header().boneCount;
    if (bones != b.header().boneCount)
        return;
    if (bindA && bindB) {
        Change c;
        c.kind = ChangeKind::BindPalette;
        double worst = -1.0;
        for (quint32 bone = 0; bone < bones; ++bone) {
            const MatrixDelta d = matrixDelta(a.bindMatrix(bone), b.bindMatrix(bone));
            c.maxRotationDeg = std::max(c.maxRotationDeg, d.rotationDeg);
            c.maxTranslation = std::max(c.maxTranslation, d.translation);
            if (withinTolerance(d, o.tolerance))
                continue;
            c.bones.append({int(bone), boneName(int(bone)), d.rotationDeg, d.translation, 0});
            const double size = std::max(d.rotationDeg * M_PI / 180.0, d.translation);
            if (!(size <= worst)) {
                worst = size;
                c.bone = int(bone);
                c.boneName = boneName(int(bone));
            }
        }
        if (!c.bones.isEmpty())
            fileChanges.append(c);
    }
    if (parentsA && parentsB && a.boneParents().size() == b.boneParents().size()) {
        for (qsizetype bone = 0; bone < a.boneParents().size(); ++bone) {
            const quint8 pa = a.boneParents().at(bone), pb = b.boneParents().at(bone);
            if (pa == pb)
                continue;
            Change c;
            c.kind = ChangeKind::Parents;
            c.bone = int(bone);
            c.boneName = boneName(int(bone));
            c.field = QStringLiteral("parent");
            c.oldValue = pa == fmt::NoParentBone ? QJsonValue() : QJsonValue(int(pa));
            c.newValue = pb == fmt::NoParentBone ? QJsonValue() : QJsonValue(int(pb));
            fileChanges.append(c);
        }
    }
}

bool Builder::motion()
{
    const quint32 bones = a.header().boneCount;
    if (bones != b.header().boneCount) {
        r.notes.append(QStringLiteral("motion not compared: %1 bones in A, %2 in B").arg(bones).arg(b.header().boneCount));
    } else {
        QList<MotionTask> tasks;
        QList<int> taskPair;
        QList<SocketTrack> tracks;
        for (int s : trackedSockets) {
            const SocketPair &sp = r.socketPairs.at(s);
            tracks.append({sp.socketA, sp.socketB, a.sockets().at(sp.socketA).anchorBone});
        }
        const bool contacts = a.hasContactTable() && b.hasContactTable();
        for (qsizetype i = 0; i < r.clipPairs.size(); ++i) {
            const ClipPair &p = r.clipPairs.at(i);
            if (p.clipA < 0 || p.clipB < 0 || !wanted(p))
                continue;
            const BpatClipInfo &ca = a.clips().at(p.clipA), &cb = b.clips().at(p.clipB);
            const FrameAlignment &align = p.alignment;
            if (!align.paired() || align.frames == 0)
                continue; // different frame counts that no trim or resample explains: not compared
            MotionTask task;
            task.firstA = ca.frameOffset + align.firstA;
            task.firstB = cb.frameOffset + align.firstB;
            task.strideA = align.strideA;
            task.strideB = align.strideB;
            task.frames = align.frames;
            task.contacts = contacts;
            task.sockets = tracks;
            tasks.append(task);
            taskPair.append(int(i));
        }
        MotionComparer comparer(a, b, o);
        const auto found = comparer.run(tasks);
        if (!found)
            return false;
        // Socket rows: gathered over every clip, one change per socket.
        QList<Change> socketMotion(tracks.size());
        QList<double> socketWorst(tracks.size(), -1.0);
        double largestRotation = 0.0, largestTranslation = 0.0;
        int equalPairs = 0;
        for (qsizetype t = 0; t < tasks.size(); ++t) {
            const MotionFindings &m = found->at(t);
            const ClipPair &p = r.clipPairs.at(taskPair.at(t));
            QList<Change> &out = perPair[taskPair.at(t)];
            // The pass counts the task's frames; changes name A's (a trimmed or decimated pair).
            const FrameAlignment &align = p.alignment;
            const auto toA = [&align](quint32 i) { return align.firstA + i * align.strideA; };
            const auto rangesToA = [&](QList<FrameRange> ranges) {
                for (FrameRange &range : ranges)
                    range = {toA(range.first), toA(range.last)};
                return ranges;
            };
            if (!m.frames.isEmpty()) {
                Change c = clipChange(ChangeKind::Motion, p);
                c.framesCompared = tasks.at(t).frames;
                c.frames = {toA(m.frames.span.first), toA(m.frames.span.last)};
                c.ranges = rangesToA(m.frames.kept);
                if (align.kind != FrameAlignment::Kind::Identity)
                    c.alignment = align;
                c.rangeCount = m.frames.count;
                c.framesDiffering = m.frames.frames;
                double worst = -1.0;
                for (size_t bone = 0; bone < m.bones.size(); ++bone) {
                    const MotionFindings::Bone &x = m.bones[bone];
                    if (!x.differs)
                        continue;
                    const double deg = degreesOfChordSquared(x.chord2), metres = std::sqrt(double(x.move2));
                    const double rad = deg * M_PI / 180.0;
                    c.bones.append(
                        {int(bone), boneName(int(bone)), deg, metres, toA(rad >= metres ? x.chordFrame : x.moveFrame)});
                    c.rotationBeyond = c.rotationBeyond || x.chord2 > float(chordSquaredOf(o.tolerance)) || std::isnan(x.chord2);
                    c.translationBeyond = c.translationBeyond || !(double(x.move2) <= o.tolerance * o.tolerance);
                    if (deg > c.maxRotationDeg || c.rotationBone < 0) {
                        c.maxRotationDeg = deg;
                        c.rotationBone = int(bone);
                        c.rotationFrame = toA(x.chordFrame);
                    }
                    if (metres > c.maxTranslation || c.translationBone < 0) {
                        c.maxTranslation = metres;
                        c.translationBone = int(bone);
                        c.translationFrame = toA(x.moveFrame);
                    }
                    if (std::max(rad, metres) > worst) {
                        worst = std::max(rad, metres);
                        c.bone = int(bone);
                        c.frame = toA(rad >= metres ? x.chordFrame : x.moveFrame);
                    }
                }
                c.boneName = boneName(c.bone);
                out.append(c);
            } else {
                ++equalPairs;
                for (const MotionFindings::Bone &x : m.bones) {
                    largestRotation = std::max(largestRotation, degreesOfChordSquared(x.chord2));
                    largestTranslation = std::max(largestTranslation, std::sqrt(double(x.move2)));
                }
            }
            if (!m.contactFrames.isEmpty()) {
                Change c = clipChange(ChangeKind::Contacts, p);
                c.framesCompared = tasks.at(t).frames;
                c.frames = {toA(m.contactFrames.span.first), toA(m.contactFrames.span.last)};
                c.ranges = rangesToA(m.contactFrames.kept);
                c.rangeCount = m.contactFrames.count;
                c.framesDiffering = m.contactFrames.frames;
                c.maxValue = m.contactMax;
                c.frame = toA(m.contactFrame);
                c.field = m.contactField == 0 ? QStringLiteral("sole_y") : QStringLiteral("foot_y");
                out.append(c);
            }
            for (qsizetype s = 0; s < tracks.size(); ++s) {
                const MotionFindings::Socket &x = m.sockets[size_t(s)];
                if (x.frames == 0)
                    continue;
                Change &c = socketMotion[s];
                c.framesDiffering += x.frames;
                c.clips.append(p.clipA >= 0 ? a.clips().at(p.clipA).name : QString());
                const double deg = degreesOfChordSquared(x.chord2), metres = std::sqrt(double(x.move2));
                c.maxRotationDeg = std::max(c.maxRotationDeg, deg);
                c.maxTranslation = std::max(c.maxTranslation, metres);
                const double size = std::max(deg * M_PI / 180.0, metres);
                if (size > socketWorst[s]) {
                    socketWorst[s] = size;
                    c.clip = a.clips().at(p.clipA).name;
                    c.clipA = p.clipA;
                    c.clipB = p.clipB;
                    c.frame = toA(deg * M_PI / 180.0 >= metres ? x.chordFrame : x.moveFrame);
                }
            }
        }
        for (qsizetype s = 0; s < tracks.size(); ++s) {
            Change &c = socketMotion[s];
            if (c.framesDiffering == 0)
                continue;
            c.kind = ChangeKind::SocketMotion;
            c.socketA = tracks.at(s).socketA;
            c.socketB = tracks.at(s).socketB;
            c.socket = a.sockets().at(c.socketA).name;
            c.bone = int(tracks.at(s).anchor);
            c.boneName = boneName(c.bone);
            socketChanges.append(c);
        }
        if (equalPairs > 0 && (largestRotation > 0.0 || largestTranslation > 0.0))
            r.notes.append(
                QStringLiteral("the motion of %1 clips is the same within the tolerance (they differ by at most %2 deg, %3 m)")
                    .arg(equalPairs)
                    .arg(largestRotation, 0, 'g', 3)
                    .arg(largestTranslation, 0, 'g', 3));
    }
    // The frame_count change of each pair says how its frames were paired and what that found.
    for (QList<Change> &changes : perPair) {
        bool motionDiffers = false;
        for (const Change &c : changes)
            motionDiffers = motionDiffers || c.kind == ChangeKind::Motion || c.kind == ChangeKind::Contacts;
        for (Change &c : changes) {
            if (c.kind != ChangeKind::ClipMetadata || c.field != QLatin1String("frame_count") || !c.alignment)
                continue;
            const FrameAlignment &align = *c.alignment;
            if (bones != b.header().boneCount)
                c.detail = QStringLiteral("motion not compared: other bone counts");
            else if (!align.paired())
                c.detail = align.text + QStringLiteral(": motion not compared");
            else
                c.detail = align.text
                    + (motionDiffers ? QStringLiteral(", motion compared on those frames")
                                     : QStringLiteral(", motion unchanged"));
        }
    }
    // Everything in report order: the header, each clip in A's order then B's additions, the
    // sockets, the bind palette and the parents.
    QList<Change> all;
    for (const Change &c : fileChanges) {
        if (c.kind == ChangeKind::Header)
            all.append(c);
    }
    for (qsizetype i = 0; i < perPair.size(); ++i) {
        all.append(perPair.at(i));
        r.clipPairs[i].differs = !perPair.at(i).isEmpty();
    }
    all.append(socketChanges);
    for (const Change &c : fileChanges) {
        if (c.kind != ChangeKind::Header)
            all.append(c);
    }
    r.changes = all;
    return true;
}

} // namespace

QStringList FileDiff::boneNames(const BpatFile &file)
{
    QStringList names;
    const auto rig = file.rig();
    for (quint32 b = 0; b < file.header().boneCount; ++b) {
        const QString name = rig && int(b) < rig->boneCount() ? rig->bone(int(b)).name : QString();
        names.append(name == QStringLiteral("bone %1").arg(b) ? QString() : name); // Rig's stand-in for no name
    }
    return names;
}

QString FileDiff::whyNotComparable(const BpatFile &f)
{
    if (f.isNull())
        return QStringLiteral("no file");
    if (!f.hasHeader())
        return QStringLiteral("shorter than the 64-byte header");
    if (!f.hasMagic())
        return QStringLiteral("not a BPAT file (no BPAT magic)");
    if (f.dialect() == fmt::Dialect::Unknown)
        return QStringLiteral("unknown version %1").arg(f.header().version);
    const BpatHeader &h = f.header();
    if (h.boneCount < fmt::MinBones || h.boneCount > fmt::MaxBones)
        return QStringLiteral("bone_count %1 outside 1..64").arg(h.boneCount);
    if (!f.clipTableInBounds())
        return QStringLiteral("the clip table is not inside the file");
    if (!f.socketTableInBounds())
        return QStringLiteral("the socket table is not inside the file");
    if (!f.stringTableInBounds())
        return QStringLiteral("the string table is not inside the file");
    if (!f.paletteInBounds())
        return QStringLiteral("the palette is not inside the file");
    if (!f.socketDataInBounds())
        return QStringLiteral("the socket data is not inside the file");
    if (f.sockets().size() != qsizetype(h.socketCount) || f.clips().size() != qsizetype(h.clipCount))
        return QStringLiteral("the tables do not hold socket_count sockets and clip_count clips");
    for (const BpatClipInfo &c : f.clips()) {
        if (quint64(c.frameOffset) + c.frameCount > h.frameTotal)
            return QStringLiteral("clip %1 (%2) reaches past frame_total").arg(c.index).arg(c.name);
    }
    if (f.hasContactTable() && !f.contactTableInBounds())
        return QStringLiteral("the contact table is not inside the file or not frame_total records");
    if (f.hasBindPalette() && !f.bindPaletteInBounds())
        return QStringLiteral("the bind palette is not inside the file");
    if (f.hasBoneParents() && !f.boneParentsInBounds())
        return QStringLiteral("the bone parent table is not inside the file");
    if (f.isStale())
        return QStringLiteral("the file shrank while it was read");
    return QString();
}

DiffResult FileDiff::compare(const BpatFile &a, const BpatFile &b, const DiffOptions &options)
{
    DiffResult r;
    r.pathA = a.path();
    r.pathB = b.path();
    r.tolerance = options.tolerance;
    for (const auto &[file, side] : {std::pair{&a, QStringLiteral("A")}, std::pair{&b, QStringLiteral("B")}}) {
        const QString why = whyNotComparable(*file);
        if (!why.isEmpty()) {
            r.error = QStringLiteral("%1: cannot be compared: %2 (run `bpat validate` for details)").arg(file->path(), why);
            return r;
        }
    }
    Builder build(a, b, options, r);
    build.header();
    if (!build.clips())
        return r;
    build.order();
    build.sockets();
    build.bindAndParents();
    if (!build.motion()) {
        r.cancelled = true;
        r.changes.clear();
        return r;
    }
    if (a.isStale() || b.isStale())
        r.error = QStringLiteral("%1 shrank while it was read").arg(a.isStale() ? a.path() : b.path());
    return r;
}

} // namespace bpat::diff
