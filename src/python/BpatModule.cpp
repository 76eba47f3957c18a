// The `bpat` Python module's compiled part, bpat._bpat (docs/python.md); bpat/__init__.py
// re-exports it with the exceptions and records of bpat/_errors.py and bpat/_types.py.
#include "PyBindings.h"

PYBIND11_MODULE(_bpat, m)
{
    using namespace bpat::python;
    m.doc() = "BPAT Studio's core library for Python: the readers, checks and writers of the bpat command line.";
    m.attr("__version__") = BPAT_VERSION_STRING;
    // An argument of the wrong type (a marker given as None, a profile as a number) is a
    // TypeError, as in Python's own calls, not pybind11's RuntimeError "Unable to cast".
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p)
                std::rethrow_exception(p);
        } catch (const py::cast_error &e) {
            PyErr_SetString(PyExc_TypeError, e.what());
        }
    });
    // What the module keeps in function-level statics is made now, while the import holds the
    // GIL alone: made lazily, the first of two threads imports numpy (or bpat._types), which lets
    // the GIL go, and the second then waits for that static holding the GIL: a deadlock.
    py::detail::npy_api::get();
    initRecords();
    bindMapping(m);
    bindBpatFile(m);
    bindSnapshot(m);
    bindBody(m);
    bindRecording(m);
    bindChecks(m);
    bindDocument(m);
    bindWriters(m);
    bindMotionEdit(m);
    bindFix(m);
#ifdef BPAT_PYTHON_PICTURES
    bindRender(m);
#endif
}
