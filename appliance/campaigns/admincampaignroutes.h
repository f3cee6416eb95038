#pragma once

#include "app/services.h"
#include "http/router.h"

namespace ogene {

// /api/admin/campaigns: every account's bulk campaigns for the operator, and cancelling one.
void installAdminCampaignRoutes(Router &router, Services &services);

} // namespace ogene
