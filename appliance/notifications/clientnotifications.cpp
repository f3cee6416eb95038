#include "notifications/clientnotifications.h"

#include "store/sqlsession.h"

#include <ogene/timestamp.h>

#include <QJsonDocument>

namespace ogene {

const QStringList ClientNotifications::Events = {QStringLiteral("message.sent"), QStringLiteral("message.delivered"),
                                                 QStringLiteral("message.failed"), QStringLiteral("campaign.completed")};

void ClientNotifications::messagesChanged(SqlSession &session, const QList<qint64> &messageIds, const QString &event,
                                          qint64 changedAt)
{
    if (messageIds.isEmpty())
        return;
    const qint64 now = nowMs();
    // Events are stored between commas (",message.sent,message.failed,") so one LIKE finds one. The
    // pattern is written into the statement, from the fixed list of events: SQLite prepares a
    // statement again each time a bound LIKE pattern may change its plan.
    Q_ASSERT(Events.contains(event));
    if (!Events.contains(event))
        return;
    const QString subscribed = QStringLiteral("'%,") + event + QStringLiteral(",%'");
    // Most status changes notify nobody. When no account has a webhook for this event, only
    // messages with their own callback_url can, and their small index answers without reading the
    // whole batch's rows (SQLite is told to use it; PostgreSQL's planner picks it by its size).
    const bool anyWebhook =
        session.scalar(QStringLiteral("SELECT COUNT(*) FROM client_webhooks WHERE events LIKE ") + subscribed).toLongLong() > 0;
    const QString messages = !anyWebhook && session.engine() == Engine::Sqlite
        ? QStringLiteral("messages m INDEXED BY messages_with_callback")
        : QStringLiteral("messages m");
    // changedAt 0 matches every message: updated_at is always later.
    session.execute(QStringLiteral("INSERT INTO webhook_deliveries (user_id, event, message_id, url, status, attempts, occurred_at, "
                                   "next_attempt_at, claimed_until, updated_at) "
                                   "SELECT m.user_id, ?, m.id, COALESCE(m.callback_url, w.url), 'pending', 0, ?, ?, 0, ? "
                                   "FROM %1 LEFT JOIN client_webhooks w ON w.user_id = m.user_id AND w.events LIKE %4 "
                                   "WHERE %2 AND (m.callback_url IS NOT NULL OR w.user_id IS NOT NULL) "
                                   "AND (CAST(? AS BIGINT) = 0 OR m.updated_at = ?)%3")
                        .arg(messages, session.idIn(QStringLiteral("m.id")),
                             anyWebhook ? QString() : QStringLiteral(" AND m.callback_url IS NOT NULL"), subscribed),
                    {event, now, now, now, session.idsValue(messageIds), changedAt, changedAt});
}

void ClientNotifications::campaignCompleted(SqlSession &session, qint64 userId, qint64 campaignId, const QJsonObject &data)
{
    const qint64 now = nowMs();
    session.execute(QStringLiteral("INSERT INTO webhook_deliveries (user_id, event, campaign_id, data, url, status, attempts, "
                                   "occurred_at, next_attempt_at, claimed_until, updated_at) "
                                   "SELECT user_id, 'campaign.completed', ?, ?, url, 'pending', 0, ?, ?, 0, ? "
                                   "FROM client_webhooks WHERE user_id = ? AND events LIKE '%,campaign.completed,%'"),
                    {campaignId, QString::fromUtf8(QJsonDocument(data).toJson(QJsonDocument::Compact)), now, now, now, userId});
}

} // namespace ogene
