#include "ogene/auditrecord.h"

namespace ogene {

AuditRecord AuditRecord::fromJson(const QJsonObject &json)
{
    AuditRecord entry;
    entry.id = json.value(QStringLiteral("id")).toInteger();
    entry.createdAt = json.value(QStringLiteral("created_at")).toString();
    const QJsonObject actor = json.value(QStringLiteral("actor")).toObject();
    entry.actorId = actor.value(QStringLiteral("id")).toInteger();
    entry.actorEmail = actor.value(QStringLiteral("email")).toString();
    entry.action = json.value(QStringLiteral("action")).toString();
    entry.targetType = json.value(QStringLiteral("target_type")).toString();
    if (json.value(QStringLiteral("target_id")).isDouble())
        entry.targetId = json.value(QStringLiteral("target_id")).toInteger();
    entry.details = json.value(QStringLiteral("details")).toObject();
    entry.clientAddress = json.value(QStringLiteral("client_address")).toString();
    return entry;
}

} // namespace ogene
