#pragma once

#include "app/services.h"
#include "http/router.h"

namespace ogene {

// Admins: GET /api/admin/payments, every payment intent newest first, filtered by ?status= and
// ?user_id=; where a mismatched payment waits to be looked into.
void installAdminPaymentRoutes(Router &router, Services &services);

} // namespace ogene
