#include "dispatch/gatewayregistry.h"

namespace ogene {

Gateway *GatewayRegistry::route(const OutboundMessage &message) const
{
    return find(message.sandbox ? m_sandbox : m_default);
}

} // namespace ogene
