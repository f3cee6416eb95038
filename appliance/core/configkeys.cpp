#include "core/configkeys.h"

#include "carriers/gatewaydefinitions.h"
#include "core/endpoint.h"
#include "metrics/metricsguard.h"
#include "store/databaseurl.h"

#include <ogene/money.h>

#include <QRegularExpression>
#include <QUrl>

namespace ogene {
namespace {

std::function<QString(const QString &)> integerBetween(qint64 min, qint64 max)
{
    return [min, max](const QString &value) -> QString {
        bool ok = false;
        const qint64 number = value.toLongLong(&ok);
        if (!ok || number < min || number > max)
            return QStringLiteral("expected a whole number from %1 to %2, got '%3'").arg(min).arg(max).arg(value);
        return {};
    };
}

std::function<QString(const QString &)> oneOf(QStringList choices)
{
    return [choices](const QString &value) -> QString {
        if (choices.contains(value))
            return {};
        return QStringLiteral("expected one of %1, got '%2'").arg(choices.join(QLatin1String(", ")), value);
    };
}

QString anyValue(const QString &)
{
    return {};
}

QString endpointValue(const QString &value)
{
    QString error;
    Endpoint::parse(value, &error);
    return error;
}

// A listener that can be turned off.
QString endpointOrOff(const QString &value)
{
    return value == QLatin1String("off") ? QString() : endpointValue(value);
}

// A TLS file is checked when the TLS settings are read (only a TLS listener needs it), so that the
// certificate and key can be checked together.
QString optionalPath(const QString &value)
{
    if (value.size() > 4096)
        return QStringLiteral("expected a path of at most 4096 characters");
    return {};
}

QString databaseValue(const QString &value)
{
    if (value.isEmpty())
        return {};
    QString error;
    DatabaseUrl::parse(value, &error);
    return error;
}

QString addressRanges(const QString &value)
{
    QString error;
    MetricsGuard::parseAllowList(value, &error);
    return error;
}

QString optionalEmail(const QString &value)
{
    if (value.isEmpty() || (value.contains(QLatin1Char('@')) && value.size() <= 254))
        return {};
    return QStringLiteral("expected an email address, got '%1'").arg(value);
}

QString moneyValue(const QString &value)
{
    if (Money::parse(value))
        return {};
    return QStringLiteral("expected an amount such as 4.00, got '%1'").arg(value);
}

QString optionalPassword(const QString &value)
{
    if (value.isEmpty() || (value.size() >= 8 && value.size() <= 128))
        return {};
    return QStringLiteral("expected 8 to 128 characters");
}

// An http:// or https:// address with a host; empty allowed only when the key is optional.
std::function<QString(const QString &)> httpUrl(bool optional)
{
    return [optional](const QString &value) -> QString {
        if (value.isEmpty() && optional)
            return {};
        const QUrl url(value, QUrl::StrictMode);
        if (url.isValid() && !url.host().isEmpty() && (url.scheme() == QLatin1String("http") || url.scheme() == QLatin1String("https")))
            return {};
        return QStringLiteral("expected an http:// or https:// URL, got '%1'").arg(value);
    };
}

// A secret is never repeated in the error, which ends up in logs and terminals.
QString secretValue(const QString &value)
{
    if (value.size() > 256)
        return QStringLiteral("expected at most 256 characters");
    for (QChar c : value) {
        if (c.isSpace() || c.category() == QChar::Other_Control)
            return QStringLiteral("expected no spaces or control characters");
    }
    return {};
}

// The file is read at load so that a broken gateway definition stops start-up with its own line.
QString gatewaysFile(const QString &value)
{
    QString error;
    GatewayDefinitions::readFile(value, &error);
    return error;
}

QString nodeName(const QString &value)
{
    static const QRegularExpression allowed(QStringLiteral("^[A-Za-z0-9._-]{1,32}$"));
    if (value.isEmpty() || allowed.match(value).hasMatch())
        return {};
    return QStringLiteral("expected 1 to 32 of A-Z a-z 0-9 . _ -, got '%1'").arg(value);
}

} // namespace

const QList<ConfigKey> &configKeys()
{
    static const QList<ConfigKey> keys = {
        {QStringLiteral("DATA_DIR"), QStringLiteral("data"),
         QStringLiteral("Folder for the embedded database and other state; created when missing."), anyValue},
        {QStringLiteral("DATABASE"), QString(),
         QStringLiteral("sqlite:PATH or postgresql://user[:password]@host:port/dbname; empty means "
                        "sqlite:<DATA_DIR>/ogene.db."),
         databaseValue},
        {QStringLiteral("STORE_THREADS"), QStringLiteral("4"),
         QStringLiteral("Database connections (one thread each) on PostgreSQL; SQLite always uses one writer."),
         integerBetween(1, 64)},
        {QStringLiteral("HTTP_LISTEN"), QStringLiteral("127.0.0.1:8080"),
         QStringLiteral("host:port of the REST API over plain HTTP, or off (then OGENE_HTTPS_LISTEN must be on)."), endpointOrOff},
        {QStringLiteral("HTTP_MAX_CONNECTIONS"), QStringLiteral("4096"),
         QStringLiteral("Open HTTP connections at most; past that a new one gets 503 and is closed."),
         integerBetween(1, 1000000)},
        {QStringLiteral("HTTP_IDLE_TIMEOUT"), QStringLiteral("30"),
         QStringLiteral("Seconds an idle keep-alive connection stays open."), integerBetween(1, 3600)},
        {QStringLiteral("HTTP_REQUEST_TIMEOUT"), QStringLiteral("30"),
         QStringLiteral("Seconds a client has to send one whole request once it has started (408 after)."),
         integerBetween(1, 3600)},
        {QStringLiteral("HTTP_MAX_BODY_BYTES"), QStringLiteral("1048576"),
         QStringLiteral("Largest request body; a larger one gets 413."), integerBetween(1024, 64 * 1024 * 1024)},
        {QStringLiteral("HTTP_MAX_HEADER_BYTES"), QStringLiteral("16384"),
         QStringLiteral("Largest request line plus headers; larger gets 431."), integerBetween(1024, 1024 * 1024)},
        {QStringLiteral("HTTP_MAX_HEADERS"), QStringLiteral("100"),
         QStringLiteral("Most header lines in one request; more gets 431."), integerBetween(8, 1000)},
        {QStringLiteral("SMPP_LISTEN"), QStringLiteral("0.0.0.0:2775"),
         QStringLiteral("host:port of the SMPP 3.4 server (plain TCP), or off."), endpointOrOff},
        {QStringLiteral("SMPP_PUBLIC_HOST"), QString(),
         QStringLiteral("Host name clients bind to, shown in connection_info; empty: the host the REST call was made to."),
         anyValue},
        {QStringLiteral("SMPP_SUBMIT_PER_SECOND"), QStringLiteral("200"),
         QStringLiteral("submit_sm per second per SMPP connection, unless the account has its own; beyond it ESME_RTHROTTLED."),
         integerBetween(1, 1000000)},
        {QStringLiteral("SMPP_MAX_BINDS_PER_CREDENTIAL"), QStringLiteral("10"),
         QStringLiteral("Sessions one SMPP credential may have bound at once on this node."), integerBetween(1, 1000)},
        {QStringLiteral("SMPP_ENQUIRE_LINK_SECONDS"), QStringLiteral("30"),
         QStringLiteral("Seconds of silence on a session before the server sends enquire_link."), integerBetween(1, 3600)},
        {QStringLiteral("SMPP_RESPONSE_TIMEOUT_SECONDS"), QStringLiteral("10"),
         QStringLiteral("Seconds a client has to answer the server's enquire_link or deliver_sm before the session is closed."),
         integerBetween(1, 3600)},
        {QStringLiteral("SMPP_RECEIPT_WINDOW"), QStringLiteral("100"),
         QStringLiteral("deliver_sm receipts outstanding (sent, not yet answered) per session at most."),
         integerBetween(1, 10000)},
        {QStringLiteral("SMPP_RECEIPT_EXPIRY_HOURS"), QStringLiteral("72"),
         QStringLiteral("Hours a delivery receipt waits for a receiver or transceiver bind before it is dropped."),
         integerBetween(1, 24 * 366)},
        {QStringLiteral("SMPP_CONCAT_TIMEOUT_SECONDS"), QStringLiteral("60"),
         QStringLiteral("Seconds the parts of a long SMPP message may take to all arrive; then they are refused and nothing is charged."),
         integerBetween(1, 86400)},
        {QStringLiteral("SMPP_BIND_MAX_FAILURES"), QStringLiteral("5"),
         QStringLiteral("Failed binds from one address within SMPP_BIND_FAILURE_WINDOW before its binds are refused unchecked."),
         integerBetween(1, 1000)},
        {QStringLiteral("SMPP_BIND_FAILURE_WINDOW"), QStringLiteral("300"),
         QStringLiteral("Seconds over which failed binds are counted."), integerBetween(1, 86400)},
        {QStringLiteral("RATE_LIMIT_PER_MINUTE"), QStringLiteral("100"),
         QStringLiteral("Requests per minute per account (all its keys and tokens), unless the account sets its own."),
         integerBetween(1, 100000000)},
        {QStringLiteral("ANONYMOUS_RATE_LIMIT_PER_MINUTE"), QStringLiteral("120"),
         QStringLiteral("Requests per minute per client address on routes that need no authentication."),
         integerBetween(1, 100000000)},
        {QStringLiteral("LOGIN_MAX_FAILURES"), QStringLiteral("10"),
         QStringLiteral("Failed logins for one email within LOGIN_FAILURE_WINDOW before that email gets 429."),
         integerBetween(1, 1000)},
        {QStringLiteral("LOGIN_FAILURE_WINDOW"), QStringLiteral("900"),
         QStringLiteral("Seconds over which failed logins are counted."), integerBetween(1, 86400)},
        {QStringLiteral("TOKEN_TTL_HOURS"), QStringLiteral("720"),
         QStringLiteral("Hours a login token stays valid."), integerBetween(1, 24 * 366)},
        {QStringLiteral("ADMIN_EMAIL"), QStringLiteral("admin@ogene.local"),
         QStringLiteral("Email of the first admin, created when the database has no user."), optionalEmail},
        {QStringLiteral("ADMIN_PASSWORD"), QString(),
         QStringLiteral("Password of the first admin; empty means generate one and print it once."),
         optionalPassword},
        {QStringLiteral("PRICE_NGN"), QStringLiteral("4.00"),
         QStringLiteral("Price of one SMS segment for NGN wallets, until an admin sets prices through the API."), moneyValue},
        {QStringLiteral("PRICE_USD"), QStringLiteral("0.02"),
         QStringLiteral("Price of one SMS segment for USD wallets, until an admin sets prices through the API."), moneyValue},
        {QStringLiteral("SIMULATOR_DELIVERY_DELAY_MS"), QStringLiteral("2000"),
         QStringLiteral("Milliseconds after which the built-in carrier simulator reports a message it took."),
         integerBetween(0, 86400000)},
        {QStringLiteral("SIMULATOR_FAILURE_PERCENT"), QStringLiteral("0"),
         QStringLiteral("Share of the simulator's messages reported failed (UNDELIV), in percent."), integerBetween(0, 100)},
        {QStringLiteral("SIMULATOR_WEBHOOK_SECRET"), QString(),
         QStringLiteral("Secret for /api/webhooks/simulator/dlr (for trying delivery reports by hand); empty refuses them."),
         anyValue},
        {QStringLiteral("CAMPAIGN_CHUNK_SIZE"), QStringLiteral("500"),
         QStringLiteral("Recipients of a bulk campaign turned into messages per transaction."), integerBetween(1, 10000)},
        {QStringLiteral("CAMPAIGN_MAX_BODY_BYTES"), QStringLiteral("67108864"),
         QStringLiteral("Largest body of POST /api/client/bulk-sms (a million recipients is about 15 MB); larger gets 413."),
         integerBetween(1024, 1024 * 1024 * 1024)},
        {QStringLiteral("GATEWAYS_FILE"), QString(),
         QStringLiteral("JSON file of carrier gateways (SMPP upstream binds), see the README; empty: only the simulator."),
         gatewaysFile},
        {QStringLiteral("MESSAGE_RETRY_AGE_SECONDS"), QStringLiteral("21600"),
         QStringLiteral("Seconds a message that gateways keep deferring (throttled, link down) stays queued; then it fails and is refunded."),
         integerBetween(10, 7 * 86400)},
        // Several nodes on one PostgreSQL database (see the README's "Several nodes").
        {QStringLiteral("NODE_NAME"), QString(),
         QStringLiteral("This node's name among several sharing one database, 1 to 32 of A-Z a-z 0-9 . _ -: logged at start-up "
                        "and carried in the simulator's message ids, so each message shows which node sent it."),
         nodeName},
        {QStringLiteral("QUEUE_CLAIM_SECONDS"), QStringLiteral("60"),
         QStringLiteral("Seconds a node holds the queued messages it took for dispatch; those of a node that dies are taken "
                        "by the others after this. Never less than the longest a configured gateway may hold a message."),
         integerBetween(5, 3600)},
        {QStringLiteral("WEBHOOK_TIMEOUT_MS"), QStringLiteral("10000"),
         QStringLiteral("Milliseconds a client's webhook has to answer a notification before the attempt counts as failed."),
         integerBetween(100, 120000)},
        {QStringLiteral("WEBHOOK_FIRST_RETRY_SECONDS"), QStringLiteral("10"),
         QStringLiteral("Seconds before a failed notification is posted again; the wait doubles each time, up to an hour."),
         integerBetween(1, 3600)},
        {QStringLiteral("WEBHOOK_RETRY_HOURS"), QStringLiteral("24"),
         QStringLiteral("Hours after its event that a notification is still retried; then it is given up."), integerBetween(1, 24 * 30)},
        {QStringLiteral("PAYSTACK_BASE_URL"), QStringLiteral("https://api.paystack.co"),
         QStringLiteral("Paystack's API address; point it at tools/paystack-standin to try wallet funding offline."),
         httpUrl(false)},
        {QStringLiteral("PAYSTACK_SECRET_KEY"), QString(),
         QStringLiteral("Paystack secret key (sk_live_… or sk_test_…), also the webhook signing key; empty: wallet funding "
                        "answers 503. Never logged."),
         secretValue},
        {QStringLiteral("PAYSTACK_CALLBACK_URL"), QString(),
         QStringLiteral("Where Paystack sends the payer after checkout (it adds ?reference=); empty: the dashboard's setting."),
         httpUrl(true)},
        {QStringLiteral("PAYSTACK_TIMEOUT_MS"), QStringLiteral("15000"),
         QStringLiteral("Milliseconds a call to Paystack may take before the client gets 502."), integerBetween(100, 120000)},
        // TLS: HTTPS for the REST API and SMPP over TLS, both off until given a certificate.
        {QStringLiteral("HTTPS_LISTEN"), QStringLiteral("off"),
         QStringLiteral("host:port of the REST API over HTTPS (e.g. 0.0.0.0:8443), or off; needs TLS_CERTIFICATE and TLS_PRIVATE_KEY."),
         endpointOrOff},
        {QStringLiteral("SMPP_TLS_LISTEN"), QStringLiteral("off"),
         QStringLiteral("host:port of the SMPP server over TLS (conventionally 0.0.0.0:3550), or off; needs TLS_CERTIFICATE and TLS_PRIVATE_KEY."),
         endpointOrOff},
        {QStringLiteral("TLS_CERTIFICATE"), QString(),
         QStringLiteral("PEM file of the server certificate, optionally followed by its intermediates (a fullchain file)."),
         optionalPath},
        {QStringLiteral("TLS_CHAIN"), QString(),
         QStringLiteral("Optional PEM file of intermediate certificates sent after the certificate."), optionalPath},
        {QStringLiteral("TLS_PRIVATE_KEY"), QString(),
         QStringLiteral("PEM file of the certificate's private key (RSA or EC, unencrypted), readable by the appliance's user only."),
         optionalPath},
        {QStringLiteral("TLS_HANDSHAKE_TIMEOUT"), QStringLiteral("5"),
         QStringLiteral("Seconds a client has to finish the TLS handshake before its connection is dropped."), integerBetween(1, 120)},
        {QStringLiteral("LOG_LEVEL"), QStringLiteral("info"),
         QStringLiteral("debug, info, warning or error."),
         oneOf({QStringLiteral("debug"), QStringLiteral("info"), QStringLiteral("warning"), QStringLiteral("error")})},
        // Monitoring: GET /metrics and the log format.
        {QStringLiteral("LOG_FORMAT"), QStringLiteral("text"),
         QStringLiteral("text (one readable line per message) or json (one JSON object per line: time, level, category, pid, message)."),
         oneOf({QStringLiteral("text"), QStringLiteral("json")})},
        {QStringLiteral("METRICS_TOKEN"), QString(),
         QStringLiteral("Bearer token that GET /metrics requires; empty: no token. With neither this nor METRICS_ALLOW, "
                        "/metrics is off (404). Never logged."),
         secretValue},
        {QStringLiteral("METRICS_ALLOW"), QString(),
         QStringLiteral("Addresses or CIDR ranges that may read GET /metrics, comma separated (127.0.0.1/32,10.0.0.0/8); "
                        "empty: any address (the token alone guards it)."),
         addressRanges},
        {QStringLiteral("METRICS_DATABASE_REFRESH_MS"), QStringLiteral("5000"),
         QStringLiteral("Milliseconds GET /metrics reuses the figures it read from the database (messages by status, "
                        "wallet operations) before reading them again."),
         integerBetween(0, 3600 * 1000)},
    };
    return keys;
}

} // namespace ogene
