#pragma once
// The parts of the bpat module, each binding its share of the core (BpatModule.cpp calls them).
#include "PyCommon.h"

namespace bpat {
class BpatFile;
}

namespace bpat::python {

void bindMapping(py::module_ &m);    // bpat.Mapping (PyMapping.cpp)
void bindBpatFile(py::module_ &m);   // bpat.BpatFile (PyBpatFile.cpp, PyBpatArrays.cpp)
void bindSnapshot(py::module_ &m);   // bpat.SnapshotFile (PySnapshot.cpp)
void bindBody(py::module_ &m);       // bpat.BodyFile (PyBody.cpp)
void bindRecording(py::module_ &m);  // bpat.Recording, bpat.Curve (PyRecording.cpp)
void bindChecks(py::module_ &m);     // open, detect, validate, codes, analyze (PyChecks.cpp)
void bindDocument(py::module_ &m);   // bpat.Document: edits and saves (PyDocument.cpp)
void bindWriters(py::module_ &m);    // convert, rebake, export_gltf, import_gltf (PyWriters.cpp)
void bindMotionEdit(py::module_ &m); // edit, mirror_pairs (PyMotionEdit.cpp)
void bindFix(py::module_ &m);        // fix: the motion repairs of `bpat fix` (PyFix.cpp)
void bindRender(py::module_ &m);     // render: pictures off-screen (PyRender.cpp; with the app's GL library)

// bpat.validate and bpat.analyze of a file opened already (bpat.BpatFile.validate, .analyze).
py::object validateOpened(const BpatFile &file, const py::object &profile, const py::object &era, bool deep, int maxIssues,
                          const py::object &motion, int threads);
py::dict analyzeOpened(const BpatFile &file, const py::object &clips, const py::object &cycleTimes);

// bpat.open per kind.
py::object openSnapshot(const QString &path);
py::object openBody(const QString &path);
py::dtype vertexDtype(); // the 56-byte vertex of BPSM snapshots and BPRM bodies (PySnapshot.cpp)
py::object openRecording(const QString &path);

} // namespace bpat::python
