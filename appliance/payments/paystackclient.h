#pragma once

#include "payments/paystacktransaction.h"

#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QObject>
#include <QUrl>

#include <functional>
#include <optional>

namespace ogene {

class Config;

// Paystack's REST API, asynchronously, on the thread that owns the client (the socket thread: a
// call only waits on the network, never blocks it). Every call ends with a value or a one-line
// failure that names what went wrong (unreachable, timed out, an HTTP status, status:false, an
// answer of the wrong shape), and never contains the secret key.
class PaystackClient : public QObject
{
    Q_OBJECT
public:
    struct Settings
    {
        QUrl baseUrl;
        QString secretKey;
        QString callbackUrl; // empty: Paystack uses the dashboard's
        int timeoutMs = 15000;
    };

    template<typename T>
    struct Result
    {
        std::optional<T> value;
        QString failure;

        bool ok() const { return value.has_value(); }
    };

    struct Checkout
    {
        QString authorizationUrl;
        QString accessCode;
    };

    struct Charge
    {
        QString email;
        qint64 amount = 0; // subunits (kobo, cents)
        QString currency;
        QString reference;
    };

    explicit PaystackClient(Settings settings, QObject *parent = nullptr);
    // The client the configuration asks for (PAYSTACK_*), owned by parent; null when no secret key
    // is set, which turns wallet funding off.
    static PaystackClient *configured(const Config &config, QObject *parent);

    const QString &secretKey() const { return m_settings.secretKey; }

    // POST /transaction/initialize. done runs on context's thread, unless context is gone.
    void initialize(const Charge &charge, QObject *context, std::function<void(Result<Checkout>)> done);
    // GET /transaction/verify/{reference}.
    void verify(const QString &reference, QObject *context, std::function<void(Result<PaystackTransaction>)> done);

private:
    // Sends the request and hands on the answer's data object once status is true.
    void call(const QByteArray &verb, const QString &path, const QByteArray &body, QObject *context,
              std::function<void(Result<QJsonObject>)> done);

    Settings m_settings;
    QNetworkAccessManager m_network;
};

} // namespace ogene
