#pragma once
// bpat.BpatFile: a BPAT file of any dialect opened in place (BpatFile), its header, tables and
// bones as Python records (PyBpatFile.cpp), its palette, socket rows and v3 blocks as read-only
// NumPy views into the mapping and its global matrices (PyBpatArrays.cpp).
#include "PyMapping.h"

#include "bpat/BpatFile.h"

namespace bpat::python {

class PyBpatFile : public Constructed
{
public:
    explicit PyBpatFile(BpatFile file);

    // The open file (a handle sharing the mapping: work that runs without the GIL keeps its own,
    // so another thread's close() cannot pull the mapping from under it); ValueError once closed,
    // TypeError for an instance made with __new__ alone.
    BpatFile file() const;
    std::shared_ptr<Mapping> mapping() const;
    void close();
    bool closed() const
    {
        check("BpatFile", "use bpat.open(path)");
        return !m_mapping;
    }

    // A clip given as an index (negative from the end), a name (else a decimal index, as the
    // CLI takes it) or a bpat.Clip; bpat.NotFoundError (CLIP_NOT_FOUND) otherwise.
    int clipIndex(const py::handle &clip) const;
    // A frame of a clip, Python style; bpat.NotFoundError (FRAME_NOT_FOUND) otherwise.
    quint32 frameIndex(int clip, qint64 frame) const;
    // The clip's first global frame, when all its frames lie in the palette (bpat.FileError with
    // the validation code otherwise).
    quint32 clipFrames(int clip) const;

    py::object clips; // cached lists of records
    py::object sockets;
    py::object bones;

private:
    std::shared_ptr<Mapping> m_mapping;
};

// bpat.open for BPAT files: FileError when the path cannot be mapped or holds no BPAT header.
PyBpatFile openBpat(const QString &path);

// The arrays' methods of bpat.BpatFile (PyBpatArrays.cpp).
void bindBpatArrays(py::class_<PyBpatFile> &type);

} // namespace bpat::python
