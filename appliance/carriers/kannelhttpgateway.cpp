#include "carriers/kannelhttpgateway.h"

#include <ogene/smstext.h>
#include <ogene/timestamp.h>

#include <QMetaEnum>
#include <QNetworkReply>
#include <QUrl>

namespace ogene {
namespace {

// Kannel's dlr-mask bits: 1 delivered, 2 undeliverable, 16 rejected by the SMSC.
constexpr int DlrMask = 1 | 2 | 16;
constexpr qint64 ProbeAfterMs = 5000;
// A message waits this long here for a free request before it goes back to the dispatcher, well
// within the dispatcher's claim on it, so a slow Kannel never has a message claimed twice.
constexpr qint64 QueueWaitLimitMs = 20000;

QByteArray pair(const char *name, const QString &value)
{
    return QByteArray(name) + '=' + QUrl::toPercentEncoding(value);
}

} // namespace

KannelHttpGateway::KannelHttpGateway(const KannelGatewaySettings &settings, QObject *parent)
    : Gateway(parent)
    , m_settings(settings)
{
}

QByteArray KannelHttpGateway::query(const OutboundMessage &message) const
{
    // Kannel fills in %d and %A when it calls the dlr-url; the rest is Ogene's. The whole URL is one
    // parameter value here, so its own '%' and '&' travel encoded.
    const QString dlrUrl = m_settings.dlrBaseUrl + QStringLiteral("/api/webhooks/") + m_settings.name
                           + QStringLiteral("/dlr?secret=") + QString::fromLatin1(QUrl::toPercentEncoding(m_settings.webhookSecret))
                           + QStringLiteral("&msgid=%1&type=%d&reply=%A").arg(message.id);
    const bool gsm = SmsText::analyze(message.text).encoding == SmsText::Encoding::Gsm7;
    QList<QByteArray> pairs{pair("username", m_settings.username),
                            pair("password", m_settings.password),
                            pair("from", message.sender),
                            pair("to", message.recipient),
                            pair("text", message.text),
                            pair("charset", QStringLiteral("UTF-8")),
                            pair("coding", gsm ? QStringLiteral("0") : QStringLiteral("2")),
                            pair("dlr-mask", QString::number(DlrMask)),
                            pair("dlr-url", dlrUrl)};
    if (!m_settings.smscId.isEmpty())
        pairs.append(pair("smsc", m_settings.smscId));
    return pairs.join('&');
}

void KannelHttpGateway::submit(const QList<OutboundMessage> &batch, Done done)
{
    auto shared = std::make_shared<GatewayBatch>(batch.size(), std::move(done));
    for (qsizetype i = 0; i < batch.size(); ++i)
        m_queue.enqueue({shared, i, batch.at(i), nowMs()});
    pump();
}

void KannelHttpGateway::pump()
{
    while (!m_queue.isEmpty() && m_inFlight < m_settings.concurrency) {
        const Pending pending = m_queue.dequeue();
        if (nowMs() - pending.queuedMs > QueueWaitLimitMs) {
            ++m_deferredTotal;
            pending.batch->settle(pending.index, {SubmitResult::Outcome::Retry, {}, QStringLiteral("%1 is busy").arg(m_settings.name)});
            continue;
        }
        ++m_inFlight;
        QNetworkRequest request(QUrl::fromEncoded(m_settings.sendsmsUrl.toUtf8() + '?' + query(pending.message)));
        request.setTransferTimeout(m_settings.timeoutMs);
        QNetworkReply *reply = m_network.get(request);
        connect(reply, &QNetworkReply::finished, this, [this, reply, pending] {
            reply->deleteLater();
            --m_inFlight;
            const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            const QString answer = QString::fromUtf8(reply->readAll()).trimmed().left(200);
            if (status >= 200 && status < 300) {
                m_consecutiveFailures = 0;
                m_sent.add();
                ++m_sentTotal;
                pending.batch->settle(pending.index, {SubmitResult::Outcome::Accepted, QString::number(pending.message.id), {}});
            } else if (status >= 400 && status < 500) {
                m_consecutiveFailures = 0;
                ++m_rejectedTotal;
                pending.batch->settle(pending.index, {SubmitResult::Outcome::Rejected, {},
                                 QStringLiteral("Rejected by %1: HTTP %2 %3").arg(m_settings.name).arg(status).arg(answer)});
            } else {
                ++m_consecutiveFailures;
                // Not errorString(): Qt puts the request URL in it, and with it the sendsms password.
                m_lastError = status ? QStringLiteral("HTTP %1 %2").arg(status).arg(answer)
                                     : QString::fromLatin1(QMetaEnum::fromType<QNetworkReply::NetworkError>().valueToKey(reply->error()));
                m_retryAfterMs = nowMs() + ProbeAfterMs;
                ++m_deferredTotal;
                pending.batch->settle(pending.index, {SubmitResult::Outcome::Retry, {}, QStringLiteral("Deferred by %1: %2").arg(m_settings.name, m_lastError)});
            }
            pump();
        });
    }
}

// After a few failures in a row the gateway counts as down, so routes pass over it; one probe is
// let through every few seconds to find out when Kannel is back.
bool KannelHttpGateway::isUp() const
{
    return m_consecutiveFailures < DownAfterFailures || nowMs() >= m_retryAfterMs;
}

qint64 KannelHttpGateway::longestHoldMs() const
{
    // The wait for a free request, then the request itself (its timeout is one of inactivity, so
    // twice it leaves room for a slow answer that keeps trickling).
    return QueueWaitLimitMs + 2 * qint64(m_settings.timeoutMs);
}

GatewayStatus KannelHttpGateway::status() const
{
    GatewayStatus status;
    status.type = QStringLiteral("kannel");
    status.state = isUp() ? QStringLiteral("up") : QStringLiteral("down");
    status.inFlight = m_inFlight + int(m_queue.size());
    status.sentPerSecond = m_sent.perSecond();
    status.sentTotal = m_sentTotal;
    status.rejectedTotal = m_rejectedTotal;
    status.deferredTotal = m_deferredTotal;
    status.lastError = m_lastError;
    return status;
}

} // namespace ogene
