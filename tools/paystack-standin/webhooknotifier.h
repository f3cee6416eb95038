#pragma once

#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QObject>
#include <QUrl>

#include <functional>

// Posts events to the merchant's webhook URL the way Paystack does: a JSON body
// {event, data} with x-paystack-signature, the hex HMAC-SHA512 of that very body keyed with the
// secret key.
class WebhookNotifier : public QObject
{
    Q_OBJECT
public:
    struct Delivery
    {
        bool sent = false;
        int status = 0;    // the merchant's HTTP status, 0 when there was none
        QString error;     // why there was none
    };

    WebhookNotifier(QString secretKey, QObject *parent = nullptr);

    void setUrl(const QUrl &url) { m_url = url; }
    QUrl url() const { return m_url; }

    // done gets what the merchant answered; without a URL nothing is sent.
    void send(const QString &event, const QJsonObject &data, std::function<void(Delivery)> done);

private:
    QString m_secretKey;
    QUrl m_url;
    QNetworkAccessManager m_network;
};
