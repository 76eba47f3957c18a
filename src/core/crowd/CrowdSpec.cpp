#include "crowd/CrowdSpec.h"

#include "diagnostics/JsonReader.h"
#include "io/RegularFile.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <cmath>

namespace bpat {

namespace {

const JsonReader::Codes kCodes{QStringLiteral("CROWD_BAD_VALUE"), QStringLiteral("CROWD_BAD_VALUE"),
                               QStringLiteral("CROWD_UNKNOWN_KEY")};
constexpr double kMaxMetres = 1.0e5; // a formation fits in 100 km

std::optional<QPointF> pair(JsonReader &reader, const QJsonValue &v, const QString &path, bool positive)
{
    const QJsonArray a = v.toArray();
    if (!v.isArray() || a.size() != 2) {
        reader.expected(path, positive ? QStringLiteral("[width, depth] in metres > 0") : QStringLiteral("[x, z] in metres"), v);
        return std::nullopt;
    }
    const QString what = positive ? QStringLiteral("metres > 0 and at most 100000") : QStringLiteral("metres within 100000");
    const std::optional<double> x = reader.number(a.at(0), JsonReader::at(path, 0), positive, what);
    const std::optional<double> z = reader.number(a.at(1), JsonReader::at(path, 1), positive, what);
    if (!x || !z)
        return std::nullopt;
    if (std::abs(*x) > kMaxMetres || std::abs(*z) > kMaxMetres) {
        reader.fail(path, QStringLiteral("expected %1").arg(what));
        return std::nullopt;
    }
    return QPointF(*x, *z);
}

bool readFormation(JsonReader &reader, const QJsonValue &v, const QString &path, CrowdFormation *out)
{
    if (v.isUndefined())
        return true;
    if (!v.isObject()) {
        reader.expected(path, QStringLiteral("a formation object"), v);
        return false;
    }
    const QJsonObject o = v.toObject();
    reader.checkKeys(o, path, {"type", "center", "facing", "spacing", "columns", "size"});
    bool ok = true;
    const QJsonValue type = o.value(u"type");
    if (!type.isUndefined()) {
        const QString t = type.toString();
        if (t == u"grid")
            out->type = CrowdFormation::Type::Grid;
        else if (t == u"ranks")
            out->type = CrowdFormation::Type::Ranks;
        else if (t == u"random")
            out->type = CrowdFormation::Type::Random;
        else
            ok = reader.fail(JsonReader::join(path, QStringLiteral("type")), QStringLiteral("expected grid, ranks or random"));
    }
    if (o.contains(u"center")) {
        const std::optional<QPointF> c =
            pair(reader, o.value(u"center"), JsonReader::join(path, QStringLiteral("center")), false);
        ok = ok && c.has_value();
        out->center = c.value_or(QPointF());
    }
    if (o.contains(u"facing")) {
        const std::optional<double> f =
            reader.number(o.value(u"facing"), JsonReader::join(path, QStringLiteral("facing")), false, QStringLiteral("degrees"));
        ok = ok && f.has_value();
        out->facingDegrees = std::fmod(f.value_or(0.0), 360.0);
    }
    if (o.contains(u"spacing")) {
        const QString at = JsonReader::join(path, QStringLiteral("spacing"));
        const QJsonValue s = o.value(u"spacing");
        if (s.isArray()) {
            const std::optional<QPointF> p = pair(reader, s, at, true);
            ok = ok && p.has_value();
            if (p) {
                out->across = p->x();
                out->between = p->y();
            }
        } else {
            const std::optional<double> d = reader.number(s, at, true, QStringLiteral("metres > 0, or [across, between ranks]"));
            ok = ok && d.has_value() && *d <= kMaxMetres;
            if (d && *d > kMaxMetres)
                reader.fail(at, QStringLiteral("expected at most 100000 metres"));
            out->across = d;
        }
    }
    if (o.contains(u"columns")) {
        const QString at = JsonReader::join(path, QStringLiteral("columns"));
        const std::optional<double> n = reader.number(o.value(u"columns"), at, true, QStringLiteral("a whole number >= 1"));
        if (n && (*n != std::floor(*n) || *n > CrowdSpec::kMaxInstances))
            ok = reader.fail(at, QStringLiteral("expected a whole number from 1 to %1").arg(CrowdSpec::kMaxInstances));
        else if (n)
            out->columns = int(*n);
        else
            ok = false;
    }
    if (o.contains(u"size")) {
        const std::optional<QPointF> s = pair(reader, o.value(u"size"), JsonReader::join(path, QStringLiteral("size")), true);
        ok = ok && s.has_value();
        if (s)
            out->size = QSizeF(s->x(), s->y());
    }
    return ok;
}

bool readClips(JsonReader &reader, const QJsonValue &v, const QString &path, QList<CrowdClipChoice> *out)
{
    if (v.isUndefined())
        return true;
    if (!v.isArray() || v.toArray().isEmpty()) {
        reader.expected(path, QStringLiteral("a non-empty array of clip names or {\"name\", \"weight\"} objects"), v);
        return false;
    }
    bool ok = true;
    const QJsonArray a = v.toArray();
    for (qsizetype i = 0; i < a.size(); ++i) {
        const QString at = JsonReader::at(path, i);
        CrowdClipChoice choice;
        if (a.at(i).isString()) {
            choice.name = a.at(i).toString();
        } else if (a.at(i).isObject()) {
            const QJsonObject o = a.at(i).toObject();
            reader.checkKeys(o, at, {"name", "weight"});
            choice.name = o.value(u"name").toString();
            if (o.contains(u"weight")) {
                const std::optional<double> w = reader.number(o.value(u"weight"), JsonReader::join(at, QStringLiteral("weight")),
                                                              true, QStringLiteral("a weight > 0"));
                ok = ok && w.has_value();
                choice.weight = w.value_or(1.0);
            }
        } else {
            reader.expected(at, QStringLiteral("a clip name or {\"name\", \"weight\"}"), a.at(i));
            ok = false;
            continue;
        }
        if (choice.name.isEmpty()) {
            ok = reader.fail(at, QStringLiteral("expected a clip name"));
            continue;
        }
        out->append(choice);
    }
    return ok;
}

} // namespace

QString CrowdFormation::typeName(Type type)
{
    switch (type) {
    case Type::Grid: return QStringLiteral("grid");
    case Type::Ranks: return QStringLiteral("ranks");
    case Type::Random: return QStringLiteral("random");
    }
    return QString();
}

int CrowdSpec::totalCount() const
{
    qint64 total = 0;
    for (const CrowdSpeciesSpec &s : species)
        total += s.count;
    return int(std::min<qint64>(total, kMaxInstances));
}

std::optional<CrowdSpec> CrowdSpec::parse(const QByteArray &json, const QString &baseDir, Diagnostics *diagnostics)
{
    QJsonParseError jsonError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &jsonError);
    auto fatal = [&](const QString &message, std::optional<quint64> offset, const QString &path) {
        if (diagnostics)
            diagnostics->append(Diagnostic{QStringLiteral("CROWD_BAD_JSON"), Severity::Error, message, offset, path});
        return std::nullopt;
    };
    if (jsonError.error != QJsonParseError::NoError)
        return fatal(QStringLiteral("not valid JSON: %1 at byte %2").arg(jsonError.errorString()).arg(jsonError.offset),
                     quint64(std::max(0, jsonError.offset)), QStringLiteral("$"));
    if (!doc.isObject())
        return fatal(QStringLiteral("expected a JSON object with a \"species\" array"), std::nullopt, QStringLiteral("$"));
    const QJsonObject root = doc.object();
    JsonReader top(diagnostics, kCodes);
    top.checkKeys(root, QString(), {"species"});
    const QJsonValue list = root.value(u"species");
    if (!list.isArray() || list.toArray().isEmpty())
        return fatal(
            QStringLiteral("species: expected a non-empty array of species objects, found %1").arg(JsonReader::typeName(list)),
            std::nullopt, QStringLiteral("species"));

