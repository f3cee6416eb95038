#include "app/apiroutes.h"

#include "accounts/adminuserroutes.h"
#include "apikeys/apikeyroutes.h"
#include "auth/authroutes.h"
#include "health/healthroutes.h"

namespace ogene {

void installApiRoutes(Router &router, Services &services)
{
    installHealthRoutes(router, services);
    installAuthRoutes(router, services);
    installApiKeyRoutes(router, services);
    installAdminUserRoutes(router, services);
}

} // namespace ogene
