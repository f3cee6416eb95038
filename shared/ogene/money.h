#pragma once

#include <QJsonValue>
#include <QString>

#include <optional>

namespace ogene {

// Money is an integer count of minor units (kobo, cents): both NGN and USD have two decimals.
// These are the only places it becomes text or a JSON number, at the API edge.
namespace Money {

constexpr int Decimals = 2;
constexpr qint64 MinorPerMajor = 100;

// 800 → "8.00", -5 → "-0.05".
QString format(qint64 minor);
// "8", "8.5", "8.50" → 850; nullopt for anything else (more decimals, signs, exponents, junk).
std::optional<qint64> parse(const QString &text);
// 800 → 8 as a JSON number (the send result and the wallet answer numbers).
QJsonValue toJsonNumber(qint64 minor);
// A JSON number or decimal string with at most two decimals → minor units; nullopt otherwise.
std::optional<qint64> fromJson(const QJsonValue &value);

} // namespace Money
} // namespace ogene
