#pragma once

#include "app/services.h"
#include "http/router.h"

namespace ogene {

// Clients: /api/client/sender-id (request, list, approved). Admins: /api/admin/sender-ids
// (queue by status, approve, reject with a reason).
void installSenderIdRoutes(Router &router, Services &services);

} // namespace ogene
