#pragma once
// Runs the real `bpat` executable for CLI tests and captures exit code, stdout and stderr.
#include "TestPaths.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

namespace testcli {

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    QJsonObject json() const { return QJsonDocument::fromJson(out).object(); }
    QString outText() const { return QString::fromUtf8(out); }
    QString errText() const { return QString::fromUtf8(err); }
};

inline Run bpat(const QStringList &args)
{
    QProcess p;
    p.start(testpaths::bpatExecutable(), args);
    Run r;
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit)
        return r;
    r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

} // namespace testcli
