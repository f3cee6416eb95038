#include "carriers/gatewaydefinitions.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QUrl>

namespace ogene {
namespace {

constexpr qint64 MaxFileBytes = 1024 * 1024;
constexpr int MaxGateways = 64;

// Reads one gateway's fields, remembering the first fault.
class FieldReader
{
public:
    FieldReader(const QJsonObject &object, QString where)
        : m_object(object)
        , m_where(std::move(where))
    {
    }

    QString text(const char *field, int maxLength, bool required, const QString &fallback = {})
    {
        const QJsonValue value = m_object.value(QLatin1String(field));
        if (value.isUndefined() && !required)
            return fallback;
        if (!value.isString() || value.toString().size() > maxLength || (required && value.toString().isEmpty()))
            fail(field, QStringLiteral("expected text of 1 to %1 characters").arg(maxLength));
        return value.toString();
    }

    int integer(const char *field, int min, int max, int fallback)
    {
        const QJsonValue value = m_object.value(QLatin1String(field));
        if (value.isUndefined())
            return fallback;
        const double number = value.toDouble(-1e18);
        if (!value.isDouble() || number != double(qint64(number)) || number < min || number > max)
            fail(field, QStringLiteral("expected a whole number from %1 to %2").arg(min).arg(max));
        return int(number);
    }

    void fail(const char *field, const QString &what)
    {
        if (m_error.isEmpty())
            m_error = QStringLiteral("%1.%2: %3").arg(m_where, QLatin1String(field), what);
    }

    QString error() const { return m_error; }

private:
    QJsonObject m_object;
    QString m_where;
    QString m_error;
};

SmppGatewaySettings readSmpp(FieldReader &reader, const QString &name)
{
    SmppGatewaySettings settings;
    settings.name = name;
    settings.host = reader.text("host", 253, true);
    settings.port = quint16(reader.integer("port", 1, 65535, 2775));
    // SMPP 3.4 limits: system_id 15 octets, password 8, system_type 12.
    settings.systemId = reader.text("system_id", 15, true);
    settings.password = reader.text("password", 8, false);
    settings.systemType = reader.text("system_type", 12, false);
    const QString bind = reader.text("bind", 16, false, QStringLiteral("transceiver"));
    if (bind == QLatin1String("pair"))
        settings.bind = SmppGatewaySettings::Bind::Pair;
    else if (bind != QLatin1String("transceiver"))
        reader.fail("bind", QStringLiteral("expected transceiver or pair"));
    settings.window = reader.integer("window", 1, 10000, settings.window);
    settings.submitPerSecond = reader.integer("submit_per_second", 1, 1000000, settings.submitPerSecond);
    settings.enquireLinkSeconds = reader.integer("enquire_link_seconds", 1, 3600, settings.enquireLinkSeconds);
    settings.responseTimeoutSeconds = reader.integer("response_timeout_seconds", 1, 600, settings.responseTimeoutSeconds);
    settings.reconnectMinMs = reader.integer("reconnect_min_ms", 10, 600000, settings.reconnectMinMs);
    settings.reconnectMaxMs = reader.integer("reconnect_max_ms", settings.reconnectMinMs, 3600000, settings.reconnectMaxMs);
    const auto octet = [&reader](const char *field, quint8 fallback) { return quint8(reader.integer(field, 0, 255, fallback)); };
    settings.alphanumericTon = octet("alphanumeric_ton", settings.alphanumericTon);
    settings.alphanumericNpi = octet("alphanumeric_npi", settings.alphanumericNpi);
    settings.internationalTon = octet("international_ton", settings.internationalTon);
    settings.internationalNpi = octet("international_npi", settings.internationalNpi);
    settings.shortCodeTon = octet("short_code_ton", settings.shortCodeTon);
    settings.shortCodeNpi = octet("short_code_npi", settings.shortCodeNpi);
    settings.destinationTon = octet("destination_ton", settings.destinationTon);
    settings.destinationNpi = octet("destination_npi", settings.destinationNpi);
    settings.webhookSecret = reader.text("webhook_secret", 256, false);
    return settings;
}

QString httpUrl(FieldReader &reader, const char *field)
{
    const QString text = reader.text(field, 2048, true);
    const QUrl url(text, QUrl::StrictMode);
    if (!url.isValid() || url.host().isEmpty() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")))
        reader.fail(field, QStringLiteral("expected an http:// or https:// URL"));
    return text.endsWith(QLatin1Char('/')) ? text.chopped(1) : text;
}

KannelGatewaySettings readKannel(FieldReader &reader, const QString &name)
{
    KannelGatewaySettings settings;
    settings.name = name;
    settings.sendsmsUrl = httpUrl(reader, "sendsms_url");
    settings.username = reader.text("username", 256, true);
    settings.password = reader.text("password", 256, false);
    settings.smscId = reader.text("smsc_id", 256, false);
    settings.dlrBaseUrl = httpUrl(reader, "dlr_base_url");
    // Kannel's reports can only be trusted with it: there is no other way to tell them from forgeries.
    settings.webhookSecret = reader.text("webhook_secret", 256, true);
    settings.concurrency = reader.integer("concurrency", 1, 1000, settings.concurrency);
    settings.timeoutMs = reader.integer("timeout_ms", 100, 120000, settings.timeoutMs);
    return settings;
}

} // namespace

std::optional<GatewayDefinitions> GatewayDefinitions::readFile(const QString &path, QString *error)
{
    GatewayDefinitions definitions;
    if (path.isEmpty())
        return definitions;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    if (file.size() > MaxFileBytes) {
        *error = QStringLiteral("%1 is larger than 1 MiB").arg(path);
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    const QJsonArray gateways = document.object().value(QStringLiteral("gateways")).toArray();
    if (parseError.error != QJsonParseError::NoError || !document.object().value(QStringLiteral("gateways")).isArray()
        || gateways.size() > MaxGateways) {
        *error = QStringLiteral("%1: expected {\"gateways\": [ … ]} with at most %2 gateways").arg(path).arg(MaxGateways);
        return std::nullopt;
    }
    // Names appear in webhook paths and in the route table: short, lower case, URL-safe.
    static const QRegularExpression nameShape(QStringLiteral("^[a-z0-9][a-z0-9-]{0,31}$"));
    QSet<QString> names{QStringLiteral("simulator")};
    for (qsizetype i = 0; i < gateways.size(); ++i) {
        const QJsonObject entry = gateways.at(i).toObject();
        const QString name = entry.value(QStringLiteral("name")).toString();
        FieldReader reader(entry, QStringLiteral("gateways[%1]").arg(i));
        if (!nameShape.match(name).hasMatch())
            reader.fail("name", QStringLiteral("expected 1 to 32 of a-z, 0-9 and -, starting with a letter or digit"));
        else if (names.contains(name))
            reader.fail("name", QStringLiteral("'%1' is taken").arg(name));
        names.insert(name);
        const QString type = entry.value(QStringLiteral("type")).toString();
        if (type == QLatin1String("smpp"))
            definitions.smpp.append(readSmpp(reader, name));
        else if (type == QLatin1String("kannel"))
            definitions.kannel.append(readKannel(reader, name));
        else
            reader.fail("type", QStringLiteral("expected smpp or kannel"));
        if (!reader.error().isEmpty()) {
            *error = QStringLiteral("%1: %2").arg(path, reader.error());
            return std::nullopt;
        }
    }
    return definitions;
}

} // namespace ogene
