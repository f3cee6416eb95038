#include "dispatch/messagerejection.h"

#include "notifications/clientnotifications.h"
#include "store/sqlsession.h"
#include "wallet/walletledger.h"

#include <ogene/timestamp.h>

namespace ogene {

bool MessageRejection::failAndRefund(SqlSession &session, qint64 messageId, const QString &gateway, const QString &reason, From from)
{
    const qint64 now = nowMs();
    const auto row = session.one(QStringLiteral("UPDATE messages SET status = 'failed', gateway = COALESCE(?, gateway), failure_reason = ?, "
                                                "completed_at = ?, updated_at = ? WHERE id = ? AND status IN (%1) "
                                                "RETURNING user_id, cost, sandbox")
                                     .arg(from == From::Queued ? QStringLiteral("'queued'") : QStringLiteral("'queued', 'sent'")),
                                 {SqlSession::nullIfEmpty(gateway), reason, now, now, messageId});
    if (row && row->value(2).toInt() == 0 && row->value(1).toLongLong() > 0)
        WalletLedger(session).credit(row->value(0).toLongLong(), row->value(1).toLongLong(), WalletLedger::Category::Refund,
                                     QStringLiteral("message:%1").arg(messageId),
                                     QStringLiteral("Refund: message %1 rejected by %2").arg(messageId).arg(gateway));
    if (row && from == From::QueuedOrSent)
        ClientNotifications::messagesChanged(session, {messageId}, QStringLiteral("message.failed"));
    return row.has_value();
}

} // namespace ogene
