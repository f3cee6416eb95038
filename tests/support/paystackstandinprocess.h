#pragma once

#include "apiclient.h"

#include <QJsonObject>
#include <QProcess>
#include <QString>

#include <memory>

// A real ogene-paystack-standin process on a free loopback port, with a known secret key; its
// control routes (pay, resend the webhook, change mode) through a client of its own.
class PaystackStandinProcess
{
public:
    static constexpr const char *SecretKey = "sk_test_0gene5tandin7e5t5ecret0123456789";

    PaystackStandinProcess();
    ~PaystackStandinProcess();

    // Starts the process and waits for its listening line; false (see output()) otherwise.
    bool start();
    void stop();

    quint16 port() const { return m_port; }
    QString baseUrl() const;
    QString output();
    ApiClient &api() { return *m_api; }

    // POST /standin/settings.
    bool setMode(const QString &mode);
    bool setWebhookUrl(const QString &url);
    // POST /standin/transactions/{reference}/pay with options (outcome, amount, currency, webhook).
    ApiReply pay(const QString &reference, const QJsonObject &options = {});
    // POST /standin/transactions/{reference}/webhook.
    ApiReply resendWebhook(const QString &reference);
    // GET /transaction/verify/{reference}, as the appliance asks it.
    ApiReply verify(const QString &reference);

    static QString binary();

private:
    QProcess m_process;
    QString m_output;
    quint16 m_port = 0;
    std::unique_ptr<ApiClient> m_api;
};
