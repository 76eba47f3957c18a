// `bpat dump FILE --clip NAME|INDEX --frame N [--json|--csv]`: one frame's stored matrices
// (16 floats per bone, row-major as in the file) and socket rows (12 floats per socket).
// `bpat dump BODY.bprm [--vertices FIRST[:COUNT]] [--json|--csv]`: a body's vertices (BprmCli).
#include "BprmCli.h"
#include "bpat/BpatFile.h"
#include "formats/FormatRegistry.h"
#include "CliSupport.h"
#include "CommandRegistry.h"
#include "mesh/Rig.h"
#include "species/SpeciesRig.h"

#include <QCommandLineParser>

namespace bpat::cli {

namespace {

struct Frame
{
    int clip = -1;
    quint32 frame = 0;
    quint32 global = 0;
    QList<std::array<float, 16>> palette; // as stored
    QList<std::array<float, 16>> globals; // row-major global matrices
    std::optional<std::pair<float, float>> contact;
    QList<std::array<float, 12>> sockets; // empty when the socket data is not in the file
};

QString joinFloats(const float *v, int n, QChar sep)
{
    QStringList parts;
    for (int i = 0; i < n; ++i)
        parts << formatFloat(v[i]);
    return parts.join(sep);
}

QString csvField(const QString &text)
{
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) && !text.contains(QLatin1Char('\n')))
        return text;
    return QLatin1Char('"') + QString(text).replace(QLatin1String("\""), QLatin1String("\"\"")) + QLatin1Char('"');
}

QString dumpCsv(const BpatFile &file, const Frame &f)
{
    const SpeciesRig *rig = SpeciesRig::game(file.header().speciesId, int(file.header().boneCount));
    QString t = QStringLiteral("kind,index,name");
    for (int k = 0; k < 16; ++k)
        t += QStringLiteral(",f%1").arg(k);
    t += QLatin1Char('\n');
    for (int b = 0; b < f.palette.size(); ++b) {
        const QString name = rig ? rig->rig().bone(b).name : QString();
        t += QStringLiteral("bone,%1,%2,%3\n")
                 .arg(b)
                 .arg(csvField(name), joinFloats(f.palette.at(b).data(), 16, QLatin1Char(',')));
    }
    for (int s = 0; s < f.sockets.size(); ++s) {
        t += QStringLiteral("socket,%1,%2,%3,,,,\n")
                 .arg(s)
                 .arg(csvField(shown(file.sockets().value(s).name)), joinFloats(f.sockets.at(s).data(), 12, QLatin1Char(',')));
    }
    return t;
}

QString dumpText(const BpatFile &file, const Frame &f)
{
    const BpatClipInfo &clip = file.clips().at(f.clip);
    const SpeciesRig *rig = SpeciesRig::game(file.header().speciesId, int(file.header().boneCount));
    const bool skin = file.storesSkinningMatrices();
    QString t = QStringLiteral("%1: clip %2 '%3', frame %4 (global frame %5); %6 matrices row by row\n")
                    .arg(shown(file.path()))
                    .arg(f.clip)
                    .arg(shown(clip.name))
                    .arg(f.frame)
                    .arg(f.global)
                    .arg(skin ? QStringLiteral("global (skin x bind)") : QStringLiteral("stored"));
    for (int b = 0; b < f.globals.size(); ++b) {
        t += QStringLiteral("bone %1%2\n").arg(b).arg(rig ? QStringLiteral(" (%1)").arg(rig->rig().bone(b).name) : QString());
        for (int r = 0; r < 4; ++r)
            t += QStringLiteral("  %1\n").arg(joinFloats(f.globals.at(b).data() + 4 * r, 4, QLatin1Char(' ')));
    }
    if (f.contact)
        t += QStringLiteral("contact: sole_y %1, foot_y %2\n").arg(formatFloat(f.contact->first), formatFloat(f.contact->second));
    for (int s = 0; s < f.sockets.size(); ++s) {
        t += QStringLiteral("socket %1 (%2), rows 0..2\n").arg(s).arg(shown(file.sockets().value(s).name));
        for (int r = 0; r < 3; ++r)
            t += QStringLiteral("  %1\n").arg(joinFloats(f.sockets.at(s).data() + 4 * r, 4, QLatin1Char(' ')));
    }
    return t;
}

QJsonObject dumpJson(const BpatFile &file, const Frame &f)
{
    QJsonArray palette;
    for (const auto &m : f.palette)
        palette.append(floatArray(m.data(), 16));
    QJsonArray global;
    for (const auto &m : f.globals)
        global.append(floatArray(m.data(), 16));
    QJsonArray sockets;
    for (const auto &s : f.sockets)
        sockets.append(floatArray(s.data(), 12));
    QJsonObject out{
        {QStringLiteral("clip"), file.clips().at(f.clip).name},
        {QStringLiteral("clip_index"), f.clip},
        {QStringLiteral("frame"), qint64(f.frame)},
        {QStringLiteral("global_frame"), qint64(f.global)},
        {QStringLiteral("palette"), palette},
        {QStringLiteral("global"), global},
        {QStringLiteral("sockets"), sockets},
    };
    if (f.contact) {
        out.insert(QStringLiteral("contact"),
                   QJsonObject{{QStringLiteral("sole_y"), double(f.contact->first)},
                               {QStringLiteral("foot_y"), double(f.contact->second)}});
    }
    return out;
}

