#include "audit/auditentry.h"

#include <ogene/timestamp.h>

#include <QJsonDocument>

namespace ogene {

const QString AuditEntry::Columns = QStringLiteral(
    "id, created_at, actor_user_id, actor_email, action, target_type, target_id, details, client_address");

AuditEntry AuditEntry::fromRecord(const QSqlRecord &record)
{
    AuditEntry entry;
    entry.id = record.value(0).toLongLong();
    entry.createdAt = record.value(1).toLongLong();
    entry.actorUserId = record.value(2).toLongLong();
    entry.actorEmail = record.value(3).toString();
    entry.action = record.value(4).toString();
    entry.targetType = record.value(5).toString();
    if (!record.value(6).isNull())
        entry.targetId = record.value(6).toLongLong();
    entry.details = QJsonDocument::fromJson(record.value(7).toString().toUtf8()).object();
    entry.clientAddress = record.value(8).toString();
    return entry;
}

QJsonObject AuditEntry::toJson() const
{
    return QJsonObject{
        {QStringLiteral("id"), id},
        {QStringLiteral("created_at"), isoTimestamp(createdAt)},
        {QStringLiteral("actor"), QJsonObject{{QStringLiteral("id"), actorUserId}, {QStringLiteral("email"), actorEmail}}},
        {QStringLiteral("action"), action},
        {QStringLiteral("target_type"), targetType},
        {QStringLiteral("target_id"), targetId ? QJsonValue(*targetId) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("details"), details},
        {QStringLiteral("client_address"), clientAddress},
    };
}

} // namespace ogene
