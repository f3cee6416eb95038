#include "pricing/pricing.h"

#include "core/config.h"
#include "store/store.h"

#include <ogene/money.h>

namespace ogene {

Pricing::Pricing(Store &store, const Config &config, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_current(std::make_shared<const PriceList>())
{
    m_configuredDefaults.insert(QStringLiteral("NGN"), Money::parse(config.text(QStringLiteral("PRICE_NGN"))).value_or(0));
    m_configuredDefaults.insert(QStringLiteral("USD"), Money::parse(config.text(QStringLiteral("PRICE_USD"))).value_or(0));
    m_refresh.setInterval(30000);
    connect(&m_refresh, &QTimer::timeout, this, &Pricing::reload);
}

void Pricing::loadNow()
{
    const auto defaults = m_configuredDefaults;
    replace(m_store.runAndWait<PriceList>([defaults](SqlSession &session) { return PriceList::load(session, defaults); }));
    m_refresh.start();
}

void Pricing::reload()
{
    const auto defaults = m_configuredDefaults;
    const quint64 generation = m_generation;
    m_store.run<PriceList>(
        this, [defaults](SqlSession &session) { return PriceList::load(session, defaults); },
        [this, generation](Outcome<PriceList> outcome) {
            // An admin's change made here while the reload read may be newer than what it read.
            if (outcome.ok() && generation == m_generation)
                replace(std::move(*outcome.value));
        });
}

} // namespace ogene
