#pragma once

namespace ogene {

class Config;
class LoginThrottle;
class RateLimiter;
class Store;

// What route handlers reach: the store, the settings and the in-memory limiters. Built once by
// the Appliance; handlers hold a reference.
struct Services
{
    Store *store = nullptr;
    const Config *config = nullptr;
    RateLimiter *rateLimiter = nullptr;
    LoginThrottle *loginThrottle = nullptr;
};

} // namespace ogene
