#include "notifications/webhooknotifier.h"

#include "core/config.h"
#include "messaging/message.h"
#include "notifications/webhooksignature.h"
#include "store/store.h"

#include <ogene/money.h>
#include <ogene/timestamp.h>

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QNetworkReply>
#include <QSqlRecord>
#include <QTimer>

Q_LOGGING_CATEGORY(lcWebhooks, "ogene.notifications")

namespace ogene {
namespace {

constexpr int TickMs = 250;
constexpr int MostInFlight = 64;
// A claim outlasts the longest a post may take (it is cut off at twice WEBHOOK_TIMEOUT_MS, since
// the transfer timeout only measures silence) and the recording of its result, so no other node
// posts the same notification meanwhile.
constexpr qint64 ShortestClaimLeaseMs = 120 * 1000;
constexpr qint64 RecordMarginMs = 30 * 1000;
constexpr qint64 LongestRetryDelayMs = 3600 * 1000;
constexpr qint64 MostErrorCharacters = 300;

// What the event says about its message: only what was true when it happened and stays true, so
// that every attempt posts the same body (a client may deduplicate on it).
QJsonObject eventData(const Message &message, const QString &event)
{
    const QString status = event.mid(event.indexOf(QLatin1Char('.')) + 1);
    return {{QStringLiteral("message_id"), message.id},
            {QStringLiteral("status"), status},
            {QStringLiteral("recipient"), message.recipientPhone},
            {QStringLiteral("sender_id"), message.senderIdValue},
            {QStringLiteral("segments"), message.segmentsCount},
            {QStringLiteral("cost"), Money::format(message.cost)},
            {QStringLiteral("currency"), message.currency},
            {QStringLiteral("sandbox"), message.sandbox},
            {QStringLiteral("failure_reason"), status == QLatin1String("failed") && !message.failureReason.isEmpty()
                                                   ? QJsonValue(message.failureReason)
                                                   : QJsonValue()},
            {QStringLiteral("created_at"), isoTimestamp(message.createdAt)}};
}

} // namespace

WebhookNotifier::WebhookNotifier(Store &store, const Config &config, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_timeoutMs(int(config.integer(QStringLiteral("WEBHOOK_TIMEOUT_MS"))))
    , m_firstRetryMs(config.integer(QStringLiteral("WEBHOOK_FIRST_RETRY_SECONDS")) * 1000)
    , m_retryForMs(config.integer(QStringLiteral("WEBHOOK_RETRY_HOURS")) * 3600 * 1000)
{
    m_tick.setInterval(TickMs);
    connect(&m_tick, &QTimer::timeout, this, &WebhookNotifier::pump);
}

void WebhookNotifier::start()
{
    m_tick.start();
}

void WebhookNotifier::pump()
{
    if (m_claiming || m_inFlight >= MostInFlight)
        return;
    m_claiming = true;
    const int room = MostInFlight - m_inFlight;
    const qint64 leaseMs = qMax(ShortestClaimLeaseMs, 2 * qint64(m_timeoutMs) + RecordMarginMs);
    m_store.run<QList<Claimed>>(
        this,
        [room, leaseMs](SqlSession &session) {
            const qint64 now = nowMs();
            // The message's columns first, where Message::fromRecord reads them; the delivery's after.
            QStringList columns;
            for (const QString &column : Message::Columns.split(QLatin1Char(',')))
                columns.append(QStringLiteral("m.") + column.trimmed());
            const int at = int(columns.size());
            QString select = QStringLiteral("SELECT ") + columns.join(QStringLiteral(", "))
                             + QStringLiteral(", d.id, d.url, d.event, d.occurred_at, w.signing_secret, d.data "
                                              "FROM webhook_deliveries d LEFT JOIN messages m ON m.id = d.message_id "
                                              "LEFT JOIN client_webhooks w ON w.user_id = d.user_id "
                                              "WHERE d.status = 'pending' AND d.next_attempt_at <= ? AND d.claimed_until <= ? "
                                              "ORDER BY d.next_attempt_at, d.id LIMIT ?");
            if (session.engine() == Engine::Postgresql)
                select += QStringLiteral(" FOR UPDATE OF d SKIP LOCKED");
            QList<Claimed> claimed;
            QList<qint64> ids;
            for (const QSqlRecord &row : session.all(select, {now, now, room})) {
                const QString event = row.value(at + 2).toString();
                // A campaign's event carries its data; a message's is read from the message.
                const QJsonObject data = row.isNull(at + 5)
                                             ? eventData(Message::fromRecord(row), event)
                                             : QJsonDocument::fromJson(row.value(at + 5).toString().toUtf8()).object();
                const QJsonObject payload{{QStringLiteral("event"), event},
                                          {QStringLiteral("data"), data},
                                          {QStringLiteral("created_at"), isoTimestamp(row.value(at + 3).toLongLong())}};
                claimed.append({row.value(at).toLongLong(), row.value(at + 1).toString(),
                                QJsonDocument(payload).toJson(QJsonDocument::Compact), row.value(at + 4).toString()});
                ids.append(claimed.last().id);
            }
            if (!ids.isEmpty())
                session.execute(QStringLiteral("UPDATE webhook_deliveries SET claimed_until = ? WHERE ") + session.idIn(QStringLiteral("id")),
                                {now + leaseMs, session.idsValue(ids)});
            return claimed;
        },
        [this](Outcome<QList<Claimed>> outcome) {
            m_claiming = false;
            if (!outcome.ok()) {
                qCWarning(lcWebhooks) << "cannot claim notifications:" << outcome.errorText();
                return;
            }
            for (const Claimed &claimed : *outcome.value)
                post(claimed);
        });
}

void WebhookNotifier::post(const Claimed &claimed)
{
    ++m_inFlight;
    QNetworkRequest request{QUrl(claimed.url)};
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setHeader(QNetworkRequest::UserAgentHeader, QByteArrayLiteral("Ogene-Webhooks/1"));
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    request.setTransferTimeout(m_timeoutMs);
    // Without an account webhook there is no secret: a send's callback_url is then posted unsigned.
    if (!claimed.secret.isEmpty())
        request.setRawHeader(QByteArrayLiteral("X-Ogene-Signature"),
                             WebhookSignature::header(claimed.secret, QDateTime::currentSecsSinceEpoch(), claimed.body));
    auto clock = std::make_shared<QElapsedTimer>();
    clock->start();
    QNetworkReply *reply = m_network.post(request, claimed.body);
    // An endpoint that answers a byte at a time never trips the transfer timeout: this bounds the
    // whole post, within the claim.
    QTimer::singleShot(2 * m_timeoutMs, reply, &QNetworkReply::abort);
    connect(reply, &QNetworkReply::finished, this, [this, reply, id = claimed.id, clock] {
        reply->deleteLater();
        --m_inFlight;
        Result result;
        result.id = id;
        result.statusCode = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        result.durationMs = clock->elapsed();
        if (result.statusCode == 0 || reply->error() != QNetworkReply::NoError)
            result.error = reply->errorString().left(MostErrorCharacters);
        record(result);
    });
}

void WebhookNotifier::record(const Result &result)
{
    const qint64 firstRetryMs = m_firstRetryMs;
    const qint64 retryForMs = m_retryForMs;
    m_store.run<int>(
        this,
        [result, firstRetryMs, retryForMs](SqlSession &session) {
            const qint64 now = nowMs();
            const auto row = session.one(QStringLiteral("SELECT user_id, attempts, occurred_at FROM webhook_deliveries WHERE id = ?"),
                                         {result.id});
            if (!row)
                return 0;
            session.execute(QStringLiteral("INSERT INTO webhook_attempts (delivery_id, user_id, status_code, error, duration_ms, "
                                           "attempted_at) VALUES (?, ?, ?, ?, ?, ?)"),
                            {result.id, row->value(0), result.statusCode ? QVariant(result.statusCode) : QVariant(QMetaType::fromType<int>()),
                             SqlSession::nullIfEmpty(result.error), result.durationMs, now});
            const int attempts = row->value(1).toInt() + 1;
            const bool delivered = result.statusCode >= 200 && result.statusCode < 300;
            const qint64 delay = qMin(LongestRetryDelayMs, firstRetryMs << qMin(attempts - 1, 20));
            const bool givenUp = !delivered && now + delay - row->value(2).toLongLong() > retryForMs;
            const QString status = delivered ? QStringLiteral("delivered") : givenUp ? QStringLiteral("failed") : QStringLiteral("pending");
            session.execute(QStringLiteral("UPDATE webhook_deliveries SET status = ?, attempts = ?, last_status_code = ?, "
                                           "next_attempt_at = ?, claimed_until = 0, updated_at = ? WHERE id = ?"),
                            {status, attempts, result.statusCode ? QVariant(result.statusCode) : QVariant(QMetaType::fromType<int>()),
                             now + delay, now, result.id});
            return 1;
        },
        [this](Outcome<int> outcome) {
            if (!outcome.ok())
                qCWarning(lcWebhooks) << "cannot record a notification attempt:" << outcome.errorText();
            pump();
        });
}

} // namespace ogene
