#pragma once

#include "ogene/apifailure.h"

#include <functional>
#include <optional>

namespace ogene {

// The outcome of one typed API call: the value, or why there is none.
template<typename T>
struct ApiResult
{
    std::optional<T> value;
    ApiFailure failure;

    bool ok() const { return value.has_value(); }
};

template<typename T>
using ApiDone = std::function<void(const ApiResult<T> &)>;

} // namespace ogene
