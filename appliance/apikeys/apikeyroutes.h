#pragma once

#include "app/services.h"
#include "http/router.h"

namespace ogene {

// /api/client/credentials/http: list, create and revoke the account's HTTP API keys.
void installApiKeyRoutes(Router &router, Services &services);

} // namespace ogene
