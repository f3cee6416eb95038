#pragma once

#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <vector>

namespace ogene {

class SqlSession;

struct StoreJob
{
    std::function<void(SqlSession &)> work;
    std::function<void(std::exception_ptr)> finish;
    // Optional: called on the store thread as soon as the work's transaction has committed, which
    // on SQLite is before the commit is flushed to disk and finish is called.
    std::function<void()> committed = {};
};

// The store's waiting work, shared by its threads. A thread takes everything waiting (up to a
// batch) at once, which is what makes group commit happen under load and cost nothing when idle.
class JobQueue
{
public:
    void push(StoreJob job);
    // Blocks until there is work or the queue is closed; an empty answer means closed.
    std::vector<StoreJob> takeBatch(size_t most);
    void close();

private:
    std::mutex m_mutex;
    std::condition_variable m_ready;
    std::deque<StoreJob> m_jobs;
    bool m_closed = false;
};

} // namespace ogene
