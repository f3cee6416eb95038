#include "dispatch/ratemeter.h"

namespace ogene {

RateMeter::RateMeter()
    : m_counts(Seconds + 1, 0)
{
    m_clock.start();
}

void RateMeter::advance() const
{
    const qint64 second = m_clock.elapsed() / 1000;
    for (qint64 s = m_currentSecond + 1; s <= second && s <= m_currentSecond + Seconds + 1; ++s)
        m_counts[s % m_counts.size()] = 0;
    m_currentSecond = qMax(m_currentSecond, second);
}

void RateMeter::add(qint64 count)
{
    advance();
    m_counts[m_currentSecond % m_counts.size()] += count;
}

double RateMeter::perSecond() const
{
    advance();
    // The whole seconds before this one: the current second is still filling.
    qint64 total = 0;
    for (qint64 s = m_currentSecond - Seconds; s < m_currentSecond; ++s)
        total += s >= 0 ? m_counts[s % m_counts.size()] : 0;
    return double(total) / Seconds;
}

} // namespace ogene
