#include "pricing/pricingroutes.h"

#include "pricing/pricing.h"
#include "store/sqlsession.h"

#include <ogene/currency.h>
#include <ogene/money.h>

#include <QJsonArray>
#include <QRegularExpression>

namespace ogene {
namespace {

constexpr int MaxPrefixes = 1000;
constexpr qint64 MaxPrice = 100000000; // 1,000,000.00 per segment

void showPricing(Services &services, ApiCall call)
{
    call.reply(HttpResponse::data(200, services.pricing->current()->toJson()));
}

// Reads {"defaults": {"NGN": "4.00", ...}, "prefixes": [{"currency", "prefix", "price"}, ...]}.
// Defaults given replace those currencies' defaults; a prefixes array replaces every prefix price.
PriceList readUpdate(const QJsonObject &body, PriceList list)
{
    static const QRegularExpression prefixShape(QStringLiteral("^\\+[1-9][0-9]{0,13}$"));
    QJsonObject errors;
    const QJsonValue defaults = body.value(QStringLiteral("defaults"));
    const QJsonValue prefixes = body.value(QStringLiteral("prefixes"));
    if (defaults.isUndefined() && prefixes.isUndefined())
        errors.insert(QStringLiteral("defaults"), QStringLiteral("Give defaults, prefixes, or both."));
    if (!defaults.isUndefined()) {
        if (!defaults.isObject()) {
            errors.insert(QStringLiteral("defaults"), QStringLiteral("The defaults field must be an object of currency to price."));
        } else {
            const QJsonObject byCurrency = defaults.toObject();
            for (auto it = byCurrency.begin(); it != byCurrency.end(); ++it) {
                const QString field = QStringLiteral("defaults.") + it.key();
                const std::optional<qint64> price = Money::fromJson(it.value());
                if (!currencyFromCode(it.key()))
                    errors.insert(field, QStringLiteral("The currency must be NGN or USD."));
                else if (!price || *price > MaxPrice)
                    errors.insert(field, QStringLiteral("The price must be an amount from 0 to 1000000 with at most two decimals."));
                else
                    list.setDefault(it.key(), *price);
            }
        }
    }
    if (!prefixes.isUndefined()) {
        const QJsonArray entries = prefixes.toArray();
        if (!prefixes.isArray() || entries.size() > MaxPrefixes) {
            errors.insert(QStringLiteral("prefixes"), QStringLiteral("The prefixes field must be an array of at most %1 entries.").arg(MaxPrefixes));
        } else {
            list.clearPrefixes();
            for (qsizetype i = 0; i < entries.size(); ++i) {
                const QJsonObject entry = entries.at(i).toObject();
                const QString field = QStringLiteral("prefixes.%1").arg(i);
                const QString currency = entry.value(QStringLiteral("currency")).toString();
                const QString prefix = entry.value(QStringLiteral("prefix")).toString();
                const std::optional<qint64> price = Money::fromJson(entry.value(QStringLiteral("price")));
                if (!currencyFromCode(currency))
                    errors.insert(field, QStringLiteral("The currency must be NGN or USD."));
                else if (!prefixShape.match(prefix).hasMatch())
                    errors.insert(field, QStringLiteral("The prefix must be + followed by 1 to 14 digits."));
                else if (!price || *price > MaxPrice)
                    errors.insert(field, QStringLiteral("The price must be an amount from 0 to 1000000 with at most two decimals."));
                else
                    list.setPrefix(currency, prefix, *price);
            }
        }
    }
    if (!errors.isEmpty())
        throw ApiError::validation(errors);
    return list;
}

void updatePricing(Services &services, ApiCall call)
{
    const PriceList updated = readUpdate(call.jsonBody(), *services.pricing->current());
    Pricing *pricing = services.pricing;
    call.thenFromStore<int>(
        *services.store, [updated](SqlSession &session) { updated.save(session); return 0; },
        [call, pricing, updated](const int &) {
            pricing->replace(updated);
            call.reply(HttpResponse::data(200, updated.toJson(), QStringLiteral("Prices updated.")));
        });
}

} // namespace

void installPricingRoutes(Router &router, Services &services)
{
    router.add("GET", QStringLiteral("/api/admin/pricing"), Access::Admin, [&services](ApiCall call) { showPricing(services, call); });
    router.add("PUT", QStringLiteral("/api/admin/pricing"), Access::Admin, [&services](ApiCall call) { updatePricing(services, call); });
}

} // namespace ogene
