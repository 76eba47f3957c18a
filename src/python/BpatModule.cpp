// The `bpat` Python module's compiled part, bpat._bpat (docs/python.md); bpat/__init__.py
// re-exports it with the exceptions and records of bpat/_errors.py and bpat/_types.py.
#include "PyBindings.h"

PYBIND11_MODULE(_bpat, m)
{
    using namespace bpat::python;
    m.doc() = "BPAT Studio's core library for Python: the readers, checks and writers of the bpat command line.";
    m.attr("__version__") = BPAT_VERSION_STRING;
    bindMapping(m);
    bindBpatFile(m);
    bindSnapshot(m);
    bindRecording(m);
    bindChecks(m);
    bindDocument(m);
    bindWriters(m);
    bindFix(m);
}