    const QDir base(baseDir);
    auto resolve = [&base](const QString &p) { return QDir::cleanPath(base.absoluteFilePath(p)); };
    CrowdSpec spec;
    qint64 total = 0;
    const QJsonArray entries = list.toArray();
    QLocale c = QLocale::c();
    c.setNumberOptions(QLocale::DefaultNumberOptions); // 10,000,000
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const QString path = JsonReader::at(QStringLiteral("species"), i);
        JsonReader reader(diagnostics, kCodes); // this species' findings: failed() leaves it out
        if (!entries.at(i).isObject()) {
            reader.expected(path, QStringLiteral("a species object"), entries.at(i));
            continue;
        }
        const QJsonObject o = entries.at(i).toObject();
        reader.checkKeys(o, path, {"file", "count", "body", "clips", "formation", "phase", "seed"});
        CrowdSpeciesSpec s;
        s.jsonPath = path;
        s.seed = quint32(i);
        const QJsonValue file = o.value(u"file");
        if (!file.isString() || file.toString().isEmpty()) {
            reader.expected(JsonReader::join(path, QStringLiteral("file")), QStringLiteral("the BPAT file's path (a string)"),
                            file);
        } else {
            s.file = resolve(file.toString());
            if (!QFileInfo(s.file).isFile())
                reader.error(QStringLiteral("CROWD_MISSING_FILE"), JsonReader::join(path, QStringLiteral("file")),
                             QStringLiteral("no such file: %1").arg(s.file));
        }
        const QString countPath = JsonReader::join(path, QStringLiteral("count"));
        if (const std::optional<double> n =
                reader.number(o.value(u"count"), countPath, true, QStringLiteral("a whole number >= 1"))) {
            if (*n != std::floor(*n))
                reader.fail(countPath, QStringLiteral("expected a whole number >= 1"));
            else
                s.requestedCount = int(std::min(*n, 2.0e9));
        }
        const QJsonValue body = o.value(u"body");
        if (!body.isUndefined()) {
            const QString b = body.toString();
            if (!body.isString() || b.isEmpty())
                reader.expected(JsonReader::join(path, QStringLiteral("body")),
                                QStringLiteral("full, minimal, stand-in or a .bprm file's path"), body);
            else if (b == u"full" || b == u"minimal" || b == u"stand-in")
                s.body = b;
            else if (s.body = resolve(b); !QFileInfo(s.body).isFile())
                reader.error(QStringLiteral("CROWD_MISSING_FILE"), JsonReader::join(path, QStringLiteral("body")),
                             QStringLiteral("no such body file: %1 (or full, minimal, stand-in)").arg(s.body));
        }
        readClips(reader, o.value(u"clips"), JsonReader::join(path, QStringLiteral("clips")), &s.clips);
        readFormation(reader, o.value(u"formation"), JsonReader::join(path, QStringLiteral("formation")), &s.formation);
        const QJsonValue phase = o.value(u"phase");
        if (phase.isString() && phase.toString() == u"random") {
            s.phase = CrowdSpeciesSpec::Phase::Random;
        } else if (phase.isString() && phase.toString() == u"in-step") {
            s.phase = CrowdSpeciesSpec::Phase::InStep;
        } else if (phase.isDouble() && phase.toDouble() >= 0 && phase.toDouble() < 1) {
            s.phase = CrowdSpeciesSpec::Phase::Fixed;
            s.phaseOffset = phase.toDouble();
        } else if (!phase.isUndefined()) {
            reader.fail(JsonReader::join(path, QStringLiteral("phase")),
                        QStringLiteral("expected \"random\", \"in-step\" or an offset in [0, 1)"));
        }
        if (o.contains(u"seed")) {
            const std::optional<double> seed = reader.number(o.value(u"seed"), JsonReader::join(path, QStringLiteral("seed")),
                                                             false, QStringLiteral("a whole number"));
            if (seed && *seed == std::floor(*seed) && std::abs(*seed) < 4.0e9)
                s.seed = quint32(qint64(*seed));
            else if (seed)
                reader.fail(JsonReader::join(path, QStringLiteral("seed")), QStringLiteral("expected a whole number"));
        }
        if (reader.failed())
            continue; // left out; its findings say why
        s.count = s.requestedCount;
        total += s.count;
        spec.species.append(s);
    }
    // Clamped to what the viewport draws, every species in proportion (at least one each), so
    // a typo of 10 million keeps the window usable and the other species in the crowd.
    if (total > kMaxInstances) {
        JsonReader reader(diagnostics, kCodes);
        const double share = double(kMaxInstances - spec.species.size()) / double(total);
        for (CrowdSpeciesSpec &s : spec.species) {
            s.count = std::max(1, int(std::floor(double(s.requestedCount) * share)));
            reader.warning(
                QStringLiteral("CROWD_CLAMPED"), JsonReader::join(s.jsonPath, QStringLiteral("count")),
                QStringLiteral("%1 instances asked for, %2 drawn: the viewport draws at most %3 in all (%4 asked for)")
                    .arg(c.toString(s.requestedCount), c.toString(s.count), c.toString(kMaxInstances), c.toString(total)));
        }
    }
    return spec;
}

