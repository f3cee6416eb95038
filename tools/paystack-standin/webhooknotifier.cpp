#include "webhooknotifier.h"

#include "payments/paystacksignature.h"

#include <QJsonDocument>
#include <QNetworkReply>

WebhookNotifier::WebhookNotifier(QString secretKey, QObject *parent)
    : QObject(parent)
    , m_secretKey(std::move(secretKey))
{
}

void WebhookNotifier::send(const QString &event, const QJsonObject &data, std::function<void(Delivery)> done)
{
    if (!m_url.isValid() || m_url.isEmpty()) {
        done({false, 0, QStringLiteral("no webhook URL is set")});
        return;
    }
    const QByteArray body = QJsonDocument(QJsonObject{{QStringLiteral("event"), event}, {QStringLiteral("data"), data}})
                                .toJson(QJsonDocument::Compact);
    QNetworkRequest request(m_url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
    request.setRawHeader("x-paystack-signature", ogene::PaystackSignature::sign(body, m_secretKey));
    request.setTransferTimeout(30000);
    QNetworkReply *reply = m_network.post(request, body);
    connect(reply, &QNetworkReply::finished, this, [reply, done = std::move(done)] {
        reply->deleteLater();
        const QVariant status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
        if (status.isValid())
            done({true, status.toInt(), {}});
        else
            done({false, 0, reply->errorString()});
    });
}
