// The store on each engine: migrations applied once however often it opens, group commit that
// isolates a failing piece of work, answers on the caller's thread, and no lost update under
// concurrent submitters; the committed signal that paces work before the answer that reports it.
#include "testdatabase.h"

#include "store/migrator.h"
#include "store/sqlerror.h"
#include "store/store.h"

#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <atomic>
#include <thread>

using namespace ogene;

class StoreTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void migrationsApplyOnceHoweverOftenTheStoreOpens();
    void bothEnginesHaveTheSameMigrationVersions();
    void failingWorkRollsBackAloneInsideAGroupCommit();
    void answersArriveOnTheContextThread();
    void answersForAGoneContextAreDropped();
    void committedComesBeforeTheAnswerAndOnlyForKeptWork();
    void concurrentIncrementsAreNeverLost();
    void uniqueViolationIsRecognised();

private:
    std::unique_ptr<Store> open();
    TestDatabase m_database;
};

std::unique_ptr<Store> StoreTest::open()
{
    QString error;
    const DatabaseUrl url = DatabaseUrl::parse(m_database.url(), &error);
    std::unique_ptr<Store> store = Store::open(url, 4, &error);
    if (!store)
        qWarning() << error;
    return store;
}

void StoreTest::initTestCase()
{
    QVERIFY2(m_database.isValid(), qPrintable(m_database.error()));
    std::unique_ptr<Store> store = open();
    QVERIFY(store);
    store->runAndWait<int>([](SqlSession &session) {
        session.executeDirect(QStringLiteral("CREATE TABLE probe (id INTEGER PRIMARY KEY, label TEXT NOT NULL UNIQUE)"));
        session.executeDirect(QStringLiteral("CREATE TABLE counter (id INTEGER PRIMARY KEY, value BIGINT NOT NULL)"));
        session.execute(QStringLiteral("INSERT INTO counter (id, value) VALUES (1, 0)"));
        return 0;
    });
}

void StoreTest::migrationsApplyOnceHoweverOftenTheStoreOpens()
{
    const int available = int(Migrator::available(TestDatabase::engine()).size());
    QVERIFY(available >= 1);
    for (int round = 0; round < 2; ++round) {
        std::unique_ptr<Store> store = open();
        QVERIFY(store);
        const qint64 recorded = store->runAndWait<qint64>([](SqlSession &session) {
            return session.scalar(QStringLiteral("SELECT COUNT(*) FROM schema_migrations")).toLongLong();
        });
        QCOMPARE(recorded, available);
        const int again = store->runAndWait<int>(
            [](SqlSession &session) { return Migrator::apply(session, TestDatabase::engine()); });
        QCOMPARE(again, 0);
    }
}

void StoreTest::bothEnginesHaveTheSameMigrationVersions()
{
    QList<int> sqlite, postgresql;
    for (const auto &migration : Migrator::available(QStringLiteral("sqlite")))
        sqlite.append(migration.version);
    for (const auto &migration : Migrator::available(QStringLiteral("postgresql")))
        postgresql.append(migration.version);
    QCOMPARE(sqlite, postgresql);
}

void StoreTest::failingWorkRollsBackAloneInsideAGroupCommit()
{
    std::unique_ptr<Store> store = open();
    QVERIFY(store);
    // Submitted together, so the store threads take them in batches and commit each batch once.
    std::atomic<int> finished{0}, failed{0};
    constexpr int Jobs = 300;
    for (int i = 0; i < Jobs; ++i) {
        store->submit(
            [i](SqlSession &session) {
                session.execute(QStringLiteral("INSERT INTO probe (id, label) VALUES (?, ?)"),
                                {i + 1, QStringLiteral("row-%1").arg(i)});
                if (i % 10 == 0)
                    throw std::runtime_error("refused on purpose");
            },
            [&](std::exception_ptr error) {
                if (error)
                    ++failed;
                ++finished;
            });
    }
    QTRY_COMPARE_WITH_TIMEOUT(finished.load(), Jobs, 30000);
    QCOMPARE(failed.load(), Jobs / 10);
    const qint64 rows = store->runAndWait<qint64>(
        [](SqlSession &session) { return session.scalar(QStringLiteral("SELECT COUNT(*) FROM probe")).toLongLong(); });
    QCOMPARE(rows, Jobs - Jobs / 10);
    const qint64 refusedKept = store->runAndWait<qint64>([](SqlSession &session) {
        return session.scalar(QStringLiteral("SELECT COUNT(*) FROM probe WHERE (id - 1) % 10 = 0")).toLongLong();
    });
    QCOMPARE(refusedKept, 0);
}

