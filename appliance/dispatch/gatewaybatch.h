#pragma once

#include "dispatch/gateway.h"

namespace ogene {

// The messages of one Gateway::submit call, settled one by one in any order: when the last has its
// result, done gets them all, in the batch's order, once.
class GatewayBatch
{
public:
    GatewayBatch(qsizetype size, Gateway::Done done);
    void settle(qsizetype index, SubmitResult result);

private:
    Gateway::Done m_done;
    QList<SubmitResult> m_results;
    qsizetype m_unsettled = 0;
};

} // namespace ogene
