#pragma once

#include "routing/routetable.h"

#include <QObject>
#include <QTimer>

#include <memory>

namespace ogene {

class Store;

// The route table in force, in memory on the socket thread so that routing a message costs no
// query. Replaced at once when an admin changes it here, and re-read every 30 seconds so that
// changes made through another node arrive too.
class Routes : public QObject
{
    Q_OBJECT
public:
    explicit Routes(Store &store, QObject *parent = nullptr);

    // Loads the table; call once before dispatching.
    void loadNow();
    std::shared_ptr<const RouteTable> current() const { return m_current; }
    void replace(RouteTable table);

private:
    void reload();

    Store &m_store;
    std::shared_ptr<const RouteTable> m_current;
    QTimer m_refresh;
    quint64 m_generation = 0; // counts replacements, so a reload that raced one is dropped
};

} // namespace ogene
