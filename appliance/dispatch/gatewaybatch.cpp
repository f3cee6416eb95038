#include "dispatch/gatewaybatch.h"

namespace ogene {

GatewayBatch::GatewayBatch(qsizetype size, Gateway::Done done)
    : m_done(std::move(done))
    , m_results(size)
    , m_unsettled(size)
{
    if (size == 0 && m_done)
        std::exchange(m_done, nullptr)({});
}

void GatewayBatch::settle(qsizetype index, SubmitResult result)
{
    m_results[index] = std::move(result);
    if (--m_unsettled == 0 && m_done)
        std::exchange(m_done, nullptr)(m_results);
}

} // namespace ogene
