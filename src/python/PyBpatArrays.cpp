// bpat.BpatFile's arrays: read-only views into the mapping (palette, socket rows, contacts, bind
// palette) and the global matrices (a view where the file stores them, computed for late v3).
#include "PyBpatFile.h"

#include "bpat/GlobalPalette.h"
#include "diagnostics/ValidationCodes.h"
#include "PyBuffers.h"
#include "PyWork.h"

namespace bpat::python {

namespace {

constexpr py::ssize_t Matrix = py::ssize_t(format::MatrixSize);
constexpr py::ssize_t Row = py::ssize_t(format::SocketRowSize);

py::dtype float32()
{
    return py::dtype("<f4");
}

// frames x bones matrices (or one frame's bones) from `first`, as stored.
py::array paletteView(const PyBpatFile &self, int clip, const py::object &frame)
{
    const BpatFile &f = self.file();
    const quint32 first = self.clipFrames(clip);
    const py::ssize_t bones = py::ssize_t(f.header().boneCount);
    const uchar *base = f.paletteBytes() + quint64(first) * quint64(bones) * quint64(Matrix);
    if (frame.is_none()) {
        const py::ssize_t frames = py::ssize_t(f.clips().at(clip).frameCount);
        return view(self.mapping(), base, float32(), {frames, bones, 4, 4}, {bones * Matrix, Matrix, 16, 4});
    }
    const quint32 k = self.frameIndex(clip, frame.cast<qint64>());
    return view(self.mapping(), base + quint64(k) * quint64(bones) * quint64(Matrix), float32(), {bones, 4, 4}, {Matrix, 16, 4});
}

py::object globalsOf(const PyBpatFile &self, int clip, const py::object &frame, int threads, const py::object &outArg)
{
    const BpatFile &f = self.file();
    if (!f.storesSkinningMatrices() && outArg.is_none())
        return paletteView(self, clip, frame); // the file stores the globals: no copy
    const quint32 first = self.clipFrames(clip);
    const py::ssize_t bones = py::ssize_t(f.header().boneCount);
    quint32 from = first;
    quint32 count = f.clips().at(clip).frameCount;
    std::vector<py::ssize_t> shape{py::ssize_t(count), bones, 4, 4};
    if (!frame.is_none()) {
        from = first + self.frameIndex(clip, frame.cast<qint64>());
        count = 1;
        shape = {bones, 4, 4};
    }
    py::array_t<float> out;
    if (outArg.is_none()) {
        out = newFloatArray(shape);
    } else {
        // A caller's buffer, reused from call to call: float32, C-contiguous, writeable, this shape.
        if (!py::isinstance<py::array_t<float>>(outArg))
            throw py::type_error("out: expected a float32 numpy array");
        out = outArg.cast<py::array_t<float>>();
        const bool contiguous = (out.flags() & py::array::c_style) != 0;
        if (!contiguous || !out.writeable() || std::vector<py::ssize_t>(out.shape(), out.shape() + out.ndim()) != shape)
            throw py::value_error("out: expected a writeable C-contiguous float32 array of the result's shape");
    }
    float *target = out.mutable_data();
    const BpatFile copy = f; // the work runs without the GIL: no Python object is touched
    const bool ok = withoutGil([&] { return GlobalPalette::read(copy, from, count, target, threads); });
    if (!ok)
        raise(ErrorKind::File, codes::PALETTE_OUT_OF_BOUNDS, QStringLiteral("the clip's frames are not inside the palette"),
              f.path());
    return std::move(out);
}

} // namespace

void bindBpatArrays(py::class_<PyBpatFile> &type)
{
    type.def(
            "palette",
            [](const PyBpatFile &self, const py::handle &clip, const py::object &frame) {
                return paletteView(self, self.clipIndex(clip), frame);
            },
            py::arg("clip"), py::arg("frame") = py::none(),
            "The clip's matrices as the file stores them: a read-only float32 view INTO the mapping (no copy) of shape "
            "(frames, bones, 4, 4), or (bones, 4, 4) for one frame. v1, v2 and early v3 store row-major global matrices "
            "(m[r, c]); late v3 column-major skinning matrices, so m.T (or .transpose(0, 1, 3, 2)) is the matrix. "
            "array.base is the file's bpat.Mapping, which stays mapped while the view lives.")
        .def(
            "globals",
            [](const PyBpatFile &self, const py::handle &clip, const py::object &frame, int threads, const py::object &out) {
                return globalsOf(self, self.clipIndex(clip), frame, threads, out);
            },
            py::arg("clip"), py::arg("frame") = py::none(), py::arg("threads") = 0, py::arg("out") = py::none(),
            "The clip's global (model-space) matrices, row-major, whatever the dialect: shape (frames, bones, 4, 4) or "
            "(bones, 4, 4). Where the file stores globals (v1, v2, early v3) this is palette(), a read-only view; late v3 "
            "gives a new array of skin x bind with the core's exact bits (BpatFile::globalMatrixFloats), computed "
            "without the GIL on `threads` threads (0: all). `out`: a float32 array of the result's shape to write into "
            "instead (a copy then for every dialect), e.g. reused over many calls.")
        .def(
            "global_matrix",
            [](const PyBpatFile &self, const py::handle &clip, qint64 frame, qint64 bone) {
                const int c = self.clipIndex(clip);
                const quint32 k = self.frameIndex(c, frame);
                const BpatFile &f = self.file();
                const auto b = pyIndex(bone, f.header().boneCount);
                if (!b)
                    raise(ErrorKind::NotFound, QStringLiteral("BONE_NOT_FOUND"), QStringLiteral("no bone %1").arg(bone),
                          f.path());
                const auto floats = f.globalMatrixFloats(*f.globalFrame(c, k), quint32(*b));
                if (!floats)
                    raise(ErrorKind::File, codes::PALETTE_OUT_OF_BOUNDS, QStringLiteral("the matrix is not inside the file"),
                          f.path());
                py::array_t<float> out({4, 4});
                std::copy(floats->begin(), floats->end(), out.mutable_data());
                return out;
            },
            py::arg("clip"), py::arg("frame"), py::arg("bone"),
            "One bone's global matrix (4, 4) through the core's per-matrix accessor.")
        .def(
            "socket_rows",
            [](const PyBpatFile &self, const py::handle &clipArg, const py::object &frame) {
                const int clip = self.clipIndex(clipArg);
                const BpatFile &f = self.file();
                const quint32 first = self.clipFrames(clip);
                const py::ssize_t sockets = py::ssize_t(f.header().socketCount);
                const py::ssize_t frames = frame.is_none() ? py::ssize_t(f.clips().at(clip).frameCount) : 1;
                const quint32 from = first + (frame.is_none() ? 0 : self.frameIndex(clip, frame.cast<qint64>()));
                std::vector<py::ssize_t> shape{frames, sockets, 3, 4}, strides{sockets * Row, Row, 16, 4};
                if (!frame.is_none()) {
                    shape.erase(shape.begin());
                    strides.erase(strides.begin());
                }
                if (sockets == 0) {
                    py::array empty(float32(), shape);
                    empty.attr("setflags")(py::arg("write") = false);
                    return empty;
                }
                if (!f.socketDataInBounds())
                    raise(ErrorKind::File, codes::SOCKET_DATA_OUT_OF_BOUNDS,
                          QStringLiteral("the socket data is not inside the file (run bpat.validate for details)"), f.path());
                return view(self.mapping(), f.socketDataBytes() + quint64(from) * quint64(sockets) * quint64(Row), float32(),
                            shape, strides);
            },
            py::arg("clip"), py::arg("frame") = py::none(),
            "The sockets' model-space matrices, rows 0..2 as stored: a read-only view of shape (frames, sockets, 3, 4), or "
            "(sockets, 3, 4) for one frame (row 3 is 0 0 0 1).")
        .def_property_readonly(
            "contacts",
            [](const PyBpatFile &self) -> py::object {
                const BpatFile &f = self.file();
                if (!f.hasContactTable() || !f.contactTableInBounds())
                    return py::none();
                const py::ssize_t frames = py::ssize_t(f.header().frameTotal);
                return view(self.mapping(), f.data() + *f.contactOffset(0), float32(), {frames, 2}, {8, 4});
            },
            "v3: the ground contact table, a read-only view of shape (frame_total, 2): sole_y and foot_y of every frame "
            "of the file (clip c's are [c.frame_offset : c.frame_offset + c.frames]). None without one.")
        .def_property_readonly(
            "bind_palette",
            [](const PyBpatFile &self) -> py::object {
                const BpatFile &f = self.file();
                if (!f.hasBindPalette() || !f.bindPaletteInBounds())
                    return py::none();
                const py::ssize_t bones = py::ssize_t(f.header().boneCount);
                return view(self.mapping(), f.data() + f.v3Extension().bindPaletteOffset, float32(), {bones, 4, 4},
                            {Matrix, 16, 4});
            },
            "Late v3: the bind palette as stored, a read-only view of shape (bones, 4, 4), column-major (m.T is the "
            "matrix). None without one.")
        .def_property_readonly(
            "parents",
            [](const PyBpatFile &self) -> py::object {
                const BpatFile &f = self.file();
                if (!f.boneParentsInBounds())
                    return py::none();
                const QList<quint8> &raw = f.boneParents();
                py::array_t<int> out(py::ssize_t(raw.size()));
                for (qsizetype b = 0; b < raw.size(); ++b)
                    out.mutable_data()[b] = raw.at(b) == format::NoParentBone ? -1 : int(raw.at(b));
                return std::move(out);
            },
            "Late v3: the file's bone parent table as an int array (-1 for a root). None without one; the rig's "
            "parents are in `bones`.");
}

} // namespace bpat::python
