#pragma once

#include <QJsonObject>
#include <QSqlRecord>
#include <QString>

namespace ogene {

// A sender name an account asked for: pending until an admin approves or rejects it; usable for
// sending only once approved.
struct SenderId
{
    qint64 id = 0;
    qint64 userId = 0;
    QString senderName;
    QString status;
    QString rejectionReason;
    qint64 approvedAt = 0;
    qint64 createdAt = 0;
    qint64 updatedAt = 0;

    static const QString Columns;
    static SenderId fromRecord(const QSqlRecord &record);
    QJsonObject toJson() const;
    // Letters and digits only, 1 to 11 characters, not all digits; empty when valid.
    static QString validateName(const QString &name);
};

} // namespace ogene
