#include "routing/routes.h"

#include "store/store.h"

namespace ogene {

Routes::Routes(Store &store, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_current(std::make_shared<const RouteTable>())
{
    m_refresh.setInterval(30000);
    connect(&m_refresh, &QTimer::timeout, this, &Routes::reload);
}

void Routes::loadNow()
{
    replace(m_store.runAndWait<RouteTable>(RouteTable::load));
    m_refresh.start();
}

void Routes::replace(RouteTable table)
{
    m_current = std::make_shared<const RouteTable>(std::move(table));
    ++m_generation;
}

void Routes::reload()
{
    const quint64 generation = m_generation;
    m_store.run<RouteTable>(this, RouteTable::load, [this, generation](Outcome<RouteTable> outcome) {
        // An admin's change made here while the reload read may be newer than what it read.
        if (outcome.ok() && generation == m_generation)
            replace(std::move(*outcome.value));
    });
}

} // namespace ogene
