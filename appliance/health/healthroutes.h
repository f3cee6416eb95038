#pragma once

#include "app/services.h"
#include "http/router.h"

namespace ogene {

// GET /api/health: no authentication; answers without touching the database, so it also measures
// the HTTP layer's own ceiling.
void installHealthRoutes(Router &router, Services &services);

} // namespace ogene
