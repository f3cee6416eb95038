#pragma once

#include "app/services.h"
#include "http/router.h"

namespace ogene {

// /api/webhooks/{gateway}/dlr, POST and GET: delivery reports from a gateway, with fields msgid,
// to, status and err as JSON, a form or the query string, and the gateway's secret in the query
// (secret=) or the X-Ogene-Webhook-Secret header.
void installDlrWebhookRoutes(Router &router, Services &services);

} // namespace ogene
