#pragma once

#include <QJsonObject>
#include <QString>

#include <optional>

namespace ogene {

// One entry of the audit log as GET /api/admin/audit shows it.
struct AuditRecord
{
    qint64 id = 0;
    QString createdAt;
    qint64 actorId = 0;
    QString actorEmail;
    QString action;
    QString targetType;
    std::optional<qint64> targetId;
    QJsonObject details;
    QString clientAddress;

    static AuditRecord fromJson(const QJsonObject &json);
};

} // namespace ogene
