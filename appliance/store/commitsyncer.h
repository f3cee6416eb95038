#pragma once

#include <QString>

#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace ogene {

// Answers store jobs only once their commit is on disk, without making the writer wait for the
// disk. On SQLite the writer commits with synchronous=NORMAL (the commit reaches the WAL file but
// is not flushed) and hands its jobs' answers here; this thread flushes the WAL file, then answers
// them. One flush covers every commit made while the one before it ran, so the writer goes on with
// the next transaction while the disk catches up: group commit for the flush as well as for the
// transaction. Answers keep the order of their commits, and nothing a job read can reach the
// outside before the flush that made it durable, because everything leaves the store through
// these answers.
class CommitSyncer
{
public:
    // Makes everything written so far durable; false with *error when the disk refused.
    using Sync = std::function<bool(QString *error)>;
    using Finish = std::function<void(std::exception_ptr)>;
    struct Completion
    {
        Finish finish;
        std::exception_ptr error;
    };

    explicit CommitSyncer(Sync sync);
    // Flushes and answers whatever is still waiting, then stops the thread.
    ~CommitSyncer();

    // Called by the writer after a commit: the completions run, on this thread, after the next flush.
    void afterNextSync(std::vector<Completion> completions);

    // A flush of the file at path (fdatasync would not do: the WAL grows, and its size is metadata).
    static Sync fsyncFile(const QString &path);

private:
    void serve();

    Sync m_sync;
    std::mutex m_mutex;
    std::condition_variable m_ready;
    std::vector<Completion> m_waiting;
    bool m_stopping = false;
    std::thread m_thread;
};

} // namespace ogene
