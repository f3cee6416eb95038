#pragma once

#include "app/services.h"
#include "http/router.h"

namespace ogene {

// POST /api/webhooks/paystack: Paystack's events, signed with x-paystack-signature (the hex
// HMAC-SHA512 of the raw body, keyed with the secret key). charge.success settles the payment;
// every other event is acknowledged and ignored, since Paystack retries whatever is not a 2xx.
void installPaystackWebhookRoutes(Router &router, Services &services);

} // namespace ogene
