#pragma once

#include <QHash>
#include <QList>
#include <QString>

namespace ogene {

// Counts failed logins per email. Once an email has maxFailures within the window, every login for
// it is refused (429) until the oldest of those failures leaves the window. In memory, per node.
class LoginThrottle
{
public:
    LoginThrottle(int maxFailures, qint64 windowMs);

    // Seconds until a login for this email may be tried again; 0 when it may be tried now.
    qint64 retryAfterSeconds(const QString &email, qint64 nowMs);
    void recordFailure(const QString &email, qint64 nowMs);
    void recordSuccess(const QString &email);

private:
    void dropExpired(QList<qint64> &failures, qint64 nowMs) const;

    int m_maxFailures;
    qint64 m_windowMs;
    QHash<QString, QList<qint64>> m_failures;
    int m_failuresSincePrune = 0;
};

} // namespace ogene
