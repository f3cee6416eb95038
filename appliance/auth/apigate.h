#pragma once

#include "app/services.h"
#include "http/router.h"

namespace ogene {

// The door every API call goes through: per-address limits on public routes; on the others the
// bearer credential, the account's state, the route's role and the account's rate limit.
class ApiGate : public AccessGate
{
public:
    explicit ApiGate(Services &services);
    // Requests per minute: per account unless it has its own, and per address on public routes.
    void setLimits(qint64 defaultRateLimit, qint64 anonymousRateLimit);
    void admit(ApiCall call, Access access, std::function<void(ApiCall)> proceed) override;

private:
    void admitPrincipal(ApiCall call, Access access, const Principal &principal, const std::function<void(ApiCall)> &proceed);
    bool withinLimit(ApiCall &call, const QString &key, qint64 limit);

    Services &m_services;
    qint64 m_defaultRateLimit = 100;
    qint64 m_anonymousRateLimit = 120;
};

} // namespace ogene
