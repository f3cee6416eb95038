#pragma once

#include "app/services.h"
#include "http/router.h"

namespace ogene {

// /api/client/groups: named lists of the account's contacts (list, create, show with the number
// of contacts, rename, delete) and adding or removing contacts.
void installGroupRoutes(Router &router, Services &services);

} // namespace ogene
