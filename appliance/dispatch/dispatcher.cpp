#include "dispatch/dispatcher.h"

#include "dispatch/gatewayregistry.h"
#include "store/store.h"
#include "wallet/walletledger.h"

#include <ogene/timestamp.h>

#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcDispatch, "ogene.dispatch")

namespace ogene {
namespace {

constexpr int BatchSize = 500;
constexpr int MostClaimsInFlight = 2;
constexpr qint64 ClaimLeaseMs = 60 * 1000;
constexpr int TickMs = 500;
constexpr qint64 FirstRetryDelayMs = 1000;
constexpr qint64 LongestRetryDelayMs = 5 * 60 * 1000;

QList<OutboundMessage> claimBatch(SqlSession &session)
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
        session.executeOnce(QStringLiteral("UPDATE messages SET claimed_until = ? WHERE id IN (%1)").arg(SqlSession::idList(ids)),
                            {now + ClaimLeaseMs});
    return claimed;
}

// Leaving the queued state takes the message out of the queue's index: nothing else to delete.
void recordSent(SqlSession &session, qint64 messageId, const QString &gateway, const QString &gatewayMessageId, qint64 now)
{
    session.execute(QStringLiteral("UPDATE messages SET status = 'sent', gateway = ?, gateway_message_id = ?, sent_at = ?, "
                                   "updated_at = ? WHERE id = ? AND status = 'queued'"),
                    {gateway, gatewayMessageId, now, now, messageId});
}

// Refused before any carrier took it: the message fails and its cost goes back to the wallet.
void recordRejected(SqlSession &session, qint64 messageId, const QString &gateway, const QString &reason, qint64 now)
{
    const auto row = session.one(QStringLiteral("UPDATE messages SET status = 'failed', gateway = ?, failure_reason = ?, "
                                                "completed_at = ?, updated_at = ? WHERE id = ? AND status = 'queued' "
                                                "RETURNING user_id, cost, sandbox"),
                                 {gateway, reason, now, now, messageId});
    if (row && row->value(2).toInt() == 0 && row->value(1).toLongLong() > 0)
        WalletLedger(session).credit(row->value(0).toLongLong(), row->value(1).toLongLong(), WalletLedger::Category::Refund,
                                     QStringLiteral("message:%1").arg(messageId),
                                     QStringLiteral("Refund: message %1 rejected by %2").arg(messageId).arg(gateway));
}

void recordRetry(SqlSession &session, qint64 messageId, qint64 now)
{
    const int attempts = session.scalar(QStringLiteral("SELECT attempts FROM messages WHERE id = ?"), {messageId}).toInt();
    const qint64 delay = qMin(LongestRetryDelayMs, FirstRetryDelayMs << qMin(attempts, 20));
    session.execute(QStringLiteral("UPDATE messages SET available_at = ?, attempts = attempts + 1, claimed_until = 0 "
                                   "WHERE id = ? AND status = 'queued'"),
                    {now + delay, messageId});
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

void Dispatcher::wake()
{
    m_wake.request();
}

void Dispatcher::pump()
{
    if (m_claimsInFlight >= MostClaimsInFlight)
        return;
    ++m_claimsInFlight;
    m_store.run<QList<OutboundMessage>>(this, claimBatch, [this](Outcome<QList<OutboundMessage>> outcome) {
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
    QHash<Gateway *, QList<OutboundMessage>> byGateway;
    for (const OutboundMessage &message : claimed) {
        Gateway *gateway = m_gateways.route(message);
        if (!gateway) {
            qCWarning(lcDispatch) << "no gateway for message" << message.id << "; it stays queued";
            continue;
        }
        byGateway[gateway].append(message);
    }
    for (auto it = byGateway.cbegin(); it != byGateway.cend(); ++it) {
        const QList<OutboundMessage> batch = it.value();
        const QString gatewayName = it.key()->name();
        it.key()->submit(batch, [this, batch, gatewayName](QList<SubmitResult> results) { record(batch, gatewayName, results); });
    }
}

void Dispatcher::record(const QList<OutboundMessage> &batch, const QString &gateway, const QList<SubmitResult> &results)
{
    m_store.run<int>(
        this,
        [batch, gateway, results](SqlSession &session) {
            const qint64 now = nowMs();
            for (qsizetype i = 0; i < batch.size(); ++i) {
                const SubmitResult result = i < results.size() ? results.at(i) : SubmitResult{SubmitResult::Outcome::Retry, {}, {}};
                switch (result.outcome) {
                case SubmitResult::Outcome::Accepted:
                    recordSent(session, batch.at(i).id, gateway, result.gatewayMessageId, now);
                    break;
                case SubmitResult::Outcome::Rejected:
                    recordRejected(session, batch.at(i).id, gateway, result.reason, now);
                    break;
                case SubmitResult::Outcome::Retry:
                    recordRetry(session, batch.at(i).id, now);
                    break;
                }
            }
            return int(batch.size());
        },
        [](Outcome<int> outcome) {
            // On failure the claims lapse and the messages are offered again.
            if (!outcome.ok())
                qCWarning(lcDispatch) << "cannot record gateway outcomes:" << outcome.errorText();
        });
}

} // namespace ogene
