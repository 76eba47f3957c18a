// bpat.edit: `bpat edit`'s motion operations for scripts (issue 41), the core's MotionEditor as
// the command and the window call it: offset keys, resample (with a new frame rate), time warp,
// reverse and mirror, applied in that order to a BPAT file read whole, then written through
// BpatSaver (validated, atomically). bpat.mirror_pairs: what a mirror of the file would use.
// Refusals raise bpat.Error subclasses; nothing is written then.
#include "PyBindings.h"
#include "PyWork.h"

#include "bpat/BpatFile.h"
#include "bpat/BpatSaver.h"
#include "io/NativeName.h"
#include "motionedit/MotionEditor.h"
#include "motionedit/MotionSkeleton.h"

namespace bpat::python {

namespace {

BpatDocument load(const QString &path)
{
    QString error;
    std::optional<BpatFile> file = withoutGil([&] { return BpatFile::open(path, &error); });
    if (!file)
        raise(ErrorKind::File, QStringLiteral("IO_ERROR"), error, path);
    std::optional<BpatDocument> doc = withoutGil([&] { return BpatDocument::fromFile(*file, &error); });
    if (!doc)
        raise(ErrorKind::Refused, QStringLiteral("DOCUMENT_UNREADABLE"),
              QStringLiteral("%1: cannot be edited: %2").arg(NativeName::display(path), error), path);
    return std::move(*doc);
}

[[noreturn]] void usage(const QString &message)
{
    raise(ErrorKind::Usage, QStringLiteral("BAD_ARGUMENT"), message);
}

int clipOf(const BpatDocument &doc, const py::handle &clip)
{
    if (const auto index = indexArgument(clip)) {
        if (*index >= 0 && *index < doc.clipCount())
            return int(*index);
        raise(ErrorKind::NotFound, QStringLiteral("CLIP_NOT_FOUND"),
              QStringLiteral("no clip %1 (the file has %2)").arg(*index).arg(doc.clipCount()));
    }
    if (!py::isinstance<py::str>(clip))
        throw py::type_error("a clip is given by its index or its name");
    const int c = doc.findClip(clip.cast<QString>());
    if (c < 0)
        raise(ErrorKind::NotFound, QStringLiteral("CLIP_NOT_FOUND"),
              QStringLiteral("no clip named '%1'").arg(clip.cast<QString>()));
    return c;
}

int boneOf(const BpatDocument &doc, const py::handle &bone)
{
    if (const auto index = indexArgument(bone))
        return int(std::clamp<qint64>(*index, -1, 1 << 20)); // the layer names a bone outside the rig
    const MotionSkeleton skeleton = MotionSkeleton::forDocument(doc);
    const int b = skeleton.indexOf(bone.cast<QString>());
    if (b < 0)
        raise(ErrorKind::NotFound, QStringLiteral("BONE_NOT_FOUND"),
              QStringLiteral("no bone named '%1' in the rig (%2)")
                  .arg(bone.cast<QString>(), skeleton.names().join(QStringLiteral(", "))));
    return b;
}

// A clip, or a list of clips.
QList<py::handle> clipList(const py::object &value)
{
    QList<py::handle> out;
    if (value.is_none())
        return out;
    if (py::isinstance<py::str>(value) || indexArgument(value)) {
        out.append(value);
        return out;
    }
    for (const py::handle &v : value)
        out.append(v);
    return out;
}

void check(const MotionEditResult &r, QStringList &notes, const QString &path)
{
    if (!r.ok)
        raise(ErrorKind::Refused, QStringLiteral("EDIT_REFUSED"), r.error, path);
    notes << r.notes;
}

OffsetLayer layerOf(const BpatDocument &doc, const py::dict &spec, EulerOrder order)
{
    OffsetLayer layer;
    layer.setOrder(order);
    if (!spec.contains("bone") || !spec.contains("channel") || !spec.contains("keys"))
        usage(QStringLiteral("an offset is a dict with 'clip', 'bone', 'channel' and 'keys' ([(frame, value[, mode]), ...])"));
    const int bone = boneOf(doc, spec["bone"]);
    const QString name = py::str(spec["channel"]).cast<QString>();
    const std::optional<OffsetChannel> channel = offsetChannelFromName(name);
    if (!channel)
        usage(QStringLiteral("no channel '%1' (expected %2)").arg(name, offsetChannelChoices()));
    for (const py::handle &k : spec["keys"]) {
        const auto key = k.cast<py::tuple>();
        if (key.size() < 2 || key.size() > 3)
            usage(QStringLiteral("a key is (frame, value) or (frame, value, mode)"));
        OffsetKey offset{key[0].cast<double>(), key[1].cast<double>(), OffsetInterpolation::Auto};
        if (key.size() == 3) {
            const std::optional<OffsetInterpolation> mode = interpolationFromName(key[2].cast<QString>());
            if (!mode)
                usage(
                    QStringLiteral("no interpolation '%1' (expected auto, flat, linear or stepped)").arg(key[2].cast<QString>()));
            offset.interpolation = *mode;
        }
        if (!layer.setKey(bone, *channel, offset))
            usage(QStringLiteral("a key's frame and value must be finite numbers"));
    }
    if (spec.contains("frames") && !spec["frames"].is_none()) {
        const auto range = spec["frames"].cast<std::pair<qint64, qint64>>();
        if (range.first < 0 || range.second < 0 || range.second > 0xffffffffLL)
            usage(QStringLiteral("frames: expected (first, last) frame numbers"));
        layer.setRange(std::pair<quint32, quint32>{quint32(range.first), quint32(range.second)});
    }
    return layer;
}

QStringList edit(const py::handle &sourceArg, const py::handle &outputArg, const py::object &offsets, const py::object &timeWarp,
                 const py::object &resample, const py::object &setFps, const py::object &reverse, const py::object &mirror,
                 const py::object &mirrorInPlace, const QString &eulerOrder)
{
    const QString source = pathArgument(sourceArg);
    const QString output = pathArgument(outputArg);
    const std::optional<EulerOrder> order = euler::orderFromName(eulerOrder);
    if (!order)
        usage(QStringLiteral("euler_order: expected XYZ, XZY, YXZ, YZX, ZXY or ZYX, got '%1'").arg(eulerOrder));
    BpatDocument doc = load(source);
    MotionEditor editor(doc);
    QStringList notes;
    if (!offsets.is_none()) {
        for (const py::handle &o : offsets) {
            const auto spec = o.cast<py::dict>();
            if (!spec.contains("clip"))
                usage(QStringLiteral("an offset names its 'clip'"));
            const int clip = clipOf(doc, spec["clip"]);
            const OffsetLayer layer = layerOf(doc, spec, *order);
            check(withoutGil([&] { return editor.applyOffsets(clip, layer); }), notes, source);
        }
    }
    if (!timeWarp.is_none()) {
        for (const auto &[clip, frames] : timeWarp.cast<py::dict>()) {
            const std::pair<double, double> move = frames.cast<std::pair<double, double>>();
            const int c = clipOf(doc, clip);
            check(withoutGil([&] { return editor.timeWarp(c, move.first, move.second); }), notes, source);
        }
    }
    const py::dict fps = setFps.is_none() ? py::dict() : setFps.cast<py::dict>();
    if (!resample.is_none()) {
        for (const auto &[clip, frames] : resample.cast<py::dict>()) {
            const auto count = frames.cast<qint64>();
            if (count < 0 || count > 0xffffffffLL)
                usage(QStringLiteral("resample: %1 is not a number of frames").arg(count));
            const int c = clipOf(doc, clip);
            std::optional<float> rate;
            if (fps.contains(clip))
                rate = fps[clip].cast<float>();
            check(withoutGil([&] { return editor.resample(c, quint32(count), rate); }), notes, source);
        }
    }
    for (const auto &[clip, rate] : fps) {
        if (!resample.is_none() && resample.cast<py::dict>().contains(clip))
            continue;
        const int c = clipOf(doc, clip);
        const float r = rate.cast<float>();
        if (!(std::isfinite(r) && r > 0.0f))
            raise(ErrorKind::Refused, QStringLiteral("EDIT_REFUSED"), QStringLiteral("frame rate %1 is not above 0").arg(r),
                  source);
        doc.clip(c).fps = r;
    }
    for (const py::handle &clip : clipList(reverse)) {
        const int c = clipOf(doc, clip);
        check(withoutGil([&] { return editor.reverse(c); }), notes, source);
    }
    if (!mirror.is_none()) {
        if (py::isinstance<py::dict>(mirror)) {
            for (const auto &[clip, name] : mirror.cast<py::dict>()) {
                const int c = clipOf(doc, clip);
                const QString newName = name.is_none() ? QString() : name.cast<QString>();
                check(withoutGil([&] { return editor.mirror(c, {false, newName}); }), notes, source);
            }
        } else {
            for (const py::handle &clip : clipList(mirror)) {
                const int c = clipOf(doc, clip);
                check(withoutGil([&] { return editor.mirror(c); }), notes, source);
            }
        }
    }
    for (const py::handle &clip : clipList(mirrorInPlace)) {
        const int c = clipOf(doc, clip);
        check(withoutGil([&] { return editor.mirror(c, {true, QString()}); }), notes, source);
    }
    const BpatSaver::Result saved = withoutGil([&] { return BpatSaver::save(doc, output); });
    if (!saved.saved)
        raiseRefused(QStringLiteral("WRITE_FAILED"),
                     QStringLiteral("%1 not written: %2").arg(NativeName::display(output), saved.error), output,
                     saved.validation.issues);
    return notes;
}

py::dict mirrorPairs(const py::handle &sourceArg, const py::object &clip)
{
    const QString source = pathArgument(sourceArg);
    const BpatDocument doc = load(source);
    const MotionEditor::MirrorPlan plan = MotionEditor::mirrorPlan(doc, clip.is_none() ? 0 : clipOf(doc, clip));
    const auto pairs = [](const BonePairs &p) {
        py::list out;
        for (const auto &[l, r] : p.pairs())
            out.append(py::make_tuple(p.names().value(l), p.names().value(r)));
        return out;
    };
    py::list unpaired;
    for (int b : plan.bones.unpaired())
        unpaired.append(plan.bones.names().value(b));
    py::dict out;
    out["bones"] = pairs(plan.bones);
    out["unpaired"] = unpaired;
    out["sockets"] = pairs(plan.sockets);
    if (plan.error.isEmpty()) {
        out["plane"] = py::dict(py::arg("axis") = QStringLiteral("xyz").mid(plan.plane.axis, 1),
                                py::arg("offset") = plan.plane.offset, py::arg("from") = plan.plane.from);
        out["error"] = py::none();
    } else {
        out["plane"] = py::none();
        out["error"] = plan.error;
    }
    return out;
}

} // namespace

void bindMotionEdit(py::module_ &m)
{
    m.def("edit", &edit, py::arg("source"), py::arg("output"), py::kw_only(), py::arg("offsets") = py::none(),
          py::arg("time_warp") = py::none(), py::arg("resample") = py::none(), py::arg("set_fps") = py::none(),
          py::arg("reverse") = py::none(), py::arg("mirror") = py::none(), py::arg("mirror_in_place") = py::none(),
          py::arg("euler_order") = QStringLiteral("XYZ"),
          "`bpat edit`'s motion operations: offset keys, time warps, resamples (with set_fps), reverses and mirrors, in "
          "that order; the result is validated and written atomically. Returns what each operation did.");
    m.def("mirror_pairs", &mirrorPairs, py::arg("source"), py::arg("clip") = py::none(),
          "What mirroring a clip of the file uses: its bones' left/right pairs, the bones that map to themselves, the "
          "sockets' pairs and the plane (or why it cannot be mirrored).");
}

} // namespace bpat::python
