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
    void admit(ApiCall call, Access access, std::function<void(ApiCall)> proceed) override;

private:
    bool withinLimit(ApiCall &call, const QString &key, qint64 limit);

    Services &m_services;
};

} // namespace ogene
