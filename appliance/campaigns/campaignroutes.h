#pragma once

#include "app/services.h"
#include "http/router.h"

namespace ogene {

// /api/client/bulk-sms: create a campaign (draft, queued now, or scheduled), list and show them
// with live progress, queue a draft, cancel, delete a draft.
void installCampaignRoutes(Router &router, Services &services);

} // namespace ogene
