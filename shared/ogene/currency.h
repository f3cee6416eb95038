#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace ogene {

// The currencies a wallet can hold. Amounts are always integer minor units (kobo, cents).
enum class Currency { NGN, USD };

QString currencyCode(Currency currency);
std::optional<Currency> currencyFromCode(const QString &code);
QStringList currencyCodes();

} // namespace ogene
