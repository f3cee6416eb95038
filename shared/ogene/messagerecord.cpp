#include "ogene/messagerecord.h"

namespace ogene {

MessageRecord MessageRecord::fromJson(const QJsonObject &json)
{
    MessageRecord message;
    message.id = json.value(QStringLiteral("id")).toInteger();
    message.userId = json.value(QStringLiteral("user_id")).toInteger();
    message.recipientPhone = json.value(QStringLiteral("recipient_phone")).toString();
    message.senderIdValue = json.value(QStringLiteral("sender_id_value")).toString();
    message.messageText = json.value(QStringLiteral("message_text")).toString();
    message.segmentsCount = json.value(QStringLiteral("segments_count")).toInt();
    message.encoding = json.value(QStringLiteral("encoding")).toString();
    message.cost = json.value(QStringLiteral("cost")).toString();
    message.currency = json.value(QStringLiteral("currency")).toString();
    message.status = json.value(QStringLiteral("status")).toString();
    message.failureReason = json.value(QStringLiteral("failure_reason")).toString();
    message.sandbox = json.value(QStringLiteral("sandbox")).toBool();
    message.createdAt = json.value(QStringLiteral("created_at")).toString();
    message.sentAt = json.value(QStringLiteral("sent_at")).toString();
    message.completedAt = json.value(QStringLiteral("completed_at")).toString();
    return message;
}

} // namespace ogene
