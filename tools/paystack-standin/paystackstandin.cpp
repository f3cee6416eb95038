#include "paystackstandin.h"

#include <QJsonDocument>
#include <QLoggingCategory>
#include <QUrlQuery>

Q_LOGGING_CATEGORY(lcStandin, "paystack.standin")

using namespace ogene;

namespace {

// Paystack's envelope: {status, message, data}.
HttpResponse paystackAnswer(int httpStatus, bool ok, const QString &message, const QJsonValue &data = QJsonValue::Undefined)
{
    QJsonObject answer{{QStringLiteral("status"), ok}, {QStringLiteral("message"), message}};
    if (!data.isUndefined())
        answer.insert(QStringLiteral("data"), data);
    return HttpResponse::json(httpStatus, answer);
}

QJsonObject deliveryJson(const WebhookNotifier::Delivery &delivery)
{
    return {{QStringLiteral("sent"), delivery.sent},
            {QStringLiteral("status"), delivery.status},
            {QStringLiteral("error"), delivery.error}};
}

QString modeName(PaystackStandin::Mode mode)
{
    switch (mode) {
    case PaystackStandin::Mode::Normal: return QStringLiteral("normal");
    case PaystackStandin::Mode::Error: return QStringLiteral("error");
    case PaystackStandin::Mode::Refuse: return QStringLiteral("refuse");
    case PaystackStandin::Mode::Hang: return QStringLiteral("hang");
    }
    return {};
}

} // namespace

PaystackStandin::PaystackStandin(Settings settings, QObject *parent)
    : QObject(parent)
    , m_settings(std::move(settings))
    , m_webhooks(m_settings.secretKey)
{
    m_webhooks.setUrl(m_settings.webhookUrl);
    installRoutes();
}

bool PaystackStandin::start(const Endpoint &endpoint, QString *error)
{
    m_server = new HttpServer(HttpLimits{}, [this](HttpRequest request, HttpResponder responder) {
        m_router.handle(std::move(request), std::move(responder));
    }, this);
    if (!m_server->start(endpoint, error))
        return false;
    m_publicUrl = m_settings.publicUrl;
    if (m_publicUrl.isEmpty()) {
        const QString host = endpoint.address.isEqual(QHostAddress::AnyIPv4) || endpoint.address.isEqual(QHostAddress::Any)
                                 ? QStringLiteral("127.0.0.1")
                                 : endpoint.address.toString();
        m_publicUrl = QUrl(QStringLiteral("http://%1:%2").arg(host).arg(m_server->serverPort()));
    }
    return true;
}

void PaystackStandin::installRoutes()
{
    const auto route = [this](const QByteArray &method, const QString &pattern, void (PaystackStandin::*handler)(ApiCall)) {
        m_router.add(method, pattern, Access::Public, [this, handler](ApiCall call) { (this->*handler)(call); });
    };
    route("POST", QStringLiteral("/transaction/initialize"), &PaystackStandin::initialize);
    route("GET", QStringLiteral("/transaction/verify/{reference}"), &PaystackStandin::verify);
    route("GET", QStringLiteral("/checkout/{access_code}"), &PaystackStandin::showCheckout);
    route("GET", QStringLiteral("/checkout/{access_code}/{outcome}"), &PaystackStandin::payAtCheckout);
    route("POST", QStringLiteral("/standin/transactions/{reference}/pay"), &PaystackStandin::payByControl);
    route("POST", QStringLiteral("/standin/transactions/{reference}/webhook"), &PaystackStandin::resendWebhook);
    route("POST", QStringLiteral("/standin/settings"), &PaystackStandin::changeSettings);
}

bool PaystackStandin::misbehaves(const ApiCall &call) const
{
    switch (m_mode) {
    case Mode::Normal:
        return false;
    case Mode::Error:
        call.reply(paystackAnswer(500, false, QStringLiteral("An error occurred (stand-in error mode)")));
        return true;
    case Mode::Refuse:
        call.reply(paystackAnswer(400, false, QStringLiteral("Request refused (stand-in refuse mode)")));
        return true;
    case Mode::Hang:
        // Never answered: the connection stays open until the caller gives up.
        qCInfo(lcStandin).noquote() << call.request().method << call.request().path << "left unanswered (hang mode)";
        return true;
    }
    return false;
}

bool PaystackStandin::authorized(const ApiCall &call) const
{
    const QByteArray expected = "Bearer " + m_settings.secretKey.toUtf8();
    if (call.request().header("authorization") == expected)
        return true;
    call.reply(paystackAnswer(401, false, QStringLiteral("Invalid key")));
    return false;
}

