#pragma once

#include "http/apicall.h"

#include <functional>

namespace ogene {

// CPU work for one request that must not hold up the socket thread (reading a body of a million
// recipients, pricing them): work runs on Qt's global thread pool, then next runs back on the
// call's thread. Whatever either throws answers the call (ApiError as it says, anything else 500).
class PoolTask
{
public:
    static void run(const ApiCall &call, std::function<void()> work, std::function<void()> next);
};

} // namespace ogene