void StoreTest::answersArriveOnTheContextThread()
{
    std::unique_ptr<Store> store = open();
    QVERIFY(store);
    QObject context;
    QThread *answeredOn = nullptr;
    QThread *workedOn = nullptr;
    int value = 0;
    store->run<int>(
        &context,
        [&workedOn](SqlSession &session) {
            workedOn = QThread::currentThread();
            return session.scalar(QStringLiteral("SELECT 41 + 1")).toInt();
        },
        [&](Outcome<int> outcome) {
            answeredOn = QThread::currentThread();
            value = outcome.get();
        });
    QTRY_COMPARE(value, 42);
    QCOMPARE(answeredOn, QThread::currentThread());
    QVERIFY(workedOn != QThread::currentThread());

    bool sawError = false;
    store->run<int>(
        &context, [](SqlSession &session) { return session.scalar(QStringLiteral("SELECT * FROM no_such_table")).toInt(); },
        [&](Outcome<int> outcome) {
            try {
                outcome.get();
            } catch (const SqlError &) {
                sawError = true;
            }
        });
    QTRY_VERIFY(sawError);
}

void StoreTest::committedComesBeforeTheAnswerAndOnlyForKeptWork()
{
    std::unique_ptr<Store> store = open();
    QVERIFY(store);
    QObject context;
    // Many at once, so that some share a group commit with a failing piece of work.
    constexpr int Pieces = 40;
    QList<QString> events;
    int answers = 0;
    for (int i = 0; i < Pieces; ++i) {
        const bool failing = i % 5 == 0;
        store->run<int>(
            &context,
            [failing, i](SqlSession &session) {
                if (failing)
                    session.execute(QStringLiteral("INSERT INTO no_such_table VALUES (1)"));
                return i;
            },
            [&events, &answers, i](Outcome<int>) {
                events.append(QStringLiteral("done %1").arg(i));
                ++answers;
            },
            [&events, i, &context] {
                QCOMPARE(QThread::currentThread(), context.thread());
                events.append(QStringLiteral("committed %1").arg(i));
            });
    }
    QTRY_COMPARE(answers, Pieces);
    for (int i = 0; i < Pieces; ++i) {
        const qsizetype committed = events.indexOf(QStringLiteral("committed %1").arg(i));
        const qsizetype done = events.indexOf(QStringLiteral("done %1").arg(i));
        QVERIFY(done >= 0);
        if (i % 5 == 0) {
            QVERIFY2(committed < 0, "work that was rolled back was reported committed");
        } else {
            QVERIFY2(committed >= 0 && committed < done, qPrintable(QStringLiteral("piece %1").arg(i)));
            QCOMPARE(events.count(QStringLiteral("committed %1").arg(i)), 1);
        }
    }
}

void StoreTest::answersForAGoneContextAreDropped()
{
    std::unique_ptr<Store> store = open();
    QVERIFY(store);
    bool called = false;
    auto *context = new QObject;
    store->run<int>(
        context, [](SqlSession &) { QThread::msleep(100); return 1; }, [&called](Outcome<int>) { called = true; });
    delete context;
    store->runAndWait<int>([](SqlSession &) { return 0; });
    QTest::qWait(200);
    QVERIFY(!called);
}

void StoreTest::concurrentIncrementsAreNeverLost()
{
    std::unique_ptr<Store> store = open();
    QVERIFY(store);
    constexpr int Threads = 8, PerThread = 100;
    std::vector<std::thread> submitters;
    for (int t = 0; t < Threads; ++t) {
        submitters.emplace_back([&store] {
            for (int i = 0; i < PerThread; ++i)
                store->runAndWait<int>([](SqlSession &session) {
                    return session.execute(QStringLiteral("UPDATE counter SET value = value + 1 WHERE id = 1"));
                });
        });
    }
    for (std::thread &submitter : submitters)
        submitter.join();
    const qint64 value = store->runAndWait<qint64>(
        [](SqlSession &session) { return session.scalar(QStringLiteral("SELECT value FROM counter WHERE id = 1")).toLongLong(); });
    QCOMPARE(value, Threads * PerThread);
}

void StoreTest::uniqueViolationIsRecognised()
{
    std::unique_ptr<Store> store = open();
    QVERIFY(store);
    bool unique = false;
    try {
        store->runAndWait<int>([](SqlSession &session) {
            session.execute(QStringLiteral("INSERT INTO probe (id, label) VALUES (10001, 'same')"));
            return session.execute(QStringLiteral("INSERT INTO probe (id, label) VALUES (10002, 'same')"));
        });
    } catch (const SqlError &error) {
        unique = error.isUniqueViolation();
    }
    QVERIFY(unique);
    // The whole piece of work was rolled back, the first insert too.
    const qint64 kept = store->runAndWait<qint64>([](SqlSession &session) {
        return session.scalar(QStringLiteral("SELECT COUNT(*) FROM probe WHERE label = 'same'")).toLongLong();
    });
    QCOMPARE(kept, 0);
}

QTEST_GUILESS_MAIN(StoreTest)
#include "tst_store.moc"