int runDump(const QStringList &args)
{
    // A body has vertices, not frames: its own options (BprmCli.h).
    for (qsizetype i = 1; i < args.size(); ++i) {
        if (!args.at(i).startsWith(QLatin1Char('-')) && FormatRegistry::detect(args.at(i)) == FileKind::Bprm)
            return bprmDump(args);
    }
    const QString command = args.value(0);
    QCommandLineParser parser;
    const QCommandLineOption clipOption(QStringLiteral("clip"), QStringLiteral("The clip, by name or index."),
                                        QStringLiteral("NAME|INDEX"));
    const QCommandLineOption frameOption(QStringLiteral("frame"), QStringLiteral("The frame within the clip (from 0)."),
                                         QStringLiteral("N"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON."));
    const QCommandLineOption csv(QStringLiteral("csv"),
                                 QStringLiteral("Print CSV: one row per bone (16 floats), then one per socket (12 floats)."));
    parser.addOptions({clipOption, frameOption, json, csv});
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("The BPAT file."));
    if (const auto exit = parseArguments(parser, args,
                                         QStringLiteral("Prints one frame's palette matrices as stored (16 floats per bone, "
                                                        "row-major) and its socket rows (12 floats per socket).")))
        return *exit;
    if (parser.positionalArguments().size() != 1)
        return usageError(parser, command, QStringLiteral("expected exactly one FILE"));
    if (!parser.isSet(clipOption) || !parser.isSet(frameOption))
        return usageError(parser, command, QStringLiteral("--clip and --frame are required"));
    if (parser.isSet(json) && parser.isSet(csv))
        return usageError(parser, command, QStringLiteral("--json and --csv exclude each other"));
    const auto frameNumber = parseUInt(parser.value(frameOption));
    if (!frameNumber)
        return usageError(parser, command,
                          QStringLiteral("--frame expects a non-negative integer, got '%1'").arg(parser.value(frameOption)));

    QString error;
    const auto file = BpatFile::open(parser.positionalArguments().constFirst(), &error);
    const bool asJson = parser.isSet(json);
    const QString path = parser.positionalArguments().constFirst();
    if (!file)
        return jsonFailure(command, asJson, QStringLiteral("IO_ERROR"), path, error);
    if (!file->hasHeader() || !file->hasMagic())
        return jsonFailure(command, asJson, file->hasHeader() ? QStringLiteral("BAD_MAGIC") : QStringLiteral("FILE_TOO_SMALL"),
                           path, QStringLiteral("%1: not a BPAT file").arg(file->path()));
    Frame f;
    f.clip = file->findClipByNameOrIndex(parser.value(clipOption));
    if (f.clip < 0)
        return jsonFailure(command, asJson, QStringLiteral("CLIP_NOT_FOUND"), path,
                           QStringLiteral("%1: no clip named or numbered '%2' (%3 clips)")
                               .arg(file->path(), parser.value(clipOption))
                               .arg(file->clips().size()));
    f.frame = *frameNumber;
    const auto global = file->globalFrame(f.clip, f.frame);
    if (!global)
        return jsonFailure(command, asJson, QStringLiteral("FRAME_NOT_FOUND"), path,
                           QStringLiteral("%1: clip '%2' has %3 frames; frame %4 does not exist")
                               .arg(file->path(), file->clips().at(f.clip).name)
                               .arg(file->clips().at(f.clip).frameCount)
                               .arg(f.frame));
    f.global = *global;
    for (quint32 b = 0; b < file->header().boneCount; ++b) {
        const auto m = file->matrixFloats(f.global, b);
        if (!m)
            return jsonFailure(
                command, asJson, QStringLiteral("PALETTE_OUT_OF_BOUNDS"), path,
                QStringLiteral("%1: the matrix of bone %2 in global frame %3 is not inside the file (run bpat validate)")
                    .arg(file->path())
                    .arg(b)
                    .arg(f.global));
        f.palette.append(*m);
        f.globals.append(*file->globalMatrixFloats(f.global, b));
    }
    f.contact = file->contact(f.global);
    if (file->header().socketCount > 0 && file->socketDataInBounds()) {
        for (quint32 s = 0; s < file->header().socketCount; ++s)
            f.sockets.append(*file->socketRow(f.global, s));
    } else if (file->header().socketCount > 0) {
        printErr(QStringLiteral("%1: warning: socket data is not inside the file; no socket rows\n").arg(command));
    }

    if (parser.isSet(json))
        printJson(dumpJson(*file, f));
    else if (parser.isSet(csv))
        printOut(dumpCsv(*file, f));
    else
        printOut(dumpText(*file, f));
    return ExitOk;
}

const CommandRegistrar registrar(
    {QStringLiteral("dump"),
     QStringLiteral(
         "dump FILE --clip NAME|INDEX --frame N [--json|--csv] | dump BODY.bprm [--vertices FIRST[:COUNT]] [--json|--csv]"),
     runDump});

} // namespace

} // namespace bpat::cli
