#include "senderids/senderid.h"

#include <ogene/timestamp.h>

#include <QRegularExpression>
#include <QVariant>

namespace ogene {

const QString SenderId::Columns =
    QStringLiteral("id, user_id, sender_name, status, rejection_reason, approved_at, created_at, updated_at");

SenderId SenderId::fromRecord(const QSqlRecord &record)
{
    SenderId sender;
    sender.id = record.value(0).toLongLong();
    sender.userId = record.value(1).toLongLong();
    sender.senderName = record.value(2).toString();
    sender.status = record.value(3).toString();
    sender.rejectionReason = record.value(4).toString();
    sender.approvedAt = record.value(5).toLongLong();
    sender.createdAt = record.value(6).toLongLong();
    sender.updatedAt = record.value(7).toLongLong();
    return sender;
}

QJsonObject SenderId::toJson() const
{
    return {{QStringLiteral("id"), id},
            {QStringLiteral("user_id"), userId},
            {QStringLiteral("sender_name"), senderName},
            {QStringLiteral("status"), status},
            {QStringLiteral("rejection_reason"), rejectionReason.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(rejectionReason)},
            {QStringLiteral("approved_at"), isoTimestampOrNull(approvedAt)},
            {QStringLiteral("created_at"), isoTimestamp(createdAt)},
            {QStringLiteral("updated_at"), isoTimestamp(updatedAt)}};
}

QString SenderId::validateName(const QString &name)
{
    static const QRegularExpression alphanumeric(QStringLiteral("^[A-Za-z0-9]{1,11}$"));
    static const QRegularExpression digitsOnly(QStringLiteral("^[0-9]+$"));
    if (name.isEmpty())
        return QStringLiteral("The sender_name field is required.");
    if (name.size() > 11)
        return QStringLiteral("The sender_name must not be greater than 11 characters.");
    if (!alphanumeric.match(name).hasMatch())
        return QStringLiteral("The sender_name may only contain letters and digits.");
    if (digitsOnly.match(name).hasMatch())
        return QStringLiteral("The sender_name must contain at least one letter.");
    return {};
}

} // namespace ogene
