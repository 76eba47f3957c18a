#include "BprmCli.h"

#include "bprm/BodyFiles.h"
#include "bprm/BodyInfo.h"
#include "bprm/BprmFile.h"
#include "bprm/BprmFormat.h"
#include "CliSupport.h"
#include "CommandRegistry.h"
#include "io/NativeName.h"

#include <QCommandLineParser>
#include <QMap>
#include <QVector3D>
#include <cmath>

namespace bpat::cli {

namespace {

QString countsText(const QMap<int, int> &map)
{
    QStringList parts;
    for (auto it = map.cbegin(); it != map.cend(); ++it)
        parts << QStringLiteral("%1: %2").arg(it.key()).arg(it.value());
    return parts.join(QStringLiteral(", "));
}

} // namespace

int bprmInfo(const QString &command, const QString &path, bool json)
{
    QString error;
    const auto file = BprmFile::open(path, &error);
    if (!file)
        return jsonFailure(command, json, QStringLiteral("BPRM_IO_ERROR"), path, error);
    if (!file->hasHeader() || !file->hasMagic())
        return jsonFailure(command, json,
                           file->hasHeader() ? QStringLiteral("BPRM_BAD_MAGIC") : QStringLiteral("BPRM_FILE_TOO_SMALL"), path,
                           QStringLiteral("%1: not a BPRM file (no 40-byte header starting with BPRM)").arg(path));
    const BprmHeader &h = file->header();
    const BodyInfo s = BodyInfo::of(*file, path);
    const BodyFiles::PairedRig &rig = s.rig;
    const bool inBounds = s.inBounds;
    if (json) {
        printJson(s.toJson(*file, NativeName::display(path)));
        return inBounds ? ExitOk : ExitFailure;
    }
    QString t;
    t += QStringLiteral("%1: %2 bytes, BPRM rigged body\n").arg(shown(path)).arg(file->fileSize());
    t += QStringLiteral("version %1, lod %2 (%3), %4 vertices, %5 indices (%6 triangles)\n")
             .arg(h.version)
             .arg(h.lod)
             .arg(file->lodName())
             .arg(h.vertexCount)
             .arg(h.indexCount)
             .arg(h.indexCount / 3);
    t += QStringLiteral("indices at %1, vertices at %2%3\n")
             .arg(h.indexDataOffset)
             .arg(h.vertexDataOffset)
             .arg(inBounds ? QString() : QStringLiteral(" (not inside the file: run bpat validate)"));
    t += QStringLiteral("rig: %1\n")
             .arg(rig.boneCount > 0 ? rig.source : QStringLiteral("none paired (no BPAT of its species beside it)"));
    if (inBounds) {
        if (s.lo.x() <= s.hi.x())
            t += QStringLiteral("bounds (bind pose, model space): (%1, %2, %3) .. (%4, %5, %6)\n")
                     .arg(formatFloat(s.lo.x()), formatFloat(s.lo.y()), formatFloat(s.lo.z()), formatFloat(s.hi.x()),
                          formatFloat(s.hi.y()), formatFloat(s.hi.z()));
        t += QStringLiteral("highest weighted bone %1; vertices per influence count {%2}\n")
                 .arg(s.highestBone)
                 .arg(countsText(s.influences));
        t += QStringLiteral("colour roles (role: vertices) {%1}; uv %2\n")
                 .arg(countsText(s.roles), s.hasUv ? QStringLiteral("set") : QStringLiteral("all zero"));
    }
    printOut(t);
    return inBounds ? ExitOk : ExitFailure;
}

int bprmDump(const QStringList &args)
{
    const QString command = args.value(0);
    QCommandLineParser parser;
    const QCommandLineOption vertices(QStringLiteral("vertices"),
                                      QStringLiteral("The vertices to print: FIRST or FIRST:COUNT (default 0:16)."),
                                      QStringLiteral("FIRST[:COUNT]"), QStringLiteral("0:16"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON."));
    const QCommandLineOption csv(QStringLiteral("csv"), QStringLiteral("Print CSV: one row per vertex."));
    parser.addOptions({vertices, json, csv});
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("The BPRM file."));
    if (const auto exit =
            parseArguments(parser, args,
                           QStringLiteral("Prints a BPRM body's vertices as stored: position and normal (bind pose, "
                                          "model space), uv, bone indices (with the rig's names) and weights, colour role.")))
        return *exit;
    if (parser.positionalArguments().size() != 1)
        return usageError(parser, command, QStringLiteral("expected exactly one FILE"));
    if (parser.isSet(json) && parser.isSet(csv))
        return usageError(parser, command, QStringLiteral("--json and --csv exclude each other"));
    const QStringList range = parser.value(vertices).split(QLatin1Char(':'));
    const auto first = parseUInt(range.value(0));
    const auto count = range.size() > 1 ? parseUInt(range.value(1)) : std::optional<quint32>(1);
    if (range.size() > 2 || !first || !count)
        return usageError(parser, command,
                          QStringLiteral("--vertices expects FIRST or FIRST:COUNT, got '%1'").arg(parser.value(vertices)));
    const QString path = parser.positionalArguments().constFirst();
    const bool asJson = parser.isSet(json);
    QString error;
    const auto file = BprmFile::open(path, &error);
    if (!file)
        return jsonFailure(command, asJson, QStringLiteral("BPRM_IO_ERROR"), path, error);
    if (!file->hasMagic())
        return jsonFailure(command, asJson, QStringLiteral("BPRM_BAD_MAGIC"), path,
                           QStringLiteral("%1: not a BPRM file").arg(path));
    if (!file->vertexDataInBounds())
        return jsonFailure(command, asJson, QStringLiteral("BPRM_VERTEX_DATA_OUT_OF_BOUNDS"), path,
                           QStringLiteral("%1: the vertex data is not inside the file (run bpat validate)").arg(path));
    const quint32 total = file->header().vertexCount;
    if (*first >= total)
        return jsonFailure(command, asJson, QStringLiteral("VERTEX_NOT_FOUND"), path,
                           QStringLiteral("%1: vertex %2 does not exist (%3 vertices)").arg(path).arg(*first).arg(total));
    const quint32 last = quint32(std::min<quint64>(total, quint64(*first) + *count));
    const std::optional<Rig> rig = BodyFiles::rigOf(path);
    // A rig without names for these bones says "bone N": nothing to add to the index then.
    const auto boneName = [&](int b) {
        const QString name = rig && b < rig->boneCount() ? rig->bone(b).name : QString();
        return name == QStringLiteral("bone %1").arg(b) ? QString() : name;
    };
    QJsonArray out;
    QString t = parser.isSet(csv)
        ? QStringLiteral("index,px,py,pz,nx,ny,nz,u,v,b0,b1,b2,b3,w0,w1,w2,w3,role\n")
        : QStringLiteral("%1: vertices %2..%3 of %4 (position and normal in the bind pose, model space)\n")
              .arg(shown(path))
              .arg(*first)
              .arg(last - 1)
              .arg(total);
    for (quint32 i = *first; i < last; ++i) {
        const CreatureVertex v = *file->vertex(i);
        if (asJson) {
            QJsonArray bones;
            for (int k = 0; k < 4; ++k) {
                QJsonObject b{{QStringLiteral("bone"), int(v.bones[k])}, {QStringLiteral("weight"), double(v.weights[k])}};
                if (!boneName(v.bones[k]).isEmpty())
                    b.insert(QStringLiteral("name"), boneName(v.bones[k]));
                bones.append(b);
            }
            out.append(QJsonObject{{QStringLiteral("index"), qint64(i)},
                                   {QStringLiteral("position"), floatArray(v.position, 3)},
                                   {QStringLiteral("normal"), floatArray(v.normal, 3)},
                                   {QStringLiteral("uv"), floatArray(v.uv, 2)},
                                   {QStringLiteral("influences"), bones},
                                   {QStringLiteral("color_role"), int(v.colorRole)}});
        } else if (parser.isSet(csv)) {
            QStringList row{QString::number(i)};
            for (float f : v.position)
                row << formatFloat(f);
            for (float f : v.normal)
                row << formatFloat(f);
            for (float f : v.uv)
                row << formatFloat(f);
            for (quint8 b : v.bones)
                row << QString::number(b);
            for (float f : v.weights)
                row << formatFloat(f);
            row << QString::number(v.colorRole);
            t += row.join(QLatin1Char(',')) + QLatin1Char('\n');
        } else {
            QStringList influences;
            for (int k = 0; k < 4; ++k) {
                if (v.weights[k] == 0.0f)
                    continue;
                const QString name = boneName(v.bones[k]);
                influences << QStringLiteral("%1%2 %3")
                                  .arg(v.bones[k])
                                  .arg(name.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(name), formatFloat(v.weights[k]));
            }
            t += QStringLiteral("[%1] p (%2, %3, %4) n (%5, %6, %7) uv (%8, %9) role %10; %11\n")
                     .arg(i)
                     .arg(formatFloat(v.position[0]), formatFloat(v.position[1]), formatFloat(v.position[2]),
                          formatFloat(v.normal[0]), formatFloat(v.normal[1]), formatFloat(v.normal[2]), formatFloat(v.uv[0]),
                          formatFloat(v.uv[1]))
                     .arg(v.colorRole)
                     .arg(influences.isEmpty() ? QStringLiteral("no influence") : influences.join(QStringLiteral(", ")));
        }
    }
    if (asJson)
        printJson(QJsonObject{{QStringLiteral("path"), NativeName::display(path)},
                              {QStringLiteral("vertex_count"), qint64(total)},
                              {QStringLiteral("first"), qint64(*first)},
                              {QStringLiteral("vertices"), out}});
    else
        printOut(t);
    return ExitOk;
}

} // namespace bpat::cli
