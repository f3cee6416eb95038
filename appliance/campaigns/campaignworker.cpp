#include "campaigns/campaignworker.h"

#include "campaigns/campaignrepository.h"
#include "dispatch/dispatcher.h"
#include "store/store.h"

#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcCampaigns, "ogene.campaigns")

namespace ogene {
namespace {
constexpr int TickMs = 200;
// Chunks per store job: each is still all or nothing (a chunk never commits in part), but one
// commit for several of them keeps the expansion off the disk's flush rate.
constexpr int MostChunksPerJob = 16;

int expandChunks(SqlSession &session)
{
    int expanded = 0;
    for (int i = 0; i < MostChunksPerJob; ++i) {
        const int count = CampaignRepository::expandNextChunk(session);
        if (count == 0)
            break;
        expanded += count;
    }
    return expanded;
}
}

CampaignWorker::CampaignWorker(Store &store, Dispatcher &dispatcher, int mostJobsInFlight, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_dispatcher(dispatcher)
    , m_mostJobsInFlight(qMax(1, mostJobsInFlight))
{
    m_tick.setInterval(TickMs);
    connect(&m_tick, &QTimer::timeout, this, [this] {
        pump();
        checkCompleted();
    });
}

void CampaignWorker::start()
{
    m_tick.start();
    pump();
}

void CampaignWorker::wake()
{
    m_wake.request();
}

void CampaignWorker::pump()
{
    // Several chunks in flight: the store commits those that wait together (each in its own
    // savepoint, so each chunk is still all or nothing).
    while (m_jobsInFlight < m_mostJobsInFlight) {
        ++m_jobsInFlight;
        m_store.run<int>(this, expandChunks, [this](Outcome<int> outcome) {
            --m_jobsInFlight;
            if (!outcome.ok()) {
                qCWarning(lcCampaigns) << "cannot expand a campaign chunk:" << outcome.errorText();
                return;
            }
            if (*outcome.value == 0)
                return; // nothing due: the next tick looks again
            m_dispatcher.wake();
            pump();
        });
    }
}

void CampaignWorker::checkCompleted()
{
    if (m_completionInFlight)
        return;
    m_completionInFlight = true;
    m_store.run<int>(this, CampaignRepository::completeFinished, [this](Outcome<int> outcome) {
        m_completionInFlight = false;
        if (!outcome.ok())
            qCWarning(lcCampaigns) << "cannot complete campaigns:" << outcome.errorText();
    });
}

} // namespace ogene
