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
    // Events are stored between commas (",message.sent,message.failed,") so one LIKE finds one.
    // changedAt 0 matches every message: updated_at is always later.
    session.execute(QStringLiteral("INSERT INTO webhook_deliveries (user_id, event, message_id, url, status, attempts, occurred_at, "
                                   "next_attempt_at, claimed_until, updated_at) "
                                   "SELECT m.user_id, ?, m.id, COALESCE(m.callback_url, w.url), 'pending', 0, ?, ?, 0, ? "
                                   "FROM messages m LEFT JOIN client_webhooks w ON w.user_id = m.user_id AND w.events LIKE ? "
                                   "WHERE %1 AND (m.callback_url IS NOT NULL OR w.user_id IS NOT NULL) "
                                   "AND (CAST(? AS BIGINT) = 0 OR m.updated_at = ?)")
                        .arg(session.idIn(QStringLiteral("m.id"))),
                    {event, now, now, now, QStringLiteral("%,") + event + QStringLiteral(",%"), session.idsValue(messageIds),
                     changedAt, changedAt});
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
