// The in-memory limiters: per-key request windows and the failed-login throttle.
#include "auth/loginthrottle.h"
#include "ratelimit/ratelimiter.h"

#include <QTest>

using namespace ogene;

class LimitsTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void windowAllowsTheLimitThenRefuses();
    void windowStartsAgainAfterAMinute();
    void keysAreCountedApart();
    void throttleBlocksAtTheLimitUntilFailuresAge();
    void successClearsFailures();
};

void LimitsTest::windowAllowsTheLimitThenRefuses()
{
    RateLimiter limiter;
    const qint64 start = 1'700'000'000'000;
    for (int i = 0; i < 3; ++i) {
        const RateDecision decision = limiter.hit(QStringLiteral("account:1"), 3, start + i);
        QVERIFY(decision.allowed);
        QCOMPARE(decision.remaining, 2 - i);
        QCOMPARE(decision.resetAtSeconds, (start + 60000) / 1000);
    }
    const RateDecision refused = limiter.hit(QStringLiteral("account:1"), 3, start + 30000);
    QVERIFY(!refused.allowed);
    QCOMPARE(refused.remaining, 0);
    QCOMPARE(refused.retryAfterSeconds, 30);
}

void LimitsTest::windowStartsAgainAfterAMinute()
{
    RateLimiter limiter;
    const qint64 start = 1'700'000'000'000;
    QVERIFY(limiter.hit(QStringLiteral("k"), 1, start).allowed);
    QVERIFY(!limiter.hit(QStringLiteral("k"), 1, start + 59999).allowed);
    QVERIFY(limiter.hit(QStringLiteral("k"), 1, start + 60000).allowed);
}

void LimitsTest::keysAreCountedApart()
{
    RateLimiter limiter;
    QVERIFY(limiter.hit(QStringLiteral("account:1"), 1, 0).allowed);
    QVERIFY(limiter.hit(QStringLiteral("account:2"), 1, 0).allowed);
    QVERIFY(!limiter.hit(QStringLiteral("account:1"), 1, 1).allowed);
}

void LimitsTest::throttleBlocksAtTheLimitUntilFailuresAge()
{
    LoginThrottle throttle(3, 900'000);
    const QString email = QStringLiteral("a@b.test");
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(throttle.retryAfterSeconds(email, i * 1000), 0);
        throttle.recordFailure(email, i * 1000);
    }
    QCOMPARE(throttle.retryAfterSeconds(email, 3000), 897); // the first failure leaves the window at 900 s
    QCOMPARE(throttle.retryAfterSeconds(QStringLiteral("other@b.test"), 3000), 0);
    QCOMPARE(throttle.retryAfterSeconds(email, 900'000), 0);
}

void LimitsTest::successClearsFailures()
{
    LoginThrottle throttle(2, 900'000);
    const QString email = QStringLiteral("a@b.test");
    throttle.recordFailure(email, 0);
    throttle.recordSuccess(email);
    throttle.recordFailure(email, 1);
    QCOMPARE(throttle.retryAfterSeconds(email, 2), 0);
}

QTEST_GUILESS_MAIN(LimitsTest)
#include "tst_limits.moc"
