#pragma once

#include <exception>
#include <optional>

namespace ogene {

// What a piece of store work produced: its value, or the exception that rolled it back.
template<typename T>
struct Outcome
{
    std::optional<T> value;
    std::exception_ptr error;

    bool ok() const { return !error; }
    // The value, or the exception thrown again.
    const T &get() const
    {
        if (error)
            std::rethrow_exception(error);
        return *value;
    }
};

} // namespace ogene
