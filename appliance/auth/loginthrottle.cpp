#include "auth/loginthrottle.h"

namespace ogene {
namespace {
constexpr int PruneEvery = 10000;
}

LoginThrottle::LoginThrottle(int maxFailures, qint64 windowMs)
    : m_maxFailures(maxFailures)
    , m_windowMs(windowMs)
{
}

void LoginThrottle::dropExpired(QList<qint64> &failures, qint64 nowMs) const
{
    while (!failures.isEmpty() && failures.first() + m_windowMs <= nowMs)
        failures.removeFirst();
}

qint64 LoginThrottle::retryAfterSeconds(const QString &email, qint64 nowMs)
{
    auto found = m_failures.find(email);
    if (found == m_failures.end())
        return 0;
    dropExpired(*found, nowMs);
    if (found->isEmpty()) {
        m_failures.erase(found);
        return 0;
    }
    if (found->size() < m_maxFailures)
        return 0;
    // Blocked until enough failures have left the window to bring the count under the limit.
    const qint64 freedAt = found->at(found->size() - m_maxFailures) + m_windowMs;
    return qMax<qint64>(1, (freedAt - nowMs + 999) / 1000);
}

void LoginThrottle::recordFailure(const QString &email, qint64 nowMs)
{
    // Guesses spread over many emails must not grow the table for ever: now and then, forget
    // every email whose failures have all left the window.
    if (++m_failuresSincePrune >= PruneEvery) {
        m_failuresSincePrune = 0;
        for (auto it = m_failures.begin(); it != m_failures.end();) {
            dropExpired(*it, nowMs);
            it = it->isEmpty() ? m_failures.erase(it) : std::next(it);
        }
    }
    QList<qint64> &failures = m_failures[email];
    dropExpired(failures, nowMs);
    failures.append(nowMs);
}

void LoginThrottle::recordSuccess(const QString &email)
{
    m_failures.remove(email);
}

} // namespace ogene
