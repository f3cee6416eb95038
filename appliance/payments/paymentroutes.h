#pragma once

#include "app/services.h"
#include "http/router.h"

namespace ogene {

// Clients fund their wallet through Paystack: POST /api/client/wallet/fund/initialize {amount}
// and GET /api/client/wallet/fund/verify/{reference}.
void installPaymentRoutes(Router &router, Services &services);

} // namespace ogene
