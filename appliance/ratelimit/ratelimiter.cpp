#include "ratelimit/ratelimiter.h"

namespace ogene {
namespace {
constexpr qint64 WindowMs = 60 * 1000;
constexpr qint64 PruneEvery = 10000;
}

RateDecision RateLimiter::hit(const QString &key, qint64 limitPerMinute, qint64 nowMs)
{
    if (++m_hitsSincePrune >= PruneEvery)
        forgetExpired(nowMs);

    Window &window = m_windows[key];
    if (window.count == 0 || nowMs >= window.startMs + WindowMs) {
        window.startMs = nowMs;
        window.count = 0;
    }
    RateDecision decision;
    decision.limit = limitPerMinute;
    const qint64 resetMs = window.startMs + WindowMs;
    decision.resetAtSeconds = (resetMs + 999) / 1000;
    if (window.count >= limitPerMinute) {
        decision.allowed = false;
        decision.remaining = 0;
        decision.retryAfterSeconds = qMax<qint64>(1, (resetMs - nowMs + 999) / 1000);
        return decision;
    }
    ++window.count;
    decision.remaining = limitPerMinute - window.count;
    return decision;
}

void RateLimiter::forgetExpired(qint64 nowMs)
{
    m_hitsSincePrune = 0;
    for (auto it = m_windows.begin(); it != m_windows.end();) {
        if (nowMs >= it->startMs + WindowMs)
            it = m_windows.erase(it);
        else
            ++it;
    }
}

} // namespace ogene
