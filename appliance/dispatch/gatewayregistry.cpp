#include "dispatch/gatewayregistry.h"

#include "routing/routes.h"

namespace ogene {

QList<Gateway *> GatewayRegistry::all() const
{
    QList<Gateway *> gateways;
    for (const QString &name : m_names) {
        if (Gateway *gateway = find(name))
            gateways.append(gateway);
    }
    return gateways;
}

QList<Gateway *> GatewayRegistry::candidates(const OutboundMessage &message) const
{
    QList<Gateway *> gateways;
    if (message.sandbox) {
        if (Gateway *sandbox = find(m_sandbox))
            gateways.append(sandbox);
        return gateways;
    }
    if (m_routes) {
        // A name the table keeps but this appliance's configuration no longer has is passed over.
        for (const QString &name : m_routes->current()->gatewaysFor(message.recipient)) {
            if (Gateway *gateway = find(name))
                gateways.append(gateway);
        }
    }
    if (gateways.isEmpty()) {
        if (Gateway *fallback = find(m_default))
            gateways.append(fallback);
    }
    return gateways;
}

} // namespace ogene
