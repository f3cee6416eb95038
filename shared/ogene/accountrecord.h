#pragma once

#include <QJsonObject>
#include <QString>

#include <optional>

namespace ogene {

// An account as GET /api/admin/users shows it.
struct AccountRecord
{
    qint64 id = 0;
    QString name;
    QString email;
    QString role;
    QString status;
    QString currency;
    std::optional<qint64> rateLimitPerMinute; // none: the appliance's default
    qint64 balance = 0; // minor units of currency
    bool smppAccess = false;
    std::optional<qint64> smppSubmitPerSecond; // none: the appliance's default
    QString createdAt;

    bool isSuspended() const { return status == QLatin1String("suspended"); }
    static AccountRecord fromJson(const QJsonObject &json);
};

} // namespace ogene
