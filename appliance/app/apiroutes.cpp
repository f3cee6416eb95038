#include "app/apiroutes.h"

#include "accounts/adminuserroutes.h"
#include "apikeys/apikeyroutes.h"
#include "audit/auditroutes.h"
#include "auth/authroutes.h"
#include "campaigns/admincampaignroutes.h"
#include "campaigns/campaignroutes.h"
#include "contacts/contactroutes.h"
#include "contacts/grouproutes.h"
#include "dashboard/dashboardroutes.h"
#include "health/healthroutes.h"
#include "messaging/adminmessageroutes.h"
#include "messaging/smsroutes.h"
#include "metrics/metricsroutes.h"
#include "notifications/clientwebhookroutes.h"
#include "payments/adminpaymentroutes.h"
#include "payments/paymentroutes.h"
#include "payments/paystackwebhookroutes.h"
#include "pricing/pricingroutes.h"
#include "routing/routingroutes.h"
#include "senderids/senderidroutes.h"
#include "smppserver/smppcredentialroutes.h"
#include "wallet/walletroutes.h"
#include "webhooks/dlrwebhookroutes.h"

namespace ogene {

void installApiRoutes(Router &router, Services &services)
{
    installHealthRoutes(router, services);
    installAuthRoutes(router, services);
    installApiKeyRoutes(router, services);
    installSmppCredentialRoutes(router, services);
    installAdminUserRoutes(router, services);
    installWalletRoutes(router, services);
    installPaymentRoutes(router, services);
    installAdminPaymentRoutes(router, services);
    installSenderIdRoutes(router, services);
    installPricingRoutes(router, services);
    installRoutingRoutes(router, services);
    installSmsRoutes(router, services);
    installContactRoutes(router, services);
    installGroupRoutes(router, services);
    installCampaignRoutes(router, services);
    installAdminCampaignRoutes(router, services);
    installClientWebhookRoutes(router, services);
    installAdminMessageRoutes(router, services);
    installDashboardRoutes(router, services);
    installDlrWebhookRoutes(router, services);
    installPaystackWebhookRoutes(router, services);
    installAuditRoutes(router, services);
    installMetricsRoutes(router, services);
}

} // namespace ogene
