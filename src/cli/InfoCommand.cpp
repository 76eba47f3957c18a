// `bpat info FILE [--json]`: header, offsets, clips and sockets of a BPAT file.
#include "bpat/BpatFile.h"
#include "bpat/SectionLayout.h"
#include "BprmCli.h"
#include "BpsmCli.h"
#include "CliSupport.h"
#include "CommandRegistry.h"
#include "formats/FormatRegistry.h"
#include "io/NativeName.h"
#include "mesh/Rig.h"
#include "motion/BoneRoles.h"

#include <QCommandLineParser>
#include <cmath>

namespace bpat::cli {

namespace {

QJsonValue number(float v)
{
    return std::isfinite(v) ? QJsonValue(double(v)) : QJsonValue(QJsonValue::Null);
}

// What keeps the tables from being read, as the text output says it: the command then exits 1.
struct Finding
{
    QString code;
    QString message;
};

QList<Finding> structuralFindings(const BpatFile &file)
{
    QList<Finding> out;
    if (!file.clipTableInBounds())
        out.append({QStringLiteral("CLIP_TABLE_OUT_OF_BOUNDS"), QStringLiteral("the clip table is not inside the file")});
    if (!file.socketTableInBounds())
        out.append({QStringLiteral("SOCKET_TABLE_OUT_OF_BOUNDS"), QStringLiteral("the socket table is not inside the file")});
    if (!file.stringTableInBounds())
        out.append({QStringLiteral("STRING_TABLE_OUT_OF_BOUNDS"),
                    QStringLiteral("the string table is not inside the file (no clip or socket name can be read)")});
    return out;
}

QJsonArray findingsJson(const BpatFile &file)
{
    QJsonArray out;
    for (const Finding &f : structuralFindings(file)) {
        out.append(QJsonObject{{QStringLiteral("code"), f.code},
                               {QStringLiteral("severity"), QStringLiteral("error")},
                               {QStringLiteral("message"), f.message + QStringLiteral(" (run bpat validate for details)")}});
    }
    return out;
}

// The file's sections as SectionLayout places them (what the app's Layout panel shows).
QJsonArray sectionsJson(const SectionLayout &layout)
{
    QJsonArray out;
    for (const LayoutSection &s : layout.sections()) {
        out.append(QJsonObject{
            {QStringLiteral("name"), s.name},
            {QStringLiteral("offset"), double(s.offset)},
            {QStringLiteral("size"), s.sizeOverflows ? QJsonValue() : QJsonValue(double(s.size))},
            {QStringLiteral("past_end"), s.pastEnd},
            {QStringLiteral("overlaps"), s.overlaps},
            {QStringLiteral("note"), s.note},
        });
    }
    return out;
}

QString sectionsText(const SectionLayout &layout)
{
    QString t = QStringLiteral("sections:\n");
    for (const LayoutSection &s : layout.sections()) {
        t += QStringLiteral("  %1 %2 %3%4\n")
                 .arg(s.offset, 10)
                 .arg(s.sizeOverflows ? QStringLiteral("?") : QString::number(s.size), 10)
                 .arg(s.name, s.note.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(s.note));
    }
    return t;
}

// The bones' names and parents: the game's rig of the file's species and bone count (any era),
// a late-v3 file's own parent table, or index names when the studio does not know the rig.
struct BoneTable
{
    std::optional<Rig> rig;
    int count = 0;
    QString source;      // "game", "description", "file_parents", "unknown"
    QString description; // for people

