#pragma once

#include <QString>

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
    // What went wrong, for a log line; empty when nothing did.
    QString errorText() const
    {
        if (!error)
            return {};
        try {
            std::rethrow_exception(error);
        } catch (const std::exception &exception) {
            return QString::fromUtf8(exception.what());
        } catch (...) {
            return QStringLiteral("unknown error");
        }
    }
};

} // namespace ogene
