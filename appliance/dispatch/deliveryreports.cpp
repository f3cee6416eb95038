#include "dispatch/deliveryreports.h"

#include "notifications/clientnotifications.h"
#include "store/sqlsession.h"

#include <ogene/timestamp.h>

namespace ogene {

DeliveryReports::Verdict DeliveryReports::verdictOf(const QString &statusCode)
{
    const QString code = statusCode.trimmed().toUpper();
    if (code == QLatin1String("DELIVRD"))
        return Verdict::Delivered;
    for (const char *failed : {"UNDELIV", "REJECTD", "EXPIRED", "DELETED", "UNKNOWN"}) {
        if (code == QLatin1String(failed))
            return Verdict::Failed;
    }
    if (code == QLatin1String("ACCEPTD") || code == QLatin1String("ENROUTE"))
        return Verdict::Pending;
    return Verdict::Unknown;
}

namespace {

QString failureReason(const QString &statusCode, const QString &errorCode)
{
    return QStringLiteral("%1 (err %2)").arg(statusCode.trimmed().toUpper(),
                                             errorCode.trimmed().isEmpty() ? QStringLiteral("000") : errorCode.trimmed());
}

} // namespace

int DeliveryReports::applyToMessages(SqlSession &session, const QList<qint64> &messageIds, const QString &statusCode,
                                     const QString &errorCode, const QString &gateway)
{
    const Verdict verdict = verdictOf(statusCode);
    if (messageIds.isEmpty() || (verdict != Verdict::Delivered && verdict != Verdict::Failed))
        return 0;
    const qint64 now = nowMs();
    const QString status = verdict == Verdict::Delivered ? QStringLiteral("delivered") : QStringLiteral("failed");
    const QVariant reason =
        SqlSession::nullIfEmpty(verdict == Verdict::Failed ? failureReason(statusCode, errorCode) : QString());
    const int changed = session.execute(
        QStringLiteral("UPDATE messages SET status = ?, failure_reason = ?, completed_at = ?, updated_at = ?%2 "
                       "WHERE %1 AND status IN ('queued', 'sent')")
            .arg(session.idIn(QStringLiteral("id")),
                 gateway.isEmpty() ? QString() : QStringLiteral(", gateway = COALESCE(gateway, ?), sent_at = COALESCE(sent_at, ?)")),
        gateway.isEmpty() ? QVariantList{status, reason, now, now, session.idsValue(messageIds)}
                          : QVariantList{status, reason, now, now, gateway, now, session.idsValue(messageIds)});
    if (changed > 0)
        ClientNotifications::messagesChanged(session, messageIds, ClientNotifications::eventFor(status), now);
    return changed;
}

std::optional<DeliveryReports::Applied> DeliveryReports::apply(SqlSession &session, const QString &gateway,
                                                               const QString &gatewayMessageId, const QString &statusCode,
                                                               const QString &errorCode)
{
    const auto row = session.one(QStringLiteral("SELECT id, status FROM messages WHERE gateway = ? AND gateway_message_id = ?"),
                                 {gateway, gatewayMessageId});
    if (!row)
        return std::nullopt;
    Applied applied{row->value(0).toLongLong(), row->value(1).toString(), false};
    const Verdict verdict = verdictOf(statusCode);
    if (verdict != Verdict::Delivered && verdict != Verdict::Failed)
        return applied;

    applied.changed = applyById(session, applied.messageId, gateway, gatewayMessageId, statusCode, errorCode);
    if (applied.changed)
        applied.status = verdict == Verdict::Delivered ? QStringLiteral("delivered") : QStringLiteral("failed");
    return applied;
}

bool DeliveryReports::matchUnrecorded(SqlSession &session, const QString &gateway, const QString &messageId)
{
    bool numeric = false;
    const qint64 id = messageId.toLongLong(&numeric);
    if (!numeric || QString::number(id) != messageId)
        return false;
    return session.execute(QStringLiteral("UPDATE messages SET gateway = ?, gateway_message_id = ? "
                                          "WHERE id = ? AND status = 'queued' AND gateway_message_id IS NULL"),
                           {gateway, messageId, id})
        > 0;
}

bool DeliveryReports::applyById(SqlSession &session, qint64 messageId, const QString &gateway, const QString &gatewayMessageId,
                                const QString &statusCode, const QString &errorCode)
{
    const Verdict verdict = verdictOf(statusCode);
    if (verdict != Verdict::Delivered && verdict != Verdict::Failed)
        return false;
    const qint64 now = nowMs();
    const QString status = verdict == Verdict::Delivered ? QStringLiteral("delivered") : QStringLiteral("failed");
    const QString reason = verdict == Verdict::Failed ? failureReason(statusCode, errorCode) : QString();
    const bool changed =
        session.execute(QStringLiteral("UPDATE messages SET status = ?, failure_reason = ?, completed_at = ?, updated_at = ?, "
                                       "gateway = COALESCE(gateway, ?), gateway_message_id = COALESCE(gateway_message_id, ?), "
                                       "sent_at = COALESCE(sent_at, ?) WHERE id = ? AND status IN ('queued', 'sent')"),
                        {status, SqlSession::nullIfEmpty(reason), now, now, gateway, gatewayMessageId, now, messageId})
        > 0;
    if (changed)
        ClientNotifications::messagesChanged(session, {messageId}, ClientNotifications::eventFor(status));
    return changed;
}

} // namespace ogene