    static BoneTable of(const BpatFile &file)
    {
        BoneTable t;
        t.count = file.header().boneCount >= 1 && file.header().boneCount <= 64 ? int(file.header().boneCount) : 0;
        t.rig = file.rig();
        if (t.rig && t.rig->boneCount() != t.count)
            t.rig.reset();
        if (!t.rig) {
            t.source = QStringLiteral("unknown");
            t.description = QStringLiteral("unknown rig: bones named by index, parents unknown");
            return t;
        }
        switch (t.rig->source()) {
        case Rig::Source::Game: t.source = QStringLiteral("game"); break;
        case Rig::Source::Description: t.source = QStringLiteral("description"); break;
        case Rig::Source::FileParents: t.source = QStringLiteral("file_parents"); break;
        }
        t.description = t.rig->describeSource();
        return t;
    }
    QString name(int b) const { return rig ? rig->bone(b).name : QStringLiteral("bone %1").arg(b); }
    int parent(int b) const { return rig ? rig->bone(b).parent : -1; }
};

QJsonArray bonesJson(const BoneTable &table, const BoneRoles &roles)
{
    QJsonArray out;
    for (int b = 0; b < table.count; ++b) {
        const int parent = table.parent(b);
        out.append(QJsonObject{{QStringLiteral("index"), b},
                               {QStringLiteral("name"), table.name(b)},
                               {QStringLiteral("parent"), parent >= 0 && table.rig ? QJsonValue(parent) : QJsonValue()},
                               {QStringLiteral("control"), roles.isControl(b) ? QJsonValue(roles.control.at(b)) : QJsonValue()}});
    }
    return out;
}

QJsonObject infoJson(const BpatFile &file)
{
    const BpatHeader &h = file.header();
    QJsonArray clips;
    for (const BpatClipInfo &c : file.clips()) {
        QJsonObject clip{
            {QStringLiteral("index"), c.index},
            {QStringLiteral("name"), c.name},
            {QStringLiteral("frame_count"), qint64(c.frameCount)},
            {QStringLiteral("frame_offset"), qint64(c.frameOffset)},
            {QStringLiteral("fps"), number(c.fps)},
            {QStringLiteral("loops"), c.loops()},
            {QStringLiteral("duration"), std::isfinite(c.duration()) ? QJsonValue(c.duration()) : QJsonValue()},
        };
        if (c.hasMarkers) {
            QJsonObject markers;
            for (int k = 0; k < format::MarkerCount; ++k)
                markers.insert(QLatin1String(format::MarkerKeys[k]), number(c.markers[k]));
            clip.insert(QStringLiteral("markers"), markers);
        }
        if (c.hasV3Fields) {
            clip.insert(QStringLiteral("flags"), int(c.flags));
            clip.insert(QStringLiteral("supplies_ground_contact"), c.suppliesGroundContact());
            clip.insert(QStringLiteral("variant_family"), int(c.variantFamily));
            clip.insert(QStringLiteral("variant_ordinal"), int(c.variantOrdinal));
        }
        clips.append(clip);
    }
    QJsonArray sockets;
    for (const BpatSocketInfo &s : file.sockets()) {
        sockets.append(QJsonObject{
            {QStringLiteral("index"), s.index},
            {QStringLiteral("name"), s.name},
            {QStringLiteral("anchor_bone"), qint64(s.anchorBone)},
            {QStringLiteral("local_offset"),
             QJsonArray{number(s.localOffset.x()), number(s.localOffset.y()), number(s.localOffset.z())}},
        });
    }
    const auto socketData = h.socketCount > 0 ? file.socketDataOffset() : std::optional<quint64>(0);
    QJsonObject out{
        {QStringLiteral("path"), NativeName::display(file.path())},
        {QStringLiteral("file_size"), qint64(file.fileSize())},
        {QStringLiteral("version"), qint64(h.version)},
        {QStringLiteral("species_id"), qint64(h.speciesId)},
        {QStringLiteral("species"), file.speciesName().isEmpty() ? QJsonValue() : QJsonValue(file.speciesName())},
        {QStringLiteral("bone_count"), qint64(h.boneCount)},
        {QStringLiteral("socket_count"), qint64(h.socketCount)},
        {QStringLiteral("clip_count"), qint64(h.clipCount)},
        {QStringLiteral("frame_total"), qint64(h.frameTotal)},
        {QStringLiteral("string_table_size"), qint64(h.stringTableSize)},
        {QStringLiteral("clip_table_offset"), double(h.clipTableOffset)},
        {QStringLiteral("socket_table_offset"), double(h.socketTableOffset)},
        {QStringLiteral("string_table_offset"), double(h.stringTableOffset)},
        {QStringLiteral("palette_data_offset"), double(h.paletteDataOffset)},
        {QStringLiteral("socket_data_offset"), socketData ? QJsonValue(double(*socketData)) : QJsonValue()},
        {QStringLiteral("clips"), clips},
        {QStringLiteral("sockets"), sockets},
        {QStringLiteral("findings"), findingsJson(file)},
        {QStringLiteral("sections"), sectionsJson(SectionLayout::of(file))},
        {QStringLiteral("dialect"), format::dialectName(file.dialect())},
    };
    const BoneTable bones = BoneTable::of(file);
    out.insert(QStringLiteral("rig"),
               QJsonObject{{QStringLiteral("name"), bones.rig ? QJsonValue(bones.rig->name()) : QJsonValue()},
                           {QStringLiteral("source"), bones.source},
                           {QStringLiteral("known_names"), bones.rig && bones.rig->knownNames()},
                           {QStringLiteral("description"), bones.description}});
    out.insert(QStringLiteral("bones"), bonesJson(bones, BoneRoles::forFile(file)));
    if (file.hasV3Extension()) {
        const BpatV3Extension &x = file.v3Extension();
        out.insert(QStringLiteral("contact_data_offset"), double(x.contactDataOffset));
        out.insert(QStringLiteral("contact_entry_count"), qint64(x.contactEntryCount));
        out.insert(QStringLiteral("bind_palette_offset"), double(x.bindPaletteOffset));
        out.insert(QStringLiteral("bone_parent_offset"), double(x.boneParentOffset));
        if (file.boneParentsInBounds()) {
            QJsonArray parents;
            for (quint8 p : file.boneParents())
                parents.append(p == format::NoParentBone ? -1 : int(p));
            out.insert(QStringLiteral("bone_parents"), parents);
        }
    }
    return out;
}

QString infoText(const BpatFile &file)
{
    const BpatHeader &h = file.header();
    QString t;
    t += QStringLiteral("%1: %2 bytes\n").arg(shown(file.path())).arg(file.fileSize());
    t += QStringLiteral("version %1 (%8), species %2 (%3), %4 bones, %5 sockets, %6 clips, %7 frames\n")
             .arg(h.version)
             .arg(h.speciesId)
             .arg(file.speciesName().isEmpty() ? QStringLiteral("unknown") : file.speciesName())
             .arg(h.boneCount)
             .arg(h.socketCount)
             .arg(h.clipCount)
             .arg(h.frameTotal)
             .arg(format::dialectName(file.dialect()));
    t += QStringLiteral("clip table at %1, socket table at %2, string table at %3 (%4 bytes)\n")
             .arg(h.clipTableOffset)
             .arg(h.socketTableOffset)
             .arg(h.stringTableOffset)
             .arg(h.stringTableSize);
    const auto paletteSize = file.paletteByteSize(); // nullopt when it overflows 64 bits
    t += QStringLiteral("palette at %1 (%2 bytes)")
             .arg(h.paletteDataOffset)
             .arg(paletteSize ? QString::number(*paletteSize) : QStringLiteral("?"));
    if (h.socketCount > 0) {
        const auto at = file.socketDataOffset();
        t += QStringLiteral(", socket data at %1 (%2 bytes)")
                 .arg(at ? QString::number(*at) : QStringLiteral("?"))
                 .arg(file.socketDataByteSize() ? QString::number(*file.socketDataByteSize()) : QStringLiteral("?"));
    }
    t += QLatin1Char('\n');
    if (file.hasV3Extension()) {
        const BpatV3Extension &x = file.v3Extension();
        t += QStringLiteral("v3 extension: %1 contact records at %2, bind palette at %3, bone parents at %4\n")
                 .arg(x.contactEntryCount)
                 .arg(x.contactDataOffset)
                 .arg(x.bindPaletteOffset)
                 .arg(x.boneParentOffset);
        if (file.boneParentsInBounds()) {
            QStringList parents;
            for (quint8 p : file.boneParents())
                parents << (p == format::NoParentBone ? QStringLiteral("-") : QString::number(p));
            t += QStringLiteral("bone parents: %1\n").arg(parents.join(QLatin1Char(' ')));
        }
    }
    const BoneTable bones = BoneTable::of(file);
    if (bones.count > 0) {
        QStringList names;
        for (int b = 0; b < bones.count; ++b) {
            const int parent = bones.parent(b);
            names << (parent >= 0 ? QStringLiteral("%1 %2(%3)").arg(b).arg(bones.name(b)).arg(parent)
                                  : QStringLiteral("%1 %2").arg(b).arg(bones.name(b)));
        }
        t += QStringLiteral("bones (%1): %2\n").arg(bones.description, names.join(QStringLiteral(", ")));
    }
    if (!file.clipTableInBounds())
        t += QStringLiteral("clips: the clip table is not inside the file (run bpat validate)\n");
    else
        t += QStringLiteral("clips:\n");
    for (const BpatClipInfo &c : file.clips()) {
        t += QStringLiteral("  [%1] %2 %3 frames from %4, %5 fps, %6, %7 s\n")
                 .arg(c.index, 2)
                 .arg(shown(c.name), -16)
                 .arg(c.frameCount, 3)
                 .arg(c.frameOffset, 4)
                 .arg(formatFloat(c.fps))
                 .arg(c.loops() ? QStringLiteral("loops") : QStringLiteral("one-shot"))
                 .arg(c.duration(), 0, 'f', 3);
        if (c.hasMarkers) {
            QStringList parts;
            for (int k = 0; k < format::MarkerCount; ++k) {
                if (c.markers[k] != -1.0f)
                    parts << QStringLiteral("%1 %2").arg(QLatin1String(format::MarkerKeys[k]), formatFloat(c.markers[k]));
            }
            if (c.hasV3Fields)
                t += QStringLiteral("       flags 0x%1, variant family %2 ordinal %3%4\n")
                         .arg(c.flags, 2, 16, QLatin1Char('0'))
                         .arg(c.variantFamily)
                         .arg(c.variantOrdinal)
                         .arg(c.suppliesGroundContact() ? QStringLiteral(", supplies ground contact") : QString());
            t += QStringLiteral("       markers: %1\n")
                     .arg(parts.isEmpty() ? QStringLiteral("none") : parts.join(QStringLiteral(", ")));
        }
    }
    if (!file.stringTableInBounds())
        t += QStringLiteral("names: the string table is not inside the file (run bpat validate)\n");
    if (h.socketCount > 0) {
        if (!file.socketTableInBounds())
            t += QStringLiteral("sockets: the socket table is not inside the file (run bpat validate)\n");
        else
            t += QStringLiteral("sockets:\n");
    }
    for (const BpatSocketInfo &s : file.sockets()) {
        t += QStringLiteral("  [%1] %2 bone %3, offset (%4, %5, %6)\n")
                 .arg(s.index, 2)
                 .arg(shown(s.name), -16)
                 .arg(s.anchorBone)
                 .arg(formatFloat(s.localOffset.x()), formatFloat(s.localOffset.y()), formatFloat(s.localOffset.z()));
    }
    t += sectionsText(SectionLayout::of(file));
    return t;
}

int runInfo(const QStringList &args)
{
    const QString command = args.value(0);
    QCommandLineParser parser;
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON instead of text."));
    parser.addOption(json);
    parser.addPositionalArgument(
        QStringLiteral("FILE"),
        QStringLiteral("The BPAT file (or BPSM snapshot mesh, BPRM body, or input animation recording)."));
    if (const auto exit = parseArguments(
            parser, args, QStringLiteral("Shows the header, offsets, clips, sockets and section layout of a BPAT file.")))
        return *exit;
    if (parser.positionalArguments().size() != 1)
        return usageError(parser, command, QStringLiteral("expected exactly one FILE"));

    const QString path = parser.positionalArguments().constFirst();
    switch (FormatRegistry::detect(path)) {
    case FileKind::Bpsm: // a minimal snapshot mesh
        return bpsmInfo(command, path, parser.isSet(json));
    case FileKind::Bprm: // a rigged body
        return bprmInfo(command, path, parser.isSet(json));
    case FileKind::InputAnimation: { // a recording: what `bpat anim info` shows
        QStringList animArgs{QStringLiteral("bpat anim"), QStringLiteral("info"), path};
        if (parser.isSet(json))
            animArgs << QStringLiteral("--json");
        return CommandRegistry::instance().find(QStringLiteral("anim"))->run(animArgs);
    }
    case FileKind::Bpat:
    case FileKind::Unknown: break;
    }
    QString error;
    const bool asJson = parser.isSet(json);
    const auto file = BpatFile::open(path, &error);
    if (!file)
        return jsonFailure(command, asJson, QStringLiteral("IO_ERROR"), path, error);
    if (!file->hasHeader() || !file->hasMagic())
        return jsonFailure(command, asJson, file->hasHeader() ? QStringLiteral("BAD_MAGIC") : QStringLiteral("FILE_TOO_SMALL"),
                           path, QStringLiteral("%1: not a BPAT file (no 64-byte header starting with BPAT)").arg(file->path()));
    if (asJson)
        printJson(infoJson(*file));
    else
        printOut(infoText(*file));
    // What is shown is all there is to read, but the file is broken: say so in the exit status.
    return structuralFindings(*file).isEmpty() ? ExitOk : ExitFailure;
}

const CommandRegistrar registrar({QStringLiteral("info"), QStringLiteral("info FILE [--json]"), runInfo});

} // namespace

} // namespace bpat::cli