void PaystackStandin::initialize(ApiCall call)
{
    if (misbehaves(call) || !authorized(call))
        return;
    const QJsonObject body = QJsonDocument::fromJson(call.request().body).object();
    QString problem;
    const std::optional<StandinTransactions::Transaction> transaction = m_transactions.initialize(body, &problem);
    if (!transaction) {
        call.reply(paystackAnswer(400, false, problem));
        return;
    }
    const QString url = m_publicUrl.toString() + QStringLiteral("/checkout/") + transaction->accessCode;
    qCInfo(lcStandin).noquote() << "initialized" << transaction->reference << transaction->requestedAmount
                                << transaction->requestedCurrency << "subunits; checkout at" << url;
    call.reply(paystackAnswer(200, true, QStringLiteral("Authorization URL created"),
                              QJsonObject{{QStringLiteral("authorization_url"), url},
                                          {QStringLiteral("access_code"), transaction->accessCode},
                                          {QStringLiteral("reference"), transaction->reference}}));
}

void PaystackStandin::verify(ApiCall call)
{
    if (misbehaves(call) || !authorized(call))
        return;
    const StandinTransactions::Transaction *transaction = m_transactions.find(call.param(QStringLiteral("reference")));
    if (!transaction) {
        call.reply(paystackAnswer(400, false, QStringLiteral("Transaction reference not found")));
        return;
    }
    call.reply(paystackAnswer(200, true, QStringLiteral("Verification successful"), StandinTransactions::toJson(*transaction)));
}

void PaystackStandin::showCheckout(ApiCall call)
{
    const StandinTransactions::Transaction *transaction = m_transactions.findByAccessCode(call.param(QStringLiteral("access_code")));
    if (!transaction) {
        call.reply(paystackAnswer(404, false, QStringLiteral("This checkout does not exist")));
        return;
    }
    const QString base = m_publicUrl.toString() + QStringLiteral("/checkout/") + transaction->accessCode + QLatin1Char('/');
    call.reply(paystackAnswer(200, true, QStringLiteral("Paystack stand-in checkout: open one of the links to complete the payment"),
                              QJsonObject{{QStringLiteral("transaction"), StandinTransactions::toJson(*transaction)},
                                          {QStringLiteral("callback_url"), transaction->callbackUrl},
                                          {QStringLiteral("pay"), base + QStringLiteral("success")},
                                          {QStringLiteral("fail"), base + QStringLiteral("failed")},
                                          {QStringLiteral("abandon"), base + QStringLiteral("abandoned")}}));
}

void PaystackStandin::payAtCheckout(ApiCall call)
{
    const StandinTransactions::Transaction *transaction = m_transactions.findByAccessCode(call.param(QStringLiteral("access_code")));
    if (!transaction) {
        call.reply(paystackAnswer(404, false, QStringLiteral("This checkout does not exist")));
        return;
    }
    StandinTransactions::Completion completion;
    completion.outcome = call.param(QStringLiteral("outcome"));
    complete(
        transaction->reference, completion, true,
        [call](const StandinTransactions::Transaction &done, const WebhookNotifier::Delivery &delivery) {
            // Back to the merchant, as Paystack does: callback_url?trxref=…&reference=…
            if (!done.callbackUrl.isEmpty()) {
                QUrl back(done.callbackUrl);
                QUrlQuery query(back);
                query.addQueryItem(QStringLiteral("trxref"), done.reference);
                query.addQueryItem(QStringLiteral("reference"), done.reference);
                back.setQuery(query);
                HttpResponse redirect = paystackAnswer(302, true, QStringLiteral("Back to the merchant"),
                                                       QJsonObject{{QStringLiteral("location"), back.toString()}});
                redirect.setHeader("Location", back.toEncoded());
                call.reply(redirect);
                return;
            }
            call.reply(paystackAnswer(200, true, QStringLiteral("Payment %1").arg(done.status),
                                      QJsonObject{{QStringLiteral("transaction"), StandinTransactions::toJson(done)},
                                                  {QStringLiteral("webhook"), deliveryJson(delivery)}}));
        },
        [call](const QString &problem) { call.reply(paystackAnswer(400, false, problem)); });
}

