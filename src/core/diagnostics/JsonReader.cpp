#include "diagnostics/JsonReader.h"

#include <cmath>

namespace bpat {

void JsonReader::error(const QString &code, const QString &path, const QString &message)
{
    const QString text = path + QStringLiteral(": ") + message;
    if (!m_failed)
        m_firstError = text;
    m_failed = true;
    if (m_out)
        m_out->append(Diagnostic{code, Severity::Error, text, std::nullopt, path});
}

void JsonReader::warning(const QString &code, const QString &path, const QString &message)
{
    if (m_out)
        m_out->append(Diagnostic{code, Severity::Warning, path + QStringLiteral(": ") + message, std::nullopt, path});
}

bool JsonReader::fail(const QString &path, const QString &message)
{
    error(m_codes.badValue, path, message);
    return false;
}

void JsonReader::expected(const QString &path, const QString &what, const QJsonValue &found)
{
    error(m_codes.badType, path, QStringLiteral("expected %1, found %2").arg(what, typeName(found)));
}

void JsonReader::checkKeys(const QJsonObject &o, const QString &path, std::initializer_list<const char *> known)
{
    for (auto it = o.begin(); it != o.end(); ++it) {
        bool ok = false;
        for (const char *k : known)
            ok = ok || it.key() == QLatin1String(k);
        if (!ok)
            warning(m_codes.unknownKey, join(path, it.key()), QStringLiteral("unknown key, ignored"));
    }
}

std::optional<double> JsonReader::number(const QJsonValue &v, const QString &path, bool positive, const QString &what)
{
    const bool finite = v.isDouble() && std::isfinite(v.toDouble());
    if (finite && (!positive || v.toDouble() > 0.0))
        return v.toDouble();
    if (!what.isEmpty())
        fail(path, QStringLiteral("expected ") + what);
    else if (!finite)
        fail(path, QStringLiteral("expected a finite number"));
    else
        fail(path, QStringLiteral("expected a number > 0"));
    return std::nullopt;
}

QString JsonReader::join(const QString &path, const QString &key)
{
    return path.isEmpty() ? key : path + QLatin1Char('.') + key;
}

QString JsonReader::at(const QString &path, qsizetype i)
{
    return path + QStringLiteral("[%1]").arg(i);
}

QString JsonReader::typeName(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return QStringLiteral("a boolean");
    case QJsonValue::Double: return QStringLiteral("a number");
    case QJsonValue::String: return QStringLiteral("a string");
    case QJsonValue::Array: return QStringLiteral("an array");
    case QJsonValue::Object: return QStringLiteral("an object");
    case QJsonValue::Undefined: break;
    }
    return QStringLiteral("nothing");
}

} // namespace bpat
