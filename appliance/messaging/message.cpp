#include "messaging/message.h"

#include <ogene/money.h>
#include <ogene/timestamp.h>

#include <QVariant>

namespace ogene {
const QString Message::Columns = QStringLiteral(
    "id, user_id, recipient_phone, sender_id_value, message_text, encoding, segments_count, cost, currency, status, "
    "failure_reason, sandbox, created_at, updated_at, sent_at, completed_at");

Message Message::fromRecord(const QSqlRecord &record)
{
    Message message;
    message.id = record.value(0).toLongLong();
    message.userId = record.value(1).toLongLong();
    message.recipientPhone = record.value(2).toString();
    message.senderIdValue = record.value(3).toString();
    message.messageText = record.value(4).toString();
    message.encoding = record.value(5).toString();
    message.segmentsCount = record.value(6).toInt();
    message.cost = record.value(7).toLongLong();
    message.currency = record.value(8).toString();
    message.status = record.value(9).toString();
    message.failureReason = record.value(10).toString();
    message.sandbox = record.value(11).toInt() != 0;
    message.createdAt = record.value(12).toLongLong();
    message.updatedAt = record.value(13).toLongLong();
    message.sentAt = record.value(14).toLongLong();
    message.completedAt = record.value(15).toLongLong();
    return message;
}

QJsonObject Message::toJson() const
{
    return {{QStringLiteral("id"), id},
            {QStringLiteral("user_id"), userId},
            {QStringLiteral("recipient_phone"), recipientPhone},
            {QStringLiteral("sender_id_value"), senderIdValue},
            {QStringLiteral("message_text"), messageText},
            {QStringLiteral("segments_count"), segmentsCount},
            {QStringLiteral("encoding"), encoding},
            {QStringLiteral("cost"), Money::format(cost)},
            {QStringLiteral("currency"), currency},
            {QStringLiteral("status"), status},
            {QStringLiteral("failure_reason"), failureReason.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(failureReason)},
            {QStringLiteral("sandbox"), sandbox},
            {QStringLiteral("created_at"), isoTimestamp(createdAt)},
            {QStringLiteral("updated_at"), isoTimestamp(updatedAt)},
            {QStringLiteral("sent_at"), isoTimestampOrNull(sentAt)},
            {QStringLiteral("completed_at"), isoTimestampOrNull(completedAt)}};
}

} // namespace ogene
