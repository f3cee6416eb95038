#pragma once

#include "store/commitsyncer.h"
#include "store/databaseurl.h"

#include <QString>

#include <memory>
#include <thread>

namespace ogene {

class JobQueue;
class SqlSession;
struct StoreJob;

// One store thread: opens its own connection, then takes batches of work from the queue and
// commits each batch as one transaction. With a syncer (SQLite), the jobs are answered by the syncer
// once the commit is flushed to disk; without one (PostgreSQL flushes in COMMIT), right away.
class StoreWorker
{
public:
    StoreWorker(DatabaseUrl url, QString connectionName, std::shared_ptr<JobQueue> queue,
                std::shared_ptr<CommitSyncer> syncer);
    ~StoreWorker();

    // Starts the thread and waits until its connection is open; false with *error when it is not.
    bool start(QString *error);

private:
    void serve();
    void runBatch(SqlSession &session, std::vector<StoreJob> &batch);
    void runAlone(SqlSession &session, StoreJob &job);
    void complete(StoreJob &job, std::exception_ptr error);
    void answerCompleted();

    DatabaseUrl m_url;
    QString m_connectionName;
    std::shared_ptr<JobQueue> m_queue;
    std::shared_ptr<CommitSyncer> m_syncer;
    std::vector<CommitSyncer::Completion> m_completed; // answered after the batch, in commit order
    std::thread m_thread;
};

} // namespace ogene
