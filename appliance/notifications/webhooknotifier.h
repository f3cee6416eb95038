#pragma once

#include <QNetworkAccessManager>
#include <QObject>
#include <QTimer>

namespace ogene {

class Config;
class Store;

// Posts queued client notifications: {event, data, created_at} as JSON, signed with the account's
// secret in X-Ogene-Signature. A 2xx answer settles one; anything else (another status, a timeout,
// a refused connection) is tried again after a delay that doubles from WEBHOOK_FIRST_RETRY_SECONDS
// up to an hour, until WEBHOOK_RETRY_HOURS after the event; then it is given up. Every attempt is
// kept for GET /api/client/webhooks/deliveries. Claims are leased like the dispatcher's, so several
// nodes never post one notification at the same time and a node that dies leaves its claims to others.
class WebhookNotifier : public QObject
{
    Q_OBJECT
public:
    WebhookNotifier(Store &store, const Config &config, QObject *parent = nullptr);
    void start();

private:
    struct Claimed
    {
        qint64 id = 0;
        QString url;
        QByteArray body;
        QString secret;
    };
    struct Result
    {
        qint64 id = 0;
        int statusCode = 0; // 0: no HTTP answer
        QString error;
        qint64 durationMs = 0;
    };

    void pump();
    void post(const Claimed &claimed);
    void record(const Result &result);

    Store &m_store;
    QNetworkAccessManager m_network;
    QTimer m_tick;
    int m_timeoutMs;
    qint64 m_firstRetryMs;
    qint64 m_retryForMs;
    int m_inFlight = 0;
    bool m_claiming = false;
};

} // namespace ogene
