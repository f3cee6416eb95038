#pragma once

namespace ogene {

class Config;
class Dispatcher;
class GatewayRegistry;
class LoginThrottle;
class Pricing;
class SendBatcher;
class PrincipalCache;
class RateLimiter;
class Store;

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
    Dispatcher *dispatcher = nullptr;
    SendBatcher *sendBatcher = nullptr;
};

} // namespace ogene
