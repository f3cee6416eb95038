#include "payments/paystackclient.h"

#include "core/config.h"

#include <QJsonDocument>
#include <QLoggingCategory>
#include <QNetworkReply>
#include <QPointer>

Q_LOGGING_CATEGORY(lcPayments, "ogene.payments")

namespace ogene {
namespace {

constexpr qint64 MostAnswerBytes = 1024 * 1024;

QString describeAnswer(const QJsonObject &answer)
{
    const QString message = answer.value(QStringLiteral("message")).toString().left(200);
    return message.isEmpty() ? QStringLiteral("no message") : message;
}

} // namespace

PaystackClient::PaystackClient(Settings settings, QObject *parent)
    : QObject(parent)
    , m_settings(std::move(settings))
{
}

PaystackClient *PaystackClient::configured(const Config &config, QObject *parent)
{
    Settings settings{QUrl(config.text(QStringLiteral("PAYSTACK_BASE_URL"))), config.text(QStringLiteral("PAYSTACK_SECRET_KEY")),
                      config.text(QStringLiteral("PAYSTACK_CALLBACK_URL")), int(config.integer(QStringLiteral("PAYSTACK_TIMEOUT_MS")))};
    if (settings.secretKey.isEmpty()) {
        qCInfo(lcPayments) << "wallet funding is off: PAYSTACK_SECRET_KEY is not set";
        return nullptr;
    }
    qCInfo(lcPayments).noquote() << "wallet funding through Paystack at" << settings.baseUrl.toDisplayString();
    return new PaystackClient(std::move(settings), parent);
}

void PaystackClient::initialize(const Charge &charge, QObject *context, std::function<void(Result<Checkout>)> done)
{
    QJsonObject body{{QStringLiteral("email"), charge.email},
                     {QStringLiteral("amount"), charge.amount},
                     {QStringLiteral("currency"), charge.currency},
                     {QStringLiteral("reference"), charge.reference}};
    if (!m_settings.callbackUrl.isEmpty())
        body.insert(QStringLiteral("callback_url"), m_settings.callbackUrl);
    const QString reference = charge.reference;
    call("POST", QStringLiteral("/transaction/initialize"), QJsonDocument(body).toJson(QJsonDocument::Compact), context,
         [reference, done = std::move(done)](Result<QJsonObject> answer) {
             if (!answer.ok()) {
                 done({std::nullopt, answer.failure});
                 return;
             }
             const QString url = answer.value->value(QStringLiteral("authorization_url")).toString();
             const QString accessCode = answer.value->value(QStringLiteral("access_code")).toString();
             const QString echoed = answer.value->value(QStringLiteral("reference")).toString();
             if (url.isEmpty() || (!echoed.isEmpty() && echoed != reference)) {
                 done({std::nullopt, QStringLiteral("Paystack's initialize answer has no authorization_url or another reference")});
                 return;
             }
             done({Checkout{url.left(2048), accessCode.left(128)}, {}});
         });
}

void PaystackClient::verify(const QString &reference, QObject *context, std::function<void(Result<PaystackTransaction>)> done)
{
    call("GET", QStringLiteral("/transaction/verify/") + QString::fromLatin1(QUrl::toPercentEncoding(reference)), {}, context,
         [reference, done = std::move(done)](Result<QJsonObject> answer) {
             if (!answer.ok()) {
                 done({std::nullopt, answer.failure});
                 return;
             }
             QString problem;
             std::optional<PaystackTransaction> transaction = PaystackTransaction::fromJson(*answer.value, &problem);
             if (!transaction) {
                 done({std::nullopt, QStringLiteral("Paystack's verify answer is not usable: ") + problem});
                 return;
             }
             if (transaction->reference != reference) {
                 done({std::nullopt, QStringLiteral("Paystack's verify answer is about another reference")});
                 return;
             }
             done({std::move(transaction), {}});
         });
}

void PaystackClient::call(const QByteArray &verb, const QString &path, const QByteArray &body, QObject *context,
                          std::function<void(Result<QJsonObject>)> done)
{
    QUrl url = m_settings.baseUrl;
    url.setPath(url.path().chopped(url.path().endsWith(QLatin1Char('/')) ? 1 : 0) + path, QUrl::TolerantMode);
    QNetworkRequest request(url);
    request.setRawHeader("Authorization", "Bearer " + m_settings.secretKey.toUtf8());
    request.setRawHeader("Accept", "application/json");
    if (!body.isEmpty())
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
    request.setTransferTimeout(m_settings.timeoutMs);
    // A redirect would replay the body and the key elsewhere; Paystack's API does not redirect.
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);

    QNetworkReply *reply = m_network.sendCustomRequest(request, verb, body);
    const QString what = QString::fromLatin1(verb) + QLatin1Char(' ') + path;
    const int timeoutMs = m_settings.timeoutMs;
    QPointer<QObject> receiver(context);
    connect(reply, &QNetworkReply::finished, this, [reply, what, timeoutMs, receiver, done = std::move(done)] {
        reply->deleteLater();
        const QVariant statusAttribute = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
        Result<QJsonObject> result;
        if (!statusAttribute.isValid()) {
            // No HTTP answer at all: the transfer timed out or the network failed.
            const bool timedOut = reply->error() == QNetworkReply::OperationCanceledError
                                  || reply->error() == QNetworkReply::TimeoutError;
            result.failure = timedOut ? QStringLiteral("Paystack did not answer %1 within %2 ms").arg(what).arg(timeoutMs)
                                      : QStringLiteral("Paystack could not be reached for %1: %2").arg(what, reply->errorString());
        } else {
            const int status = statusAttribute.toInt();
            const QByteArray raw = reply->read(MostAnswerBytes);
            const QJsonDocument document = QJsonDocument::fromJson(raw);
            const QJsonObject answer = document.object();
            if (status < 200 || status > 299) {
                result.failure = QStringLiteral("Paystack answered %1 with HTTP %2 (%3)")
                                     .arg(what)
                                     .arg(status)
                                     .arg(document.isObject() ? describeAnswer(answer) : QStringLiteral("not JSON"));
            } else if (!document.isObject()) {
                result.failure = QStringLiteral("Paystack's answer to %1 is not a JSON object").arg(what);
            } else if (answer.value(QStringLiteral("status")) != QJsonValue(true)) {
                result.failure = QStringLiteral("Paystack refused %1: %2").arg(what, describeAnswer(answer));
            } else if (!answer.value(QStringLiteral("data")).isObject()) {
                result.failure = QStringLiteral("Paystack's answer to %1 has no data object").arg(what);
            } else {
                result.value = answer.value(QStringLiteral("data")).toObject();
            }
        }
        if (!result.ok())
            qCWarning(lcPayments).noquote() << result.failure;
        if (receiver)
            done(std::move(result));
    });
}

} // namespace ogene
