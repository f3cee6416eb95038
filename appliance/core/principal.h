#pragma once

#include <QString>

namespace ogene {

// Who a request speaks for, as its bearer credential says.
struct Principal
{
    enum class Credential { SessionToken, ApiKey };

    qint64 userId = 0;
    QString role;
    QString status;
    QString currency;
    qint64 rateLimitPerMinute = 0; // 0: the configured default
    Credential credential = Credential::SessionToken;
    qint64 credentialId = 0;
    bool sandbox = false; // an API key made for testing: messages priced, not charged, never sent

    bool isAdmin() const { return role == QLatin1String("admin"); }
    bool isSuspended() const { return status == QLatin1String("suspended"); }
};

} // namespace ogene
