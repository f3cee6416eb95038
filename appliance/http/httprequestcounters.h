#pragma once

#include <QList>

#include <array>
#include <atomic>
#include <memory>
#include <vector>

namespace ogene {

// Requests answered, by route and status, for GET /metrics. One row of counters per route pattern
// (and one for requests no route matched), so the number of series stays bounded whatever paths
// clients ask for. Counting is a plain load and store of one relaxed atomic: only the thread that
// serves sockets answers requests, so there is one writer, and a scrape reads without a lock.
class HttpRequestCounters
{
public:
    static constexpr int FirstStatus = 100;
    static constexpr int LastStatus = 599;
    using StatusCounts = std::array<std::atomic<quint64>, LastStatus - FirstStatus + 1>;

    HttpRequestCounters() : m_unmatched(std::make_unique<StatusCounts>()) {}

    // A new row for the route added next; rows follow the order routes were added in.
    StatusCounts *addRoute()
    {
        m_routes.push_back(std::make_unique<StatusCounts>());
        return m_routes.back().get();
    }
    StatusCounts *route(qsizetype index) const { return m_routes.at(size_t(index)).get(); }
    StatusCounts *unmatched() const { return m_unmatched.get(); }

    static void count(StatusCounts *counts, int status)
    {
        if (!counts || status < FirstStatus || status > LastStatus)
            return;
        std::atomic<quint64> &counter = (*counts)[size_t(status - FirstStatus)];
        counter.store(counter.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    }

    // Every status with a non-zero count in this row, with its count.
    static QList<std::pair<int, quint64>> nonZero(const StatusCounts *counts);

private:
    std::vector<std::unique_ptr<StatusCounts>> m_routes;
    std::unique_ptr<StatusCounts> m_unmatched;
};

} // namespace ogene
