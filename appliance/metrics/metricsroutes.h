#pragma once

#include "app/services.h"
#include "http/router.h"

namespace ogene {

// GET /metrics: the Prometheus exposition, for the operator's monitoring. Guarded by METRICS_TOKEN
// and/or METRICS_ALLOW instead of a user's credential, and not rate-limited (a scraper polls it on
// its own schedule); off (404) while neither is configured.
void installMetricsRoutes(Router &router, Services &services);

} // namespace ogene
