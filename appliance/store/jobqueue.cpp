#include "store/jobqueue.h"

namespace ogene {

void JobQueue::push(StoreJob job)
{
    {
        std::lock_guard lock(m_mutex);
        m_jobs.push_back(std::move(job));
    }
    m_ready.notify_one();
}

std::vector<StoreJob> JobQueue::takeBatch(size_t most)
{
    std::unique_lock lock(m_mutex);
    m_ready.wait(lock, [this] { return m_closed || !m_jobs.empty(); });
    std::vector<StoreJob> batch;
    while (!m_jobs.empty() && batch.size() < most) {
        batch.push_back(std::move(m_jobs.front()));
        m_jobs.pop_front();
    }
    return batch;
}

void JobQueue::close()
{
    {
        std::lock_guard lock(m_mutex);
        m_closed = true;
    }
    m_ready.notify_all();
}

} // namespace ogene
