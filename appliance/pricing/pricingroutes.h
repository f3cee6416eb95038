#pragma once

#include "app/services.h"
#include "http/router.h"

namespace ogene {

// GET and PUT /api/admin/pricing: price per segment by currency, with per-prefix prices.
void installPricingRoutes(Router &router, Services &services);

} // namespace ogene
