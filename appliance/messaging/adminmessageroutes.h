#pragma once

#include "app/services.h"
#include "http/router.h"

namespace ogene {

// GET /api/admin/messages: every account's messages for operators, with the client list's filters
// and ?user_id=.
void installAdminMessageRoutes(Router &router, Services &services);

} // namespace ogene
