#pragma once

#include "store/databaseurl.h"

#include <QString>

#include <memory>
#include <thread>

namespace ogene {

class JobQueue;
class SqlSession;
struct StoreJob;

// One store thread: opens its own connection, then takes batches of work from the queue and
// commits each batch as one transaction.
class StoreWorker
{
public:
    StoreWorker(DatabaseUrl url, QString connectionName, std::shared_ptr<JobQueue> queue);
    ~StoreWorker();

    // Starts the thread and waits until its connection is open; false with *error when it is not.
    bool start(QString *error);

private:
    void serve();
    void runBatch(SqlSession &session, std::vector<StoreJob> &batch);
    void runAlone(SqlSession &session, StoreJob &job);

    DatabaseUrl m_url;
    QString m_connectionName;
    std::shared_ptr<JobQueue> m_queue;
    std::thread m_thread;
};

} // namespace ogene
