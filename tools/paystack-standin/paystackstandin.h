#pragma once

#include "standintransactions.h"
#include "webhooknotifier.h"

#include "core/endpoint.h"
#include "http/httpserver.h"
#include "http/router.h"

#include <QObject>
#include <QUrl>

// A local stand-in for Paystack. The provider API as Paystack documents it:
//   POST /transaction/initialize         (Authorization: Bearer <secret key>)
//   GET  /transaction/verify/{reference} (the same)
// a checkout for a person with a browser:
//   GET  /checkout/{access_code}                  what is to be paid, and the links below
//   GET  /checkout/{access_code}/{outcome}        pay (success), fail or abandon; then back to callback_url
// and controls for tests:
//   POST /standin/transactions/{reference}/pay     {outcome, amount, currency, channel, webhook}
//   POST /standin/transactions/{reference}/webhook send charge.success again
//   POST /standin/settings                         {mode: normal|error|refuse|hang, webhook_url}
// A successful payment posts a signed charge.success to the webhook URL.
class PaystackStandin : public QObject
{
    Q_OBJECT
public:
    // How the provider API behaves: normal; error answers HTTP 500; refuse answers HTTP 400 with
    // status:false; hang never answers (the caller's timeout has to end it).
    enum class Mode { Normal, Error, Refuse, Hang };

    struct Settings
    {
        QString secretKey;
        QUrl publicUrl; // where payers reach it; empty: http://<listen address>:<port>
        QUrl webhookUrl;
    };

    explicit PaystackStandin(Settings settings, QObject *parent = nullptr);

    bool start(const ogene::Endpoint &endpoint, QString *error);
    QUrl publicUrl() const { return m_publicUrl; }
    quint16 port() const { return m_server ? m_server->serverPort() : 0; }

private:
    void installRoutes();
    // False (and the call answered) when the provider API is to fail in the current mode.
    bool misbehaves(const ogene::ApiCall &call) const;
    bool authorized(const ogene::ApiCall &call) const;

    void initialize(ogene::ApiCall call);
    void verify(ogene::ApiCall call);
    void showCheckout(ogene::ApiCall call);
    void payAtCheckout(ogene::ApiCall call);
    void payByControl(ogene::ApiCall call);
    void resendWebhook(ogene::ApiCall call);
    void changeSettings(ogene::ApiCall call);

    // Completes the payment and, when it succeeded and notify is set, sends charge.success; then
    // done gets the transaction and what the webhook got back.
    void complete(const QString &reference, const StandinTransactions::Completion &completion, bool notify,
                  std::function<void(const StandinTransactions::Transaction &, const WebhookNotifier::Delivery &)> done,
                  std::function<void(const QString &problem)> failed);

    Settings m_settings;
    QUrl m_publicUrl;
    Mode m_mode = Mode::Normal;
    StandinTransactions m_transactions;
    WebhookNotifier m_webhooks;
    ogene::Router m_router;
    ogene::HttpServer *m_server = nullptr;
};
