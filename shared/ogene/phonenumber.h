#pragma once

#include <QString>

#include <optional>

namespace ogene {

// Recipient numbers in E.164 ("+2348031234567"). Accepts the international form with or without
// "+" (or "00"), and the Nigerian local form "08031234567"; spaces, dashes, dots and brackets are
// ignored. Anything that is not a plausible E.164 number gives nullopt.
namespace PhoneNumber {

std::optional<QString> normalize(const QString &input);

} // namespace PhoneNumber
} // namespace ogene
