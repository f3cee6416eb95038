#pragma once

#include "app/services.h"
#include "http/router.h"

namespace ogene {

// /api/client/contacts: the account's address book (list with search, create, show, update,
// delete) and CSV import.
void installContactRoutes(Router &router, Services &services);

} // namespace ogene
