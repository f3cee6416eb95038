#include "store/store.h"

#include "store/commitsyncer.h"
#include "store/jobqueue.h"
#include "store/migrator.h"
#include "store/storeworker.h"

#include <QDir>
#include <QFileInfo>
#include <QLoggingCategory>

#include <atomic>

Q_DECLARE_LOGGING_CATEGORY(lcStore)

namespace ogene {

Store::Store(DatabaseUrl url)
    : m_url(std::move(url))
    , m_queue(std::make_shared<JobQueue>())
{
}

Store::~Store()
{
    m_queue->close();
    m_workers.clear(); // joins each thread after the queue is drained
}

std::unique_ptr<Store> Store::open(const DatabaseUrl &url, int threads, QString *error)
{
    static std::atomic<int> storeCount{0};
    if (url.engine == Engine::Sqlite) {
        threads = 1; // SQLite has one writer at a time; more connections would only wait on its lock
        const QString folder = QFileInfo(url.sqlitePath).absolutePath();
        if (!QDir().mkpath(folder)) {
            *error = QStringLiteral("cannot create the folder '%1'").arg(folder);
            return nullptr;
        }
    }

    std::unique_ptr<Store> store(new Store(url));
    if (url.engine == Engine::Sqlite)
        store->m_syncer = std::make_shared<CommitSyncer>(CommitSyncer::fsyncFile(url.sqlitePath + QStringLiteral("-wal")));
    const int storeNumber = storeCount.fetch_add(1);
    for (int i = 0; i < threads; ++i) {
        auto worker = std::make_unique<StoreWorker>(url, QStringLiteral("ogene-store-%1-%2").arg(storeNumber).arg(i),
                                                    store->m_queue, store->m_syncer);
        if (!worker->start(error))
            return nullptr;
        store->m_workers.push_back(std::move(worker));
    }

    try {
        const QString engineName = url.engineName();
        const int applied = store->runAndWait<int>(
            [engineName](SqlSession &session) { return Migrator::apply(session, engineName); });
        if (applied > 0)
            qCInfo(lcStore) << "applied" << applied << "migration(s) to the" << engineName << "database";
    } catch (const std::exception &failure) {
        *error = QStringLiteral("cannot migrate the database: %1").arg(QString::fromUtf8(failure.what()));
        return nullptr;
    }
    return store;
}

void Store::submit(Work work, Finish finish, std::function<void()> committed)
{
    m_queue->push({std::move(work), std::move(finish), std::move(committed)});
}

} // namespace ogene
