#pragma once

#include <QJsonObject>
#include <QSqlRecord>
#include <QString>

#include <optional>

namespace ogene {

// One line of the audit log: who did what to which record, from where, and when.
struct AuditEntry
{
    qint64 id = 0;
    qint64 createdAt = 0; // ms since the epoch
    qint64 actorUserId = 0;
    QString actorEmail;
    QString action;
    QString targetType;
    std::optional<qint64> targetId;
    QJsonObject details;
    QString clientAddress;

    static const QString Columns;
    static AuditEntry fromRecord(const QSqlRecord &record);
    QJsonObject toJson() const;
};

} // namespace ogene
