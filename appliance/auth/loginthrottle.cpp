#include "auth/loginthrottle.h"

namespace ogene {

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
    QList<qint64> &failures = m_failures[email];
    dropExpired(failures, nowMs);
    failures.append(nowMs);
}

void LoginThrottle::recordSuccess(const QString &email)
{
    m_failures.remove(email);
}

} // namespace ogene
