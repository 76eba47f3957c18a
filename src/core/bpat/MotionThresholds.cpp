#include "bpat/MotionThresholds.h"

#include <QJsonDocument>
#include <cmath>

namespace bpat {

namespace {

struct Key
{
    const char *name;
    double MotionThresholds::*field;
    double low;
    bool lowIncluded;
    double high; // included
};

const Key keyTable[] = {
    {"pop_factor", &MotionThresholds::popFactor, 2.0, true, 1e6}, // at least 2: ClipPass's judge relies on it
    {"pop_min", &MotionThresholds::popMinimum, 0.0, false, 1e6},
    {"whole_body", &MotionThresholds::wholeBody, 0.0, false, 1.0},
    {"stretch", &MotionThresholds::stretch, 0.0, false, 1e6},
    {"stretch_min_length", &MotionThresholds::stretchMinLength, 0.0, false, 1e6},
    {"ground", &MotionThresholds::ground, -1e6, false, 1e6},
    {"contact", &MotionThresholds::contact, 0.0, false, 1e6},
};

} // namespace

QStringList MotionThresholds::keys()
{
    QStringList out;
    for (const Key &k : keyTable)
        out << QLatin1String(k.name);
    return out;
}

bool MotionThresholds::set(const QString &key, double value, QString *error)
{
    for (const Key &k : keyTable) {
        if (key != QLatin1String(k.name))
            continue;
        const bool aboveLow = k.lowIncluded ? value >= k.low : value > k.low;
        if (!std::isfinite(value) || !aboveLow || !(value <= k.high)) {
            *error = QStringLiteral("%1: expected a number in %2%3, %4], found %5")
                         .arg(key, k.lowIncluded ? QStringLiteral("[") : QStringLiteral("("))
                         .arg(k.low)
                         .arg(k.high)
                         .arg(value);
            return false;
        }
        this->*k.field = value;
        return true;
    }
    *error = QStringLiteral("unknown motion threshold '%1' (expected one of %2)").arg(key, keys().join(QStringLiteral(", ")));
    return false;
}

bool MotionThresholds::setFromText(const QString &keyValue, QString *error)
{
    const qsizetype eq = keyValue.indexOf(QLatin1Char('='));
    if (eq <= 0) {
        *error = QStringLiteral("'%1': expected KEY=VALUE (keys: %2)").arg(keyValue, keys().join(QStringLiteral(", ")));
        return false;
    }
    bool ok = false;
    const double value = keyValue.mid(eq + 1).toDouble(&ok);
    if (!ok) {
        *error = QStringLiteral("'%1': the value is not a number").arg(keyValue);
        return false;
    }
    return set(keyValue.left(eq), value, error);
}

std::optional<MotionThresholds> MotionThresholds::fromJson(const QByteArray &json, QString *error)
{
    QJsonParseError parse;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parse);
    if (!document.isObject()) {
        *error = parse.error != QJsonParseError::NoError
            ? QStringLiteral("not JSON: %1 at byte %2").arg(parse.errorString()).arg(parse.offset)
            : QStringLiteral("expected a JSON object of thresholds");
        return std::nullopt;
    }
    MotionThresholds t;
    const QJsonObject object = document.object();
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!it.value().isDouble()) {
            *error = QStringLiteral("%1: expected a number").arg(it.key());
            return std::nullopt;
        }
        if (!t.set(it.key(), it.value().toDouble(), error))
            return std::nullopt;
    }
    return t;
}

QJsonObject MotionThresholds::toJson() const
{
    QJsonObject out;
    for (const Key &k : keyTable)
        out.insert(QLatin1String(k.name), this->*k.field);
    return out;
}

} // namespace bpat
