#pragma once

#include "app/services.h"
#include "http/router.h"

namespace ogene {

// GET /api/admin/audit: the audit log, newest first, filtered by actor, action, target and time.
void installAuditRoutes(Router &router, Services &services);

} // namespace ogene
