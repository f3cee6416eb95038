#include "store/storeworker.h"

#include "store/jobqueue.h"
#include "store/sqlerror.h"
#include "store/sqlsession.h"

#include <QLoggingCategory>
#include <QSqlDatabase>

#include <future>
#include <pthread.h>

Q_LOGGING_CATEGORY(lcStore, "ogene.store")

namespace ogene {
namespace {

constexpr size_t MostJobsPerCommit = 256;
constexpr int TransientRetries = 5;

QSqlDatabase openConnection(const DatabaseUrl &url, const QString &name, QString *error)
{
    if (url.engine == Engine::Sqlite) {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(url.sqlitePath);
        db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=10000"));
        if (!db.open()) {
            *error = QStringLiteral("cannot open SQLite database '%1': %2").arg(url.sqlitePath, db.lastError().text());
            return db;
        }
        // WAL lets readers run beside the writer. NORMAL leaves the flush of each commit to the
        // CommitSyncer, which answers no job before its commit is on disk: as durable as FULL, but
        // the writer goes on while the disk flushes.
        // A 64 MiB page cache keeps the hot indexes in memory; checkpoints every 10,000 pages
        // instead of 1,000 take the copy-back off most commits. The rows an UPDATE … FROM gathers
        // before it writes stay in memory rather than in a temporary file.
        for (const char *pragma : {"PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL", "PRAGMA foreign_keys=ON",
                                   "PRAGMA cache_size=-65536", "PRAGMA wal_autocheckpoint=10000",
                                   "PRAGMA temp_store=MEMORY"}) {
            QSqlQuery query(db);
            if (!query.exec(QString::fromLatin1(pragma))) {
                *error = QStringLiteral("cannot set up SQLite database: %1").arg(query.lastError().text());
                db.close();
                return db;
            }
        }
        return db;
    }
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), name);
    db.setHostName(url.host);
    db.setPort(url.port);
    db.setUserName(url.user);
    db.setPassword(url.password);
    db.setDatabaseName(url.databaseName);
    db.setConnectOptions(QStringLiteral("connect_timeout=10;application_name=ogene-appliance"));
    if (!db.open())
        *error = QStringLiteral("cannot connect to PostgreSQL at %1:%2/%3: %4")
                     .arg(url.host)
                     .arg(url.port)
                     .arg(url.databaseName, db.lastError().text().trimmed());
    return db;
}

QString beginStatement(Engine engine)
{
    // IMMEDIATE takes SQLite's write lock up front, so a transaction never fails half way on a
    // lock another process holds; busy_timeout makes it wait instead.
    return engine == Engine::Sqlite ? QStringLiteral("BEGIN IMMEDIATE") : QStringLiteral("BEGIN");
}

void rollbackQuietly(SqlSession &session)
{
    try {
        session.executeDirect(QStringLiteral("ROLLBACK"));
    } catch (const SqlError &error) {
        qCWarning(lcStore) << "rollback failed:" << error.what();
    }
}

bool isTransient(const std::exception_ptr &error)
{
    if (!error)
        return false;
    try {
        std::rethrow_exception(error);
    } catch (const SqlError &sqlError) {
        return sqlError.isTransient();
    } catch (...) {
        return false;
    }
}

} // namespace

StoreWorker::StoreWorker(DatabaseUrl url, QString connectionName, std::shared_ptr<JobQueue> queue,
                         std::shared_ptr<CommitSyncer> syncer)
    : m_url(std::move(url))
    , m_connectionName(std::move(connectionName))
    , m_queue(std::move(queue))
    , m_syncer(std::move(syncer))
{
}

StoreWorker::~StoreWorker()
{
    if (m_thread.joinable())
        m_thread.join();
}

bool StoreWorker::start(QString *error)
{
    std::promise<QString> opened;
    std::future<QString> openedResult = opened.get_future();
    m_thread = std::thread([this, &opened] {
        pthread_setname_np(pthread_self(), "ogene-store"); // as top -H and the benchmarks show it
        QString problem;
        {
            QSqlDatabase db = openConnection(m_url, m_connectionName, &problem);
            opened.set_value(problem);
            if (problem.isEmpty()) {
                SqlSession session(db, m_url.engine);
                db = QSqlDatabase();
                for (;;) {
                    std::vector<StoreJob> batch = m_queue->takeBatch(MostJobsPerCommit);
                    if (batch.empty())
                        break;
                    runBatch(session, batch);
                    answerCompleted();
                }
                session.database().close();
            }
        }
        QSqlDatabase::removeDatabase(m_connectionName);
    });
    *error = openedResult.get();
    if (!error->isEmpty()) {
        m_thread.join();
        return false;
    }
    return true;
}

void StoreWorker::runAlone(SqlSession &session, StoreJob &job)
{
    for (int attempt = 0;; ++attempt) {
        try {
            session.executeDirect(beginStatement(session.engine()));
            try {
                job.work(session);
                session.executeDirect(QStringLiteral("COMMIT"));
            } catch (...) {
                rollbackQuietly(session);
                throw;
            }
            if (job.committed)
                job.committed();
            complete(job, nullptr);
            return;
        } catch (const SqlError &error) {
            if (error.isTransient() && attempt < TransientRetries)
                continue;
            complete(job, std::current_exception());
            return;
        } catch (...) {
            complete(job, std::current_exception());
            return;
        }
    }
}

void StoreWorker::runBatch(SqlSession &session, std::vector<StoreJob> &batch)
{
    if (batch.size() == 1) {
        runAlone(session, batch.front());
        return;
    }

    std::vector<std::exception_ptr> errors(batch.size());
    try {
        session.executeDirect(beginStatement(session.engine()));
        for (size_t i = 0; i < batch.size(); ++i) {
            session.executeDirect(QStringLiteral("SAVEPOINT job"));
            try {
                batch[i].work(session);
                session.executeDirect(QStringLiteral("RELEASE SAVEPOINT job"));
            } catch (...) {
                errors[i] = std::current_exception();
                session.executeDirect(QStringLiteral("ROLLBACK TO SAVEPOINT job"));
                session.executeDirect(QStringLiteral("RELEASE SAVEPOINT job"));
            }
        }
        session.executeDirect(QStringLiteral("COMMIT"));
    } catch (const std::exception &error) {
        // The shared transaction itself failed: nothing of it was kept, so each piece runs again
        // in a transaction of its own and gets its own answer.
        qCWarning(lcStore) << "group commit failed, running its" << batch.size() << "jobs one by one:" << error.what();
        rollbackQuietly(session);
        for (StoreJob &job : batch)
            runAlone(session, job);
        return;
    }
    for (size_t i = 0; i < batch.size(); ++i)
        if (!errors[i] && batch[i].committed)
            batch[i].committed();
    for (size_t i = 0; i < batch.size(); ++i) {
        if (isTransient(errors[i]))
            runAlone(session, batch[i]); // a deadlock victim inside the batch gets its own tries
        else
            complete(batch[i], errors[i]);
    }
}

void StoreWorker::complete(StoreJob &job, std::exception_ptr error)
{
    m_completed.push_back({std::move(job.finish), error});
}

void StoreWorker::answerCompleted()
{
    if (m_syncer) {
        m_syncer->afterNextSync(std::move(m_completed));
    } else {
        for (CommitSyncer::Completion &completion : m_completed)
            completion.finish(completion.error);
    }
    m_completed.clear();
}

} // namespace ogene
