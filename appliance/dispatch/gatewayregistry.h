#pragma once

#include "dispatch/gateway.h"

#include <QHash>
#include <QPointer>

namespace ogene {

class Routes;

// The gateways this appliance can send through, by name, and which ones a message may take: the
// route table's gateways for its destination, in order (those this node has), or the default
// gateway while the table is empty. Sandbox messages never reach a carrier: they always go to the
// simulator.
class GatewayRegistry
{
public:
    void add(Gateway *gateway) { m_gateways.insert(gateway->name(), gateway); m_names.append(gateway->name()); }
    void setDefault(const QString &name) { m_default = name; }
    void setSandbox(const QString &name) { m_sandbox = name; }
    void setRoutes(const Routes *routes) { m_routes = routes; }

    Gateway *find(const QString &name) const { return m_gateways.value(name); }
    // Every gateway, in the order they were added.
    QList<Gateway *> all() const;
    // The longest any of them may hold a message (see Gateway::longestHoldMs).
    qint64 longestHoldMs() const;
    // The gateways to try for this message, first choice first.
    QList<Gateway *> candidates(const OutboundMessage &message) const;

private:
    QHash<QString, QPointer<Gateway>> m_gateways;
    QStringList m_names;
    QString m_default;
    QString m_sandbox;
    const Routes *m_routes = nullptr;
};

} // namespace ogene