std::optional<CrowdSpec> CrowdSpec::readFile(const QString &path, Diagnostics *diagnostics)
{
    const RegularFile::Contents file = RegularFile::read(path, kMaxFileBytes);
    if (!file.ok()) {
        if (diagnostics)
            diagnostics->append(Diagnostic{QStringLiteral("CROWD_UNREADABLE"), Severity::Error,
                                           QStringLiteral("cannot read crowd specification %1: %2").arg(path, file.error),
                                           std::nullopt, QString()});
        return std::nullopt;
    }
    return parse(file.bytes, QFileInfo(path).absolutePath(), diagnostics);
}

QByteArray CrowdSpec::toJson(const QString &baseDir) const
{
    const QDir base(baseDir);
    auto relative = [&](const QString &p) {
        const QString r = base.relativeFilePath(p);
        return r.startsWith(QStringLiteral("..")) ? p : r;
    };
    QJsonArray list;
    for (const CrowdSpeciesSpec &s : species) {
        QJsonObject o{{QStringLiteral("file"), relative(s.file)}, {QStringLiteral("count"), s.requestedCount}};
        const bool named = s.body == u"full" || s.body == u"minimal" || s.body == u"stand-in";
        if (s.body != u"full")
            o.insert(QStringLiteral("body"), named ? s.body : relative(s.body));
        if (!s.clips.isEmpty()) {
            QJsonArray clips;
            for (const CrowdClipChoice &clip : s.clips) {
                if (clip.weight == 1.0)
                    clips.append(clip.name);
                else
                    clips.append(QJsonObject{{QStringLiteral("name"), clip.name}, {QStringLiteral("weight"), clip.weight}});
            }
            o.insert(QStringLiteral("clips"), clips);
        }
        const CrowdFormation &f = s.formation;
        QJsonObject formation{{QStringLiteral("type"), CrowdFormation::typeName(f.type)}};
        if (!f.center.isNull())
            formation.insert(QStringLiteral("center"), QJsonArray{f.center.x(), f.center.y()});
        if (f.facingDegrees != 0)
            formation.insert(QStringLiteral("facing"), f.facingDegrees);
        if (f.across && f.between)
            formation.insert(QStringLiteral("spacing"), QJsonArray{*f.across, *f.between});
        else if (f.across)
            formation.insert(QStringLiteral("spacing"), *f.across);
        if (f.columns)
            formation.insert(QStringLiteral("columns"), *f.columns);
        if (f.size)
            formation.insert(QStringLiteral("size"), QJsonArray{f.size->width(), f.size->height()});
        o.insert(QStringLiteral("formation"), formation);
        if (s.phase == CrowdSpeciesSpec::Phase::InStep)
            o.insert(QStringLiteral("phase"), QStringLiteral("in-step"));
        else if (s.phase == CrowdSpeciesSpec::Phase::Fixed)
            o.insert(QStringLiteral("phase"), s.phaseOffset);
        o.insert(QStringLiteral("seed"), qint64(s.seed));
        list.append(o);
    }
    return QJsonDocument(QJsonObject{{QStringLiteral("species"), list}}).toJson(QJsonDocument::Indented);
}

} // namespace bpat
