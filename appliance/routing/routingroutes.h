#pragma once

#include "app/services.h"
#include "http/router.h"

namespace ogene {

// GET and PUT /api/admin/routes (the route table) and GET /api/admin/gateways (each gateway's state).
void installRoutingRoutes(Router &router, Services &services);

} // namespace ogene
