// bpat.Recording and bpat.Curve: input animation recordings (.bin, 1.0 and 1.1) read by the
// core's reader, their curves by canonical name, sampled by the core's evaluator (CurveCursor:
// the very values of CurveEvaluator::evaluate, Unity's AnimationCurve.Evaluate) into NumPy arrays.
#include "PyBindings.h"
#include "PyWork.h"

#include "anim/CurveCursor.h"
#include "anim/CurveEvaluator.h"
#include "anim/InputAnimationReader.h"

#include <memory>

namespace bpat::python {

namespace {

using Animation = std::shared_ptr<const InputAnimation>;

class PyCurve : public Constructed
{
public:
    PyCurve(Animation animation, CurveRef ref)
        : m_animation(std::move(animation))
        , m_ref(std::move(ref))
    {
    }
    const CurveRef &ref() const
    {
        check("Curve", "use recording.curve(name)");
        return m_ref;
    }

    // The curve at every time of `times` (any shape): float64, or bool for a bool curve.
    py::array sample(const py::handle &timesArg) const
    {
        const auto times = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(timesArg);
        if (!times)
            throw py::type_error("sample() takes a number or an array of times in seconds");
        std::vector<py::ssize_t> shape(times.shape(), times.shape() + times.ndim());
        const double *t = times.data();
        const auto n = times.size();
        if (ref().boolCurve) {
            py::array_t<bool> out(shape);
            bool *v = out.mutable_data();
            withoutGil([&] {
                CurveCursor cursor(*ref().boolCurve);
                for (py::ssize_t i = 0; i < n; ++i)
                    v[i] = cursor.boolValue(t[i]);
            });
            return std::move(out);
        }
        py::array_t<double> out(shape);
        double *v = out.mutable_data();
        withoutGil([&] {
            CurveCursor cursor(*ref().floatCurve);
            for (py::ssize_t i = 0; i < n; ++i)
                v[i] = cursor.value(t[i]);
        });
        return std::move(out);
    }

    py::object at(double time) const
    {
        if (ref().boolCurve)
            return py::bool_(CurveEvaluator::evaluate(*ref().boolCurve, time));
        return py::float_(CurveEvaluator::evaluate(*ref().floatCurve, time));
    }

    py::array keys() const
    {
        if (ref().boolCurve) {
            const QList<BoolKey> &keys = ref().boolCurve->keys();
            py::dict spec;
            spec["names"] = py::make_tuple("time", "value");
            spec["formats"] = py::make_tuple("<f4", "<f4");
            py::array out(py::dtype::from_args(spec), std::vector<py::ssize_t>{py::ssize_t(keys.size())});
            auto *p = static_cast<float *>(out.mutable_data());
            for (const BoolKey &k : keys) {
                *p++ = k.time;
                *p++ = k.value;
            }
            return out;
        }
        const QList<Keyframe> &keys = ref().floatCurve->keys();
        py::dict spec;
        spec["names"] = py::make_tuple("time", "value", "in_tangent", "out_tangent", "in_weight", "out_weight", "weighted_mode");
        spec["formats"] = py::make_tuple("<f4", "<f4", "<f4", "<f4", "<f4", "<f4", "<i4");
        py::array out(py::dtype::from_args(spec), std::vector<py::ssize_t>{py::ssize_t(keys.size())});
        auto *p = static_cast<uchar *>(out.mutable_data());
        for (const Keyframe &k : keys) {
            const float f[6] = {k.time, k.value, k.inTangent, k.outTangent, k.inWeight, k.outWeight};
            std::memcpy(p, f, sizeof f);
            std::memcpy(p + sizeof f, &k.weightedMode, 4);
            p += 28;
        }
        return out;
    }

private:
    Animation m_animation; // keeps the curve alive
    CurveRef m_ref;
};

class PyRecording : public Constructed
{
public:
    PyRecording(Animation animation, QString path, Diagnostics warnings)
        : m_animation(std::move(animation))
        , m_path(std::move(path))
        , m_warnings(std::move(warnings))
    {
    }
    const InputAnimation &animation() const
    {
        check("Recording", "use bpat.open(path)");
        return *m_animation;
    }
    const QString &path() const
    {
        check("Recording", "use bpat.open(path)");
        return m_path;
    }
    const Diagnostics &warnings() const
    {
        check("Recording", "use bpat.open(path)");
        return m_warnings;
    }