void PaystackStandin::payByControl(ApiCall call)
{
    const QJsonObject body = QJsonDocument::fromJson(call.request().body).object();
    StandinTransactions::Completion completion;
    completion.outcome = body.value(QStringLiteral("outcome")).toString(QStringLiteral("success"));
    completion.amount = body.value(QStringLiteral("amount")).toInteger(0);
    completion.currency = body.value(QStringLiteral("currency")).toString();
    completion.channel = body.value(QStringLiteral("channel")).toString(QStringLiteral("card"));
    const bool notify = body.value(QStringLiteral("webhook")).toBool(true);
    complete(
        call.param(QStringLiteral("reference")), completion, notify,
        [call](const StandinTransactions::Transaction &done, const WebhookNotifier::Delivery &delivery) {
            call.reply(paystackAnswer(200, true, QStringLiteral("Payment %1").arg(done.status),
                                      QJsonObject{{QStringLiteral("transaction"), StandinTransactions::toJson(done)},
                                                  {QStringLiteral("webhook"), deliveryJson(delivery)}}));
        },
        [call](const QString &problem) { call.reply(paystackAnswer(400, false, problem)); });
}

void PaystackStandin::complete(const QString &reference, const StandinTransactions::Completion &completion, bool notify,
                               std::function<void(const StandinTransactions::Transaction &, const WebhookNotifier::Delivery &)> done,
                               std::function<void(const QString &)> failed)
{
    QString problem;
    const std::optional<StandinTransactions::Transaction> transaction = m_transactions.complete(reference, completion, &problem);
    if (!transaction) {
        failed(problem);
        return;
    }
    qCInfo(lcStandin).noquote() << "payment" << reference << transaction->status;
    if (transaction->status != QLatin1String("success") || !notify) {
        done(*transaction, {false, 0, notify ? QStringLiteral("Paystack sends charge.success only") : QStringLiteral("not asked to")});
        return;
    }
    const StandinTransactions::Transaction paid = *transaction;
    m_webhooks.send(QStringLiteral("charge.success"), StandinTransactions::toJson(paid),
                    [paid, done](const WebhookNotifier::Delivery &delivery) {
                        qCInfo(lcStandin).noquote() << "charge.success for" << paid.reference << "answered"
                                                    << (delivery.sent ? QString::number(delivery.status) : delivery.error);
                        done(paid, delivery);
                    });
}

void PaystackStandin::resendWebhook(ApiCall call)
{
    const StandinTransactions::Transaction *transaction = m_transactions.find(call.param(QStringLiteral("reference")));
    if (!transaction || transaction->status != QLatin1String("success")) {
        call.reply(paystackAnswer(400, false, QStringLiteral("No successful transaction has this reference")));
        return;
    }
    m_webhooks.send(QStringLiteral("charge.success"), StandinTransactions::toJson(*transaction),
                    [call](const WebhookNotifier::Delivery &delivery) {
                        call.reply(paystackAnswer(200, true, QStringLiteral("Webhook sent"),
                                                  QJsonObject{{QStringLiteral("webhook"), deliveryJson(delivery)}}));
                    });
}

void PaystackStandin::changeSettings(ApiCall call)
{
    const QJsonObject body = QJsonDocument::fromJson(call.request().body).object();
    if (body.contains(QStringLiteral("mode"))) {
        const QString mode = body.value(QStringLiteral("mode")).toString();
        const QList<Mode> modes = {Mode::Normal, Mode::Error, Mode::Refuse, Mode::Hang};
        const auto found = std::find_if(modes.begin(), modes.end(), [&mode](Mode m) { return modeName(m) == mode; });
        if (found == modes.end()) {
            call.reply(paystackAnswer(400, false, QStringLiteral("mode must be normal, error, refuse or hang")));
            return;
        }
        m_mode = *found;
    }
    if (body.contains(QStringLiteral("webhook_url"))) {
        const QUrl url(body.value(QStringLiteral("webhook_url")).toString(), QUrl::StrictMode);
        if (!url.isValid() || url.host().isEmpty()) {
            call.reply(paystackAnswer(400, false, QStringLiteral("webhook_url must be an http:// URL")));
            return;
        }
        m_webhooks.setUrl(url);
    }
    qCInfo(lcStandin).noquote() << "mode" << modeName(m_mode) << "webhook URL" << m_webhooks.url().toString();
    call.reply(paystackAnswer(200, true, QStringLiteral("Settings changed"),
                              QJsonObject{{QStringLiteral("mode"), modeName(m_mode)},
                                          {QStringLiteral("webhook_url"), m_webhooks.url().toString()}}));
}
