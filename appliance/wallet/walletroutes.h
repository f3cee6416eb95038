#pragma once

#include "app/services.h"
#include "http/router.h"

namespace ogene {

// Clients: /api/client/balance, /api/client/wallet/balance, /api/client/wallet/transactions.
// Admins: POST /api/admin/users/{id}/wallet/credit.
void installWalletRoutes(Router &router, Services &services);

} // namespace ogene
