#pragma once

#include "carriers/kannelgatewaysettings.h"
#include "dispatch/gateway.h"
#include "dispatch/gatewaybatch.h"
#include "dispatch/ratemeter.h"

#include <QNetworkAccessManager>
#include <QQueue>

#include <memory>

namespace ogene {

// A Kannel gateway: each message is one GET of smsbox's /cgi-bin/sendsms (username, password,
// from, to, text, coding, dlr-mask, dlr-url). The dlr-url brings Kannel's delivery reports to
// /api/webhooks/<name>/dlr with the gateway's secret, Ogene's own message id, and Kannel's %d
// (report type) and %A (the SMSC's reply: the receipt text). Kannel answering 2xx means it took
// the message; 4xx is a refusal (failed and refunded); 5xx, a timeout or no connection is transient.
class KannelHttpGateway : public Gateway
{
    Q_OBJECT
public:
    explicit KannelHttpGateway(const KannelGatewaySettings &settings, QObject *parent = nullptr);

    QString name() const override { return m_settings.name; }
    QString webhookSecret() const override { return m_settings.webhookSecret; }
    // Each sendsms carries its message id in the dlr-url.
    bool reportsByMessageId() const override { return true; }
    void submit(const QList<OutboundMessage> &batch, Done done) override;
    bool isUp() const override;
    GatewayStatus status() const override;
    qint64 longestHoldMs() const override;

    // The sendsms query for one message, encoded: for the gateway and for tests of its shape.
    QByteArray query(const OutboundMessage &message) const;

private:
    static constexpr int DownAfterFailures = 3;
    struct Pending
    {
        std::shared_ptr<GatewayBatch> batch;
        qsizetype index = 0;
        OutboundMessage message;
        qint64 queuedMs = 0;
    };

    void pump();

    KannelGatewaySettings m_settings;
    QNetworkAccessManager m_network;
    QQueue<Pending> m_queue;
    int m_inFlight = 0;
    int m_consecutiveFailures = 0;
    qint64 m_retryAfterMs = 0; // while down, one probe after this
    QString m_lastError;
    RateMeter m_sent;
    qint64 m_sentTotal = 0;
    qint64 m_rejectedTotal = 0;
    qint64 m_deferredTotal = 0;
};

} // namespace ogene
