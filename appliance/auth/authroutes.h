#pragma once

#include "app/services.h"
#include "http/router.h"

namespace ogene {

// POST /api/auth/login, POST /api/auth/logout, GET /api/auth/me.
void installAuthRoutes(Router &router, Services &services);

} // namespace ogene
