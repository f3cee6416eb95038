#include "dispatch/dispatcher.h"

#include "dispatch/gatewayregistry.h"
#include "dispatch/messagerejection.h"
#include "notifications/clientnotifications.h"
#include "store/store.h"

#include <ogene/timestamp.h>

#include <QLoggingCategory>
#include <QPointer>

Q_LOGGING_CATEGORY(lcDispatch, "ogene.dispatch")

namespace ogene {
namespace {

constexpr int BatchSize = 500;
constexpr int MostClaimsInFlight = 2;
// Time to record a gateway's answer after it comes, beyond the gateway's own longest hold.
constexpr qint64 RecordMarginMs = 10 * 1000;
constexpr int TickMs = 500;
constexpr qint64 FirstRetryDelayMs = 1000;
constexpr qint64 LongestRetryDelayMs = 5 * 60 * 1000;

QList<OutboundMessage> claimBatch(SqlSession &session, qint64 leaseMs)
{
    const qint64 now = nowMs();
    QString select = QStringLiteral(
        "SELECT id, recipient_phone, sender_id_value, message_text, segments_count, sandbox FROM messages "
        "WHERE status = 'queued' AND available_at <= ? AND claimed_until <= ? ORDER BY available_at, id LIMIT ?");
    if (session.engine() == Engine::Postgresql)
        select += QStringLiteral(" FOR UPDATE SKIP LOCKED");
    QList<OutboundMessage> claimed;
    QList<qint64> ids;
    for (const QVariantList &row : session.rows(select, {now, now, BatchSize})) {
        claimed.append({row[0].toLongLong(), row[1].toString(), row[2].toString(), row[3].toString(), row[4].toInt(),
                        row[5].toInt() != 0});
        ids.append(claimed.last().id);
    }
    if (!ids.isEmpty())
        session.execute(QStringLiteral("UPDATE messages SET claimed_until = ? WHERE ") + session.idIn(QStringLiteral("id")),
                        {now + leaseMs, session.idsValue(ids)});
    return claimed;
}

// Leaving the queued state takes the message out of the queue's index: nothing else to delete.
// One statement for the whole batch; answers the ids it changed (a message no longer queued, say
// cancelled meanwhile, is left as it is).
QList<qint64> recordSent(SqlSession &session, const QList<std::pair<qint64, QString>> &accepted, const QString &gateway, qint64 now)
{
    QList<qint64> sent;
    if (accepted.isEmpty())
        return sent;
    const QString sql = QStringLiteral("UPDATE messages SET status = 'sent', gateway = ?, gateway_message_id = accepted.value, "
                                       "sent_at = ?, updated_at = ?, failure_reason = NULL FROM %1 AS accepted "
                                       "WHERE messages.id = accepted.id AND messages.status = 'queued' RETURNING messages.id")
                            .arg(session.idPairs());
    for (const QVariantList &row : session.rows(sql, QVariantList{gateway, now, now} + session.pairsValue(accepted)))
        sent.append(row.at(0).toLongLong());
    return sent;
}

// Throttled or a passing fault: back in the queue with a growing delay, until the message is older
// than the retry age; then it fails and is refunded like a rejection, since no carrier took it.
// Answers true when the message failed for good.
bool recordRetry(SqlSession &session, qint64 messageId, const QString &gateway, const QString &reason, qint64 retryAgeMs,
                 qint64 now)
{
    const auto row = session.one(QStringLiteral("SELECT attempts, created_at FROM messages WHERE id = ?"), {messageId});
    if (!row)
        return false;
    if (now - row->value(1).toLongLong() >= retryAgeMs)
        return MessageRejection::failAndRefund(session, messageId, gateway,
                                              QStringLiteral("Not sent within %1 seconds: %2").arg(retryAgeMs / 1000).arg(reason));
    const int attempts = row->value(0).toInt();
    const qint64 delay = qMin(LongestRetryDelayMs, FirstRetryDelayMs << qMin(attempts, 20));
    session.execute(QStringLiteral("UPDATE messages SET available_at = ?, attempts = attempts + 1, claimed_until = 0, "
                                   "failure_reason = ? WHERE id = ? AND status = 'queued'"),
                    {now + delay, SqlSession::nullIfEmpty(reason), messageId});
    return false;
}

} // namespace

Dispatcher::Dispatcher(Store &store, GatewayRegistry &gateways, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_gateways(gateways)
{
    m_tick.setInterval(TickMs);
    connect(&m_tick, &QTimer::timeout, this, &Dispatcher::pump);
}

void Dispatcher::start()
{
    // SQLite serves one node only, so every claim left in the queue is this node's, from before a
    // crash: release them at once instead of waiting out their lease.
    if (m_store.engine() == Engine::Sqlite)
        m_store.runAndWait<int>([](SqlSession &session) {
            return session.execute(
                QStringLiteral("UPDATE messages SET claimed_until = 0 WHERE status = 'queued' AND claimed_until > 0"));
        });
    m_tick.start();
    pump();
}

qint64 Dispatcher::claimLeaseMs() const
{
    return qMax(m_claimLeaseMs, m_gateways.longestHoldMs() + RecordMarginMs);
}

void Dispatcher::wake()
{
    m_wake.request();
}

void Dispatcher::pump()
{
    if (m_claimsInFlight >= MostClaimsInFlight)
        return;
    ++m_claimsInFlight;
    const qint64 leaseMs = claimLeaseMs();
    const auto claim = [leaseMs](SqlSession &session) { return claimBatch(session, leaseMs); };
    m_store.run<QList<OutboundMessage>>(this, claim, [this](Outcome<QList<OutboundMessage>> outcome) {
        --m_claimsInFlight;
        if (!outcome.ok()) {
            qCWarning(lcDispatch) << "cannot claim queued messages:" << outcome.errorText();
            return;
        }
        const QList<OutboundMessage> &claimed = *outcome.value;
        if (claimed.isEmpty())
            return;
        deliver(claimed);
        if (claimed.size() == BatchSize)
            pump(); // more is waiting
    });
}

void Dispatcher::deliver(const QList<OutboundMessage> &claimed)
{
    QList<Routed> routed;
    routed.reserve(claimed.size());
    for (const OutboundMessage &message : claimed) {
        QStringList names;
        for (Gateway *gateway : m_gateways.candidates(message))
            names.append(gateway->name());
        routed.append({message, names,
                       names.isEmpty() ? QStringLiteral("No gateway of its route is configured on this node")
                                       : QStringLiteral("No gateway is up")});
    }
    send(routed);
}

// Hands each message to the first of its remaining gateways that is up. A message that one gateway
// could not take for now goes on to the next at once; one with no gateway left goes back to the queue.
void Dispatcher::send(const QList<Routed> &routed)
{
    QHash<Gateway *, QList<Routed>> byGateway;
    QList<Routed> stranded;
    for (Routed message : routed) {
        Gateway *chosen = nullptr;
        while (!chosen && !message.remaining.isEmpty()) {
            Gateway *gateway = m_gateways.find(message.remaining.takeFirst());
            if (gateway && gateway->isUp())
                chosen = gateway;
        }
        if (chosen)
            byGateway[chosen].append(message);
        else
            stranded.append(message);
    }
    if (!stranded.isEmpty()) {
        QList<SubmitResult> results;
        for (const Routed &message : stranded)
            results.append({SubmitResult::Outcome::Retry, {}, message.lastReason});
        record(stranded, QString(), results);
    }
    const QPointer<Dispatcher> self(this);
    for (auto it = byGateway.cbegin(); it != byGateway.cend(); ++it) {
        const QList<Routed> batch = it.value();
        QList<OutboundMessage> messages;
        messages.reserve(batch.size());
        for (const Routed &message : batch)
            messages.append(message.message);
        const QString gatewayName = it.key()->name();
        it.key()->submit(messages, [self, batch, gatewayName](QList<SubmitResult> results) {
            if (!self)
                return; // shutting down: the claims lapse and the messages are offered again
            QList<Routed> settled, again;
            QList<SubmitResult> settledResults;
            for (qsizetype i = 0; i < batch.size(); ++i) {
                const SubmitResult result = i < results.size() ? results.at(i)
                                                               : SubmitResult{SubmitResult::Outcome::Retry, {}, QStringLiteral("No answer")};
                if (result.outcome == SubmitResult::Outcome::Retry && !batch.at(i).remaining.isEmpty()) {
                    again.append(batch.at(i));
                    again.last().lastReason = result.reason;
                } else {
                    settled.append(batch.at(i));
                    settledResults.append(result);
                }
            }
            if (!settled.isEmpty())
                self->record(settled, gatewayName, settledResults);
            if (!again.isEmpty())
                self->send(again);
        });
    }
}

void Dispatcher::record(const QList<Routed> &batch, const QString &gateway, const QList<SubmitResult> &results)
{
    const qint64 retryAgeMs = m_retryAgeMs;
    m_store.run<int>(
        this,
        [batch, gateway, results, retryAgeMs](SqlSession &session) {
            const qint64 now = nowMs();
            QList<qint64> failed;
            QList<std::pair<qint64, QString>> accepted;
            for (qsizetype i = 0; i < batch.size(); ++i) {
                const SubmitResult &result = results.at(i);
                const qint64 id = batch.at(i).message.id;
                switch (result.outcome) {
                case SubmitResult::Outcome::Accepted:
                    accepted.append({id, result.gatewayMessageId});
                    break;
                case SubmitResult::Outcome::Rejected:
                    if (MessageRejection::failAndRefund(session, id, gateway, result.reason))
                        failed.append(id);
                    break;
                case SubmitResult::Outcome::Retry:
                    if (recordRetry(session, id, gateway, result.reason, retryAgeMs, now))
                        failed.append(id);
                    break;
                }
            }
            const QList<qint64> sent = recordSent(session, accepted, gateway, now);
            ClientNotifications::messagesChanged(session, sent, QStringLiteral("message.sent"));
            ClientNotifications::messagesChanged(session, failed, QStringLiteral("message.failed"));
            return int(batch.size());
        },
        [](Outcome<int> outcome) {
            // On failure the claims lapse and the messages are offered again.
            if (!outcome.ok())
                qCWarning(lcDispatch) << "cannot record gateway outcomes:" << outcome.errorText();
        });
}

} // namespace ogene
