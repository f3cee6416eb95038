#include "accounts/user.h"

#include <ogene/timestamp.h>

#include <QVariant>

namespace ogene {

User User::fromRecord(const QSqlRecord &record)
{
    User user;
    user.id = record.value(QStringLiteral("id")).toLongLong();
    user.name = record.value(QStringLiteral("name")).toString();
    user.email = record.value(QStringLiteral("email")).toString();
    user.passwordHash = record.value(QStringLiteral("password_hash")).toString();
    user.role = record.value(QStringLiteral("role")).toString();
    user.status = record.value(QStringLiteral("status")).toString();
    user.currency = record.value(QStringLiteral("currency")).toString();
    const QVariant rateLimit = record.value(QStringLiteral("rate_limit_per_minute"));
    if (!rateLimit.isNull())
        user.rateLimitPerMinute = rateLimit.toLongLong();
    user.createdAt = record.value(QStringLiteral("created_at")).toLongLong();
    user.updatedAt = record.value(QStringLiteral("updated_at")).toLongLong();
    return user;
}

QJsonObject User::toJson() const
{
    QJsonObject json = profileJson();
    json.insert(QStringLiteral("rate_limit_per_minute"),
                rateLimitPerMinute ? QJsonValue(*rateLimitPerMinute) : QJsonValue(QJsonValue::Null));
    json.insert(QStringLiteral("updated_at"), isoTimestamp(updatedAt));
    return json;
}

QJsonObject User::profileJson() const
{
    return {{QStringLiteral("id"), id},
            {QStringLiteral("name"), name},
            {QStringLiteral("email"), email},
            {QStringLiteral("role"), role},
            {QStringLiteral("status"), status},
            {QStringLiteral("currency"), currency},
            {QStringLiteral("created_at"), isoTimestamp(createdAt)}};
}

} // namespace ogene