    PyCurve curve(const QString &name) const
    {
        check("Recording", "use bpat.open(path)");
        const CurveRef ref = m_animation->curve(name);
        if (ref.isNull())
            raise(ErrorKind::NotFound, QStringLiteral("CURVE_NOT_FOUND"),
                  QStringLiteral("no curve '%1' in %2 (its sections: %3)").arg(name, m_path, sections()), m_path);
        return PyCurve(m_animation, ref);
    }
    QString sections() const
    {
        check("Recording", "use bpat.open(path)");
        QStringList s;
        if (m_animation->hasCamera())
            s << QStringLiteral("camera");
        if (m_animation->hasHands())
            s << QStringLiteral("hands");
        if (m_animation->hasEyeGaze())
            s << QStringLiteral("eye gaze");
        return s.isEmpty() ? QStringLiteral("none") : s.join(QStringLiteral(", "));
    }

private:
    Animation m_animation;
    QString m_path;
    Diagnostics m_warnings;
};

} // namespace

py::object openRecording(const QString &path)
{
    InputAnimationReader reader;
    std::optional<InputAnimation> animation = withoutGil([&] { return reader.readFile(path); });
    if (!animation) {
        const Diagnostics &found = reader.diagnostics();
        const auto first =
            std::find_if(found.cbegin(), found.cend(), [](const Diagnostic &d) { return d.severity == Severity::Error; });
        raise(ErrorKind::File, first == found.cend() ? QStringLiteral("ANIM_READ_ERROR") : first->code,
              QStringLiteral("%1: %2").arg(path, reader.errorString()), path, diagnostics(found));
    }
    return py::cast(PyRecording(std::make_shared<const InputAnimation>(std::move(*animation)), path, reader.diagnostics()));
}

void bindRecording(py::module_ &m)
{
    py::class_<PyCurve>(m, "Curve", "A curve of a recording; sample() evaluates it exactly as the core does (Unity's rules).")
        .def_property_readonly("name", [](const PyCurve &c) { return c.ref().name; })
        .def_property_readonly(
            "type", [](const PyCurve &c) { return curveTypeName(c.ref().type()); }, "'float' or 'bool'.")
        .def_property_readonly("key_count", [](const PyCurve &c) { return c.ref().keyCount(); })
        .def_property_readonly("first_time", [](const PyCurve &c) { return c.ref().firstTime(); })
        .def_property_readonly("last_time", [](const PyCurve &c) { return c.ref().lastTime(); })
        .def_property_readonly("pre_wrap", [](const PyCurve &c) { return wrapModeName(c.ref().preWrap()); })
        .def_property_readonly("post_wrap", [](const PyCurve &c) { return wrapModeName(c.ref().postWrap()); })
        .def_property_readonly("keys", &PyCurve::keys,
                               "The keys as a structured array (a copy): time, value and, for float curves, in_tangent, "
                               "out_tangent, in_weight, out_weight, weighted_mode.")
        .def("sample", &PyCurve::sample, py::arg("times"),
             "The curve's values at `times` (seconds; a number or an array of any shape): float64, or bool for a bool "
             "curve, the shape of `times`. Computed without the GIL.")
        .def("__call__", &PyCurve::at, py::arg("time"), "The value at one time.")
        .def("__len__", [](const PyCurve &c) { return c.ref().keyCount(); })
        .def("__repr__", [](const PyCurve &c) {
            return QStringLiteral("<bpat.Curve %1 (%2, %3 keys)>")
                .arg(c.ref().name, curveTypeName(c.ref().type()))
                .arg(c.ref().keyCount());
        });

    py::class_<PyRecording>(m, "Recording",
                            "An input animation recording (.bin) read with bpat.open(): its curves by canonical name "
                            "(Camera/PositionX, LeftHand/IndexTip/RotationW, EyeGaze/OriginX...) and markers.")
        .def_property_readonly("kind", [](const PyRecording &) { return "input-animation"; })
        .def_property_readonly("path", &PyRecording::path)
        .def_property_readonly("version", [](const PyRecording &r) { return r.animation().versionString(); })
        .def_property_readonly("has_camera", [](const PyRecording &r) { return r.animation().hasCamera(); })
        .def_property_readonly("has_hands", [](const PyRecording &r) { return r.animation().hasHands(); })
        .def_property_readonly("has_eye_gaze", [](const PyRecording &r) { return r.animation().hasEyeGaze(); })
        .def_property_readonly(
            "duration", [](const PyRecording &r) { return r.animation().duration(); },
            "The largest last-key time over all curves (seconds).")
        .def_property_readonly("start_time", [](const PyRecording &r) { return r.animation().startTime(); })
        .def_property_readonly("key_count", [](const PyRecording &r) { return r.animation().keyCount(); })
        .def_property_readonly(
            "curve_names",
            [](const PyRecording &r) {
                QStringList names;
                for (const CurveRef &c : r.animation().curves())
                    names << c.name;
                return names;
            },
            "The names of the curves the recording holds, in file order.")
        .def_property_readonly(
            "curves",
            [](const PyRecording &r) {
                py::dict out;
                for (const CurveRef &c : r.animation().curves())
                    out[py::cast(c.name)] = r.curve(c.name);
                return out;
            },
            "Every curve by name (a dict in file order).")
        .def("curve", &PyRecording::curve, py::arg("name"), "A curve by name (bpat.NotFoundError CURVE_NOT_FOUND otherwise).")
        .def("__getitem__", &PyRecording::curve)
        .def("__contains__", [](const PyRecording &r, const QString &name) { return !r.animation().curve(name).isNull(); })
        .def("__len__", [](const PyRecording &r) { return r.animation().curveCount(); })
        .def(
            "sample",
            [](const PyRecording &r, const py::handle &times, const py::object &names) {
                QStringList chosen;
                if (names.is_none()) {
                    for (const CurveRef &c : r.animation().curves())
                        chosen << c.name;
                } else {
                    for (const py::handle &n : listArgument(names, "names"))
                        chosen << n.cast<QString>();
                }
                const auto t = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(times);
                if (!t || t.ndim() != 1)
                    throw py::type_error("sample() takes a 1-D array of times in seconds");
                py::array_t<double> out({t.shape(0), py::ssize_t(chosen.size())});
                auto columns = out.mutable_unchecked<2>();
                for (qsizetype c = 0; c < chosen.size(); ++c) {
                    const PyCurve curve = r.curve(chosen.at(c));
                    const py::array values = curve.sample(t);
                    const auto as = py::array_t<double, py::array::forcecast>::ensure(values);
                    for (py::ssize_t i = 0; i < t.shape(0); ++i)
                        columns(i, py::ssize_t(c)) = as.at(i);
                }
                return out;
            },
            py::arg("times"), py::arg("names") = py::none(),
            "Several curves at once: shape (len(times), len(names)) float64 (bool curves as 0 or 1), every curve when "
            "`names` is None.")
        .def_property_readonly("markers",
                               [](const PyRecording &r) {
                                   py::list out;
                                   for (const InputAnimationMarker &mk : r.animation().markers()) {
                                       py::dict f;
                                       f["time"] = mk.time;
                                       f["name"] = mk.name;
                                       out.append(record("Marker", f));
                                   }
                                   return out;
                               })
        .def_property_readonly(
            "warnings", [](const PyRecording &r) { return diagnostics(r.warnings()); },
            "What the reader warned about (bpat.Diagnostic records).")
        .def("__repr__", [](const PyRecording &r) {
            return QStringLiteral("<bpat.Recording %1: version %2, %3 curves, %4 keys, %5 s>")
                .arg(r.path(), r.animation().versionString())
                .arg(r.animation().curveCount())
                .arg(r.animation().keyCount())
                .arg(r.animation().duration());
        });
}

} // namespace bpat::python
