#pragma once

#include "app/services.h"
#include "http/router.h"

namespace ogene {

// POST /api/client/sms/send, GET /api/client/sms/status/{id}, GET /api/client/sms/messages.
void installSmsRoutes(Router &router, Services &services);

} // namespace ogene
