#include "dispatch/gatewayregistry.h"

#include "routing/routes.h"

namespace ogene {

qint64 GatewayRegistry::longestHoldMs() const
{
    qint64 longest = 0;
    for (Gateway *gateway : all())
        longest = qMax(longest, gateway->longestHoldMs());
    return longest;
}

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
    const QStringList names = m_routes ? m_routes->current()->gatewaysFor(message.recipient) : QStringList();
    if (names.isEmpty()) {
        // No route table yet: the default gateway. A table always has a default route.
        if (Gateway *fallback = find(m_default))
            gateways.append(fallback);
        return gateways;
    }
    // A name the table keeps but this node's configuration does not have is passed over; when none
    // is left the message waits rather than going anywhere the operator did not route it.
    for (const QString &name : names) {
        if (Gateway *gateway = find(name))
            gateways.append(gateway);
    }
    return gateways;
}

} // namespace ogene
