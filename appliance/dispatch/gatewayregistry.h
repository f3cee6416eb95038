#pragma once

#include "dispatch/gateway.h"

#include <QHash>
#include <QPointer>

namespace ogene {

// The gateways this appliance can send through, by name, and which one a message takes.
// Sandbox messages never reach a carrier: they always go to the simulator.
class GatewayRegistry
{
public:
    void add(Gateway *gateway) { m_gateways.insert(gateway->name(), gateway); }
    void setDefault(const QString &name) { m_default = name; }
    void setSandbox(const QString &name) { m_sandbox = name; }

    Gateway *find(const QString &name) const { return m_gateways.value(name); }
    Gateway *route(const OutboundMessage &message) const;

private:
    QHash<QString, QPointer<Gateway>> m_gateways;
    QString m_default;
    QString m_sandbox;
};

} // namespace ogene
