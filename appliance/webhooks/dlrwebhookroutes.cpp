#include "webhooks/dlrwebhookroutes.h"

#include "auth/secrettoken.h"
#include "dispatch/deliveryreports.h"
#include "dispatch/gatewayregistry.h"
#include "dispatch/messagerejection.h"
#include "smpp/deliveryreceipt.h"
#include "store/sqlsession.h"

#include <QJsonDocument>
#include <QLoggingCategory>

#include <openssl/crypto.h>

Q_DECLARE_LOGGING_CATEGORY(lcDispatch)

namespace ogene {
namespace {

constexpr int MaxFieldLength = 128;

// The report's fields, from whichever of JSON body, form body and query string carries them.
QHash<QString, QString> reportFields(const ApiCall &call)
{
    QHash<QString, QString> fields;
    const HttpRequest &request = call.request();
    for (const auto &[name, value] : request.query.queryItems(QUrl::FullyDecoded))
        fields.insert(name, value);
    const QByteArray contentType = request.header("content-type").toLower();
    if (!request.body.trimmed().isEmpty()) {
        if (contentType.startsWith("application/x-www-form-urlencoded")) {
            QByteArray form = request.body;
            form.replace('+', "%20");
            for (const auto &[name, value] : QUrlQuery(QString::fromUtf8(form)).queryItems(QUrl::FullyDecoded))
                fields.insert(name, value);
        } else {
            const QJsonObject body = call.jsonBody();
            for (auto it = body.begin(); it != body.end(); ++it)
                fields.insert(it.key(), it.value().isString() ? it.value().toString() : it.value().toVariant().toString());
        }
    }
    return fields;
}

// Kannel's dlr-url carries its report type (%d: 1 delivered, 2 undeliverable, 4 queued on the
// SMSC, 8 taken by the SMSC, 16 rejected by the SMSC) and the SMSC's reply (%A: the receipt text
// for 1 and 2) instead of a status word. The receipt's stat and err win when the reply has them.
// Answers whether the report says the SMSC rejected the message.
bool readKannelReport(QHash<QString, QString> &fields)
{
    const QString type = fields.value(QStringLiteral("type")).trimmed();
    if (type.isEmpty() || !fields.value(QStringLiteral("status")).isEmpty())
        return false;
    const std::optional<smpp::DeliveryReceipt> receipt = smpp::DeliveryReceipt::parse(fields.value(QStringLiteral("reply")));
    QString status;
    if (type == QLatin1String("1") || type == QLatin1String("2"))
        status = receipt && !receipt->stat.isEmpty() ? receipt->stat
                 : type == QLatin1String("1")        ? QStringLiteral("DELIVRD")
                                                     : QStringLiteral("UNDELIV");
    else if (type == QLatin1String("16"))
        status = QStringLiteral("REJECTD");
    else if (type == QLatin1String("4") || type == QLatin1String("8"))
        status = QStringLiteral("ACCEPTD");
    fields.insert(QStringLiteral("status"), status.isEmpty() ? QStringLiteral("type ") + type.left(8) : status);
    if (receipt && fields.value(QStringLiteral("err")).isEmpty())
        fields.insert(QStringLiteral("err"), receipt->error);
    return type == QLatin1String("16");
}

bool secretMatches(const QString &given, const QString &expected)
{
    if (expected.isEmpty() || given.isEmpty())
        return false;
    // Compared as hashes, in constant time, so neither length nor content leaks through timing.
    const QByteArray a = SecretToken::sha256Hex(given).toLatin1();
    const QByteArray b = SecretToken::sha256Hex(expected).toLatin1();
    return CRYPTO_memcmp(a.constData(), b.constData(), size_t(a.size())) == 0;
}

void receiveReport(Services &services, ApiCall call)
{
    const QString gatewayName = call.param(QStringLiteral("gateway"));
    Gateway *gateway = services.gateways->find(gatewayName);
    if (!gateway)
        throw ApiError::notFound(QStringLiteral("Gateway"));
    QHash<QString, QString> fields = reportFields(call);
    QString secret = QString::fromUtf8(call.request().header("x-ogene-webhook-secret"));
    if (secret.isEmpty())
        secret = fields.value(QStringLiteral("secret"));
    if (!secretMatches(secret, gateway->webhookSecret()))
        throw ApiError(401, QStringLiteral("The webhook secret is missing or wrong."));

    const bool rejected = readKannelReport(fields);
    QJsonObject errors;
    for (const QString &name : {QStringLiteral("msgid"), QStringLiteral("status")}) {
        if (fields.value(name).trimmed().isEmpty())
            errors.insert(name, QStringLiteral("The %1 field is required.").arg(name));
    }
    for (const QString &name : {QStringLiteral("msgid"), QStringLiteral("status"), QStringLiteral("err"), QStringLiteral("to")}) {
        if (fields.value(name).size() > MaxFieldLength)
            errors.insert(name, QStringLiteral("The %1 field must not be greater than %2 characters.").arg(name).arg(MaxFieldLength));
    }
    const QString status = fields.value(QStringLiteral("status")).trimmed();
    if (!status.isEmpty() && DeliveryReports::verdictOf(status) == DeliveryReports::Verdict::Unknown)
        errors.insert(QStringLiteral("status"), QStringLiteral("Unknown delivery status '%1'.").arg(status.left(MaxFieldLength)));
    if (!errors.isEmpty())
        throw ApiError::validation(errors);

    const QString msgid = fields.value(QStringLiteral("msgid")).trimmed();
    const QString err = fields.value(QStringLiteral("err"));
    const bool byMessageId = gateway->reportsByMessageId();
    call.answerFromStore(*services.store, [gatewayName, msgid, status, err, rejected, byMessageId](SqlSession &session) {
        // A carrier can report faster than the gateway's answer is recorded: the message is still
        // queued, without the gateway's id, and is found by its own id. (Once recorded, it has the
        // id and this changes nothing.)
        if (byMessageId)
            DeliveryReports::matchUnrecorded(session, gatewayName, msgid);
        if (rejected) {
            // The carrier's SMSC refused what the gateway had taken: no carrier took it, so it is refunded.
            if (const auto id = session.scalar(QStringLiteral("SELECT id FROM messages WHERE gateway = ? AND gateway_message_id = ?"),
                                               {gatewayName, msgid});
                id.isValid())
                MessageRejection::failAndRefund(session, id.toLongLong(), gatewayName,
                                                QStringLiteral("Rejected by the carrier's SMSC behind %1").arg(gatewayName),
                                                MessageRejection::From::QueuedOrSent);
        }
        const std::optional<DeliveryReports::Applied> applied = DeliveryReports::apply(session, gatewayName, msgid, status, err);
        if (!applied) {
            qCWarning(lcDispatch).noquote() << "delivery report from" << gatewayName << "for unknown message id" << msgid;
            throw ApiError::notFound(QStringLiteral("Message"));
        }
        return HttpResponse::data(200,
                                  QJsonObject{{QStringLiteral("message_id"), applied->messageId},
                                              {QStringLiteral("status"), applied->status},
                                              {QStringLiteral("changed"), applied->changed}},
                                  QStringLiteral("Delivery report recorded."));
    });
}

} // namespace

void installDlrWebhookRoutes(Router &router, Services &services)
{
    for (const QByteArray &method : {QByteArray("POST"), QByteArray("GET")})
        router.add(method, QStringLiteral("/api/webhooks/{gateway}/dlr"), Access::Webhook,
                   [&services](ApiCall call) { receiveReport(services, call); });
}

} // namespace ogene
