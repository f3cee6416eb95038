// The commit syncer: no store job is answered before the flush that makes its commit durable,
// answers keep their commit order, one flush covers every commit made while the previous one ran,
// a failed flush fails the jobs, and stopping answers what is still waiting.
#include "store/commitsyncer.h"

#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <stdexcept>

using namespace ogene;

namespace {

// A flush that the test lets through one at a time, counting the flushes it was asked for.
class HeldFlush
{
public:
    CommitSyncer::Sync sync()
    {
        return [this](QString *error) {
            std::unique_lock lock(m_mutex);
            ++m_started;
            m_changed.notify_all();
            m_changed.wait(lock, [this] { return m_released > 0; });
            --m_released;
            if (m_failing) {
                *error = QStringLiteral("disk refused");
                return false;
            }
            return true;
        };
    }
    void release(bool failing = false)
    {
        std::lock_guard lock(m_mutex);
        m_failing = failing;
        ++m_released;
        m_changed.notify_all();
    }
    bool waitForFlushes(int count)
    {
        std::unique_lock lock(m_mutex);
        return m_changed.wait_for(lock, std::chrono::seconds(10), [&] { return m_started >= count; });
    }
    int flushes()
    {
        std::lock_guard lock(m_mutex);
        return m_started;
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_changed;
    int m_started = 0;
    int m_released = 0;
    bool m_failing = false;
};

// What the jobs were answered, in the order they were answered.
struct Answers
{
    std::mutex mutex;
    std::vector<std::pair<int, bool>> answered; // job number, answered with an error

    CommitSyncer::Completion job(int number, std::exception_ptr error = nullptr)
    {
        return {[this, number](std::exception_ptr failure) {
                    std::lock_guard lock(mutex);
                    answered.emplace_back(number, failure != nullptr);
                },
                error};
    }
    std::vector<std::pair<int, bool>> snapshot()
    {
        std::lock_guard lock(mutex);
        return answered;
    }
    bool waitFor(size_t count)
    {
        for (int i = 0; i < 1000; ++i) {
            if (snapshot().size() >= count)
                return true;
            QTest::qWait(10);
        }
        return false;
    }
};

std::vector<CommitSyncer::Completion> jobs(Answers &answers, int first, int last)
{
    std::vector<CommitSyncer::Completion> completions;
    for (int number = first; number <= last; ++number)
        completions.push_back(answers.job(number));
    return completions;
}

} // namespace

class CommitSyncerTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void noJobIsAnsweredBeforeItsFlush();
    void oneFlushCoversTheCommitsMadeWhileTheLastRan();
    void aFailedFlushFailsItsJobs();
    void stoppingAnswersWhatIsWaiting();
    void flushesARealFileAndToleratesAMissingOne();
};

void CommitSyncerTest::noJobIsAnsweredBeforeItsFlush()
{
    HeldFlush flush;
    Answers answers;
    CommitSyncer syncer(flush.sync());
    syncer.afterNextSync(jobs(answers, 1, 3));
    QVERIFY(flush.waitForFlushes(1));
    QTest::qWait(100);
    QVERIFY2(answers.snapshot().empty(), "a job was answered while its commit was still being flushed");

    flush.release();
    QVERIFY(answers.waitFor(3));
    const std::vector<std::pair<int, bool>> expected{{1, false}, {2, false}, {3, false}};
    QCOMPARE(answers.snapshot(), expected);
}

void CommitSyncerTest::oneFlushCoversTheCommitsMadeWhileTheLastRan()
{
    HeldFlush flush;
    Answers answers;
    CommitSyncer syncer(flush.sync());
    syncer.afterNextSync(jobs(answers, 1, 1));
    QVERIFY(flush.waitForFlushes(1));
    // Three more commits while the first flush is held: one more flush must answer them all.
    syncer.afterNextSync(jobs(answers, 2, 4));
    syncer.afterNextSync(jobs(answers, 5, 6));
    syncer.afterNextSync(jobs(answers, 7, 9));
    flush.release();
    QVERIFY(answers.waitFor(1));
    QVERIFY(flush.waitForFlushes(2));
    QTest::qWait(50);
    QCOMPARE(answers.snapshot().size(), size_t(1)); // jobs 2..9 wait for the second flush
    flush.release();
    QVERIFY(answers.waitFor(9));
    QCOMPARE(flush.flushes(), 2);
    const auto answered = answers.snapshot();
    for (size_t i = 0; i < answered.size(); ++i)
        QCOMPARE(answered[i].first, int(i) + 1);
}

void CommitSyncerTest::aFailedFlushFailsItsJobs()
{
    HeldFlush flush;
    Answers answers;
    CommitSyncer syncer(flush.sync());
    std::vector<CommitSyncer::Completion> completions = jobs(answers, 1, 2);
    completions.push_back(answers.job(3, std::make_exception_ptr(std::runtime_error("rolled back"))));
    syncer.afterNextSync(std::move(completions));
    QVERIFY(flush.waitForFlushes(1));
    flush.release(/*failing=*/true);
    QVERIFY(answers.waitFor(3));
    const std::vector<std::pair<int, bool>> expected{{1, true}, {2, true}, {3, true}};
    QCOMPARE(answers.snapshot(), expected);

    syncer.afterNextSync(jobs(answers, 4, 4));
    QVERIFY(flush.waitForFlushes(2));
    flush.release();
    QVERIFY(answers.waitFor(4));
    QCOMPARE(answers.snapshot().back(), std::make_pair(4, false)); // the next flush works again
}

void CommitSyncerTest::stoppingAnswersWhatIsWaiting()
{
    Answers answers;
    std::atomic<int> flushes{0};
    {
        CommitSyncer syncer([&](QString *) {
            ++flushes;
            return true;
        });
        syncer.afterNextSync(jobs(answers, 1, 50));
    }
    QCOMPARE(answers.snapshot().size(), size_t(50));
    QVERIFY(flushes >= 1);
}

void CommitSyncerTest::flushesARealFileAndToleratesAMissingOne()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("db-wal"));
    QString error;
    QVERIFY(CommitSyncer::fsyncFile(path)(&error)); // no WAL file yet: nothing to flush
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("frames");
    file.close();
    QVERIFY2(CommitSyncer::fsyncFile(path)(&error), qPrintable(error));
}

QTEST_GUILESS_MAIN(CommitSyncerTest)
#include "tst_commitsyncer.moc"
