#include "ogene/currency.h"

namespace ogene {

QString currencyCode(Currency currency)
{
    switch (currency) {
    case Currency::NGN: return QStringLiteral("NGN");
    case Currency::USD: return QStringLiteral("USD");
    }
    return {};
}

std::optional<Currency> currencyFromCode(const QString &code)
{
    if (code == QLatin1String("NGN"))
        return Currency::NGN;
    if (code == QLatin1String("USD"))
        return Currency::USD;
    return std::nullopt;
}

QStringList currencyCodes()
{
    return {QStringLiteral("NGN"), QStringLiteral("USD")};
}

} // namespace ogene
