#include "ogene/accountrecord.h"

namespace ogene {

AccountRecord AccountRecord::fromJson(const QJsonObject &json)
{
    AccountRecord account;
    account.id = json.value(QStringLiteral("id")).toInteger();
    account.name = json.value(QStringLiteral("name")).toString();
    account.email = json.value(QStringLiteral("email")).toString();
    account.role = json.value(QStringLiteral("role")).toString();
    account.status = json.value(QStringLiteral("status")).toString();
    account.currency = json.value(QStringLiteral("currency")).toString();
    const QJsonValue rateLimit = json.value(QStringLiteral("rate_limit_per_minute"));
    if (rateLimit.isDouble())
        account.rateLimitPerMinute = rateLimit.toInteger();
    account.createdAt = json.value(QStringLiteral("created_at")).toString();
    return account;
}

} // namespace ogene
