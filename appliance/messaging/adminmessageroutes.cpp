#include "messaging/adminmessageroutes.h"

#include "messaging/messagelisting.h"

namespace ogene {

void installAdminMessageRoutes(Router &router, Services &services)
{
    router.add("GET", QStringLiteral("/api/admin/messages"), Access::Admin,
               [&services](ApiCall call) { MessageListing::answer(services, call, std::nullopt); });
}

} // namespace ogene
