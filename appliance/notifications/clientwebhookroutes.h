#pragma once

#include "app/services.h"
#include "http/router.h"

namespace ogene {

// PUT, GET and DELETE /api/client/webhooks (the account's notification settings and signing
// secret) and GET /api/client/webhooks/deliveries (every attempt to post one).
void installClientWebhookRoutes(Router &router, Services &services);

} // namespace ogene
