#include "ogene/accountrecord.h"

#include "ogene/money.h"

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
    account.balance = Money::fromJson(json.value(QStringLiteral("balance"))).value_or(0);
    account.smppAccess = json.value(QStringLiteral("smpp_access")).toBool();
    const QJsonValue smppRate = json.value(QStringLiteral("smpp_submit_per_second"));
    if (smppRate.isDouble())
        account.smppSubmitPerSecond = smppRate.toInteger();
    account.createdAt = json.value(QStringLiteral("created_at")).toString();
    return account;
}

} // namespace ogene
