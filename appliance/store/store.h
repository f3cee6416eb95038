#pragma once

#include "store/databaseurl.h"
#include "store/outcome.h"
#include "store/sqlsession.h"

#include <QMetaObject>
#include <QObject>
#include <QPointer>

#include <functional>
#include <future>
#include <memory>
#include <vector>

namespace ogene {

class StoreWorker;

// The database, as the rest of the appliance uses it. Work runs on store threads, each with its own
// connection, never on the thread that serves sockets. Work waiting at the same time is committed
// together (group commit): one transaction, each piece inside its own savepoint so that one that
// throws rolls back alone, and each is answered only after the commit.
class Store
{
public:
    using Work = std::function<void(SqlSession &)>;
    using Finish = std::function<void(std::exception_ptr)>;

    // Connects every store thread and applies the migrations. Null with *error on failure.
    static std::unique_ptr<Store> open(const DatabaseUrl &url, int threads, QString *error);
    ~Store();

    Engine engine() const { return m_url.engine; }
    QString engineName() const { return m_url.engineName(); }

    // Runs work in a transaction on a store thread; then calls done on context's thread, unless
    // context is gone by then. done comes once the commit is durable; committed, when given, comes
    // (on context's thread too) as soon as the transaction has committed, which on SQLite is before
    // its flush to disk. committed is for pacing the next piece of work only: nothing of the result
    // may leave the appliance before done.
    template<typename T>
    void run(QObject *context, std::function<T(SqlSession &)> work, std::function<void(Outcome<T>)> done,
             std::function<void()> committed = {})
    {
        auto outcome = std::make_shared<Outcome<T>>();
        QPointer<QObject> receiver(context);
        std::function<void()> onCommit;
        if (committed)
            onCommit = [receiver, committed = std::move(committed)] {
                if (receiver)
                    QMetaObject::invokeMethod(receiver.data(), committed, Qt::QueuedConnection);
            };
        submit(
            [work = std::move(work), outcome](SqlSession &session) { outcome->value = work(session); },
            [receiver, outcome, done = std::move(done)](std::exception_ptr error) {
                outcome->error = error;
                if (error)
                    outcome->value.reset();
                if (receiver)
                    QMetaObject::invokeMethod(receiver.data(), [outcome, done] { done(std::move(*outcome)); },
                                              Qt::QueuedConnection);
            },
            std::move(onCommit));
    }

    // Runs work and waits for it: for start-up and command-line tools, never for the socket thread.
    template<typename T>
    T runAndWait(std::function<T(SqlSession &)> work)
    {
        auto promise = std::make_shared<std::promise<T>>();
        auto result = std::make_shared<std::optional<T>>();
        std::future<T> future = promise->get_future();
        submit([work = std::move(work), result](SqlSession &session) { *result = work(session); },
               [promise, result](std::exception_ptr error) {
                   if (error)
                       promise->set_exception(error);
                   else
                       promise->set_value(std::move(**result));
               });
        return future.get();
    }

    void submit(Work work, Finish finish, std::function<void()> committed = {});

private:
    explicit Store(DatabaseUrl url);

    DatabaseUrl m_url;
    std::shared_ptr<class JobQueue> m_queue;
    std::shared_ptr<class CommitSyncer> m_syncer; // SQLite only; outlives the workers that feed it
    std::vector<std::unique_ptr<StoreWorker>> m_workers;
};

} // namespace ogene
