#pragma once

#include <QString>

namespace ogene {

class FieldValidator;

// Where a client wants its notifications: an absolute http:// or https:// URL with a host, at most
// 2,048 characters. Read from a body field; a bad one is a 422 on that field.
class CallbackUrl
{
public:
    static constexpr int MaxLength = 2048;
    static std::optional<QString> read(FieldValidator &fields, const QString &field, bool required);
};

} // namespace ogene
