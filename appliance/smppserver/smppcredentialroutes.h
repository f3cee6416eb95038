#pragma once

namespace ogene {

class Router;
struct Services;

// /api/client/credentials/smpp (list, generate, reset-password) and the admin's
// POST /api/admin/users/{id}/smpp-access.
void installSmppCredentialRoutes(Router &router, Services &services);

} // namespace ogene
