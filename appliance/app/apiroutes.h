#pragma once

#include "app/services.h"
#include "http/router.h"

namespace ogene {

// Every route of the REST API, in one place.
void installApiRoutes(Router &router, Services &services);

} // namespace ogene
