#pragma once

#include "app/services.h"
#include "http/router.h"

namespace ogene {

// GET /api/admin/dashboard: the figures the console's dashboard shows, in one read.
void installDashboardRoutes(Router &router, Services &services);

} // namespace ogene
