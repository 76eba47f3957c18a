#pragma once
// For the table model tests: a StudioContext with a small crafted BPAT file open (two clips,
// two sockets, three bones; see TestDocuments.h), and a second, different file to switch to.
#include "StudioContext.h"
#include "TestDocuments.h"

#include <QFile>
#include <QTemporaryDir>

namespace modeltest {

// Writes `bytes` into `dir` as `name` and returns the path ("" when it cannot).
inline QString write(const QTemporaryDir &dir, const QString &name, const QByteArray &bytes)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        return QString();
    return path;
}

inline QString smallFile(const QTemporaryDir &dir)
{
    return write(dir, QStringLiteral("small.bpat"), testdocs::smallFileBytes());
}

// The same creature without sockets and with a bad fps in clip 0 (a validation error).
inline QString otherFile(const QTemporaryDir &dir)
{
    QByteArray bytes = testdocs::smallFileBytes(false);
    testdocs::setF32(bytes, 64 + 16, -1.0f);
    return write(dir, QStringLiteral("other.bpat"), bytes);
}

} // namespace modeltest
