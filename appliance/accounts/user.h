#pragma once

#include <QJsonObject>
#include <QSqlRecord>
#include <QString>

#include <optional>

namespace ogene {

// An account as stored. The password hash never leaves the appliance.
struct User
{
    qint64 id = 0;
    QString name;
    QString email;
    QString passwordHash;
    QString role;
    QString status;
    QString currency;
    std::optional<qint64> rateLimitPerMinute;
    qint64 createdAt = 0;
    qint64 updatedAt = 0;

    static User fromRecord(const QSqlRecord &record);
    // The record admins see.
    QJsonObject toJson() const;
    // The record GET /api/auth/me answers.
    QJsonObject profileJson() const;
};

} // namespace ogene
