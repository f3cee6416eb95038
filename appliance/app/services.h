#pragma once

namespace ogene {

class CampaignWorker;
class Config;
class Dispatcher;
class GatewayRegistry;
class LoginThrottle;
class PaystackClient;
class Pricing;
class SendBatcher;
class PrincipalCache;
class RateLimiter;
class Routes;
class Store;
struct SmppServerContext;

// What route handlers reach: the store, the settings, the in-memory limiters, the price list and
// the way out to gateways. Built once by the Appliance; handlers hold a reference.
struct Services
{
    Store *store = nullptr;
    const Config *config = nullptr;
    RateLimiter *rateLimiter = nullptr;
    LoginThrottle *loginThrottle = nullptr;
    PrincipalCache *principals = nullptr;
    Pricing *pricing = nullptr;
    GatewayRegistry *gateways = nullptr;
    Routes *routes = nullptr;
    Dispatcher *dispatcher = nullptr;
    SendBatcher *sendBatcher = nullptr;
    PaystackClient *paystack = nullptr; // null while PAYSTACK_SECRET_KEY is not set
    SmppServerContext *smpp = nullptr;
    CampaignWorker *campaigns = nullptr;
    int smppPort = 0; // where the SMPP server listens, as connection_info shows it
};

} // namespace ogene
