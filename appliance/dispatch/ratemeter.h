#pragma once

#include <QElapsedTimer>
#include <QList>

namespace ogene {

// Events per second over the last few seconds, for status pages: counts per whole second in a ring.
class RateMeter
{
public:
    RateMeter();
    void add(qint64 count = 1);
    double perSecond() const;

private:
    void advance() const;

    static constexpr int Seconds = 5;
    QElapsedTimer m_clock;
    mutable QList<qint64> m_counts;
    mutable qint64 m_currentSecond = 0;
};

} // namespace ogene
