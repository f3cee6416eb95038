#include "messaging/sendbatcher.h"

#include "store/store.h"

namespace ogene {
namespace {
constexpr qsizetype MostSendsPerJob = 1000;
}

SendBatcher::SendBatcher(Store &store, int mostJobsInFlight, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_mostJobsInFlight(qMax(1, mostJobsInFlight))
{
}

void SendBatcher::submit(const SendRequest &request, Done done, Failed failed)
{
    m_pending.append({request, std::move(done), std::move(failed)});
    if (m_jobsInFlight < m_mostJobsInFlight)
        flush();
}

void SendBatcher::flush()
{
    if (m_pending.isEmpty())
        return;
    const qsizetype count = qMin(m_pending.size(), MostSendsPerJob);
    QList<Pending> batch = m_pending.mid(0, count);
    m_pending.remove(0, count);
    QList<SendRequest> requests;
    requests.reserve(batch.size());
    for (const Pending &pending : std::as_const(batch))
        requests.append(pending.request);

    // The slot is given back as soon as the batch has committed, so the next batch is written while
    // this one is flushed to disk; the callers are answered only once it is durable.
    ++m_jobsInFlight;
    auto slotHeld = std::make_shared<bool>(true);
    auto giveBackSlot = [this, slotHeld] {
        if (!*slotHeld)
            return;
        *slotHeld = false;
        --m_jobsInFlight;
        flush();
    };
    m_store.run<QList<AcceptOutcome>>(
        this, [requests](SqlSession &session) { return MessageAcceptor::acceptAll(session, requests); },
        [batch, giveBackSlot](Outcome<QList<AcceptOutcome>> outcome) {
            for (qsizetype i = 0; i < batch.size(); ++i) {
                if (outcome.ok())
                    batch.at(i).done(outcome.value->at(i));
                else
                    batch.at(i).failed(outcome.error);
            }
            giveBackSlot();
        },
        giveBackSlot);
}

} // namespace ogene
