#include "ogene/senderidrecord.h"

namespace ogene {

SenderIdRecord SenderIdRecord::fromJson(const QJsonObject &json)
{
    SenderIdRecord record;
    record.id = json.value(QStringLiteral("id")).toInteger();
    record.userId = json.value(QStringLiteral("user_id")).toInteger();
    record.senderName = json.value(QStringLiteral("sender_name")).toString();
    record.status = json.value(QStringLiteral("status")).toString();
    record.rejectionReason = json.value(QStringLiteral("rejection_reason")).toString();
    record.createdAt = json.value(QStringLiteral("created_at")).toString();
    return record;
}

} // namespace ogene
