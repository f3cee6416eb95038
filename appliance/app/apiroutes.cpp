#include "app/apiroutes.h"

#include "accounts/adminuserroutes.h"
#include "apikeys/apikeyroutes.h"
#include "auth/authroutes.h"
#include "health/healthroutes.h"
#include "messaging/smsroutes.h"
#include "pricing/pricingroutes.h"
#include "senderids/senderidroutes.h"
#include "wallet/walletroutes.h"
#include "webhooks/dlrwebhookroutes.h"

namespace ogene {

void installApiRoutes(Router &router, Services &services)
{
    installHealthRoutes(router, services);
    installAuthRoutes(router, services);
    installApiKeyRoutes(router, services);
    installAdminUserRoutes(router, services);
    installWalletRoutes(router, services);
    installSenderIdRoutes(router, services);
    installPricingRoutes(router, services);
    installSmsRoutes(router, services);
    installDlrWebhookRoutes(router, services);
}

} // namespace ogene
