#pragma once

#include "http/apicall.h"

#include <QJsonObject>

#include <optional>

namespace ogene {

// The `user_id` query filter of the admin listings: empty when not given; a value that is not a
// positive whole number adds the field's error to `errors` (the caller answers them together).
std::optional<qint64> accountFilter(const ApiCall &call, QJsonObject &errors);

} // namespace ogene
