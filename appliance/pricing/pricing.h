#pragma once

#include "pricing/pricelist.h"

#include <QObject>
#include <QTimer>

#include <memory>

namespace ogene {

class Config;
class Store;

// The price list in force, kept in memory on the socket thread so pricing a send costs no query.
// Replaced at once when an admin changes it here, and re-read every 30 seconds so that changes
// made through another node arrive too.
class Pricing : public QObject
{
    Q_OBJECT
public:
    Pricing(Store &store, const Config &config, QObject *parent = nullptr);

    // Loads the list; call once before serving.
    void loadNow();
    std::shared_ptr<const PriceList> current() const { return m_current; }
    void replace(PriceList list)
    {
        m_current = std::make_shared<const PriceList>(std::move(list));
        ++m_generation;
    }
    QHash<QString, qint64> configuredDefaults() const { return m_configuredDefaults; }

private:
    void reload();

    Store &m_store;
    QHash<QString, qint64> m_configuredDefaults;
    std::shared_ptr<const PriceList> m_current;
    QTimer m_refresh;
    quint64 m_generation = 0; // counts replacements, so a reload that raced one is dropped
};

} // namespace ogene
