#pragma once

#include "app/services.h"
#include "http/router.h"

namespace ogene {

// /api/admin/users: create, list and search, show, update, suspend and reactivate accounts.
void installAdminUserRoutes(Router &router, Services &services);

} // namespace ogene
