#pragma once

#include <QHash>
#include <QString>

namespace ogene {

// What one request learns from a rate limit: whether it may go on, and the figures the
// X-RateLimit-* headers report.
struct RateDecision
{
    bool allowed = true;
    qint64 limit = 0;
    qint64 remaining = 0;
    qint64 resetAtSeconds = 0; // unix seconds at which the window starts again
    qint64 retryAfterSeconds = 0;
};

// Fixed one-minute windows per key ("account:7", "address:10.0.0.9"), each starting with the
// key's first request. Kept in memory: the limits hold per appliance node.
class RateLimiter
{
public:
    RateDecision hit(const QString &key, qint64 limitPerMinute, qint64 nowMs);

private:
    struct Window
    {
        qint64 startMs = 0;
        qint64 count = 0;
    };
    void forgetExpired(qint64 nowMs);

    QHash<QString, Window> m_windows;
    qint64 m_hitsSincePrune = 0;
};

} // namespace ogene
