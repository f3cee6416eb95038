#include "http/httprequestcounters.h"

namespace ogene {

QList<std::pair<int, quint64>> HttpRequestCounters::nonZero(const StatusCounts *counts)
{
    QList<std::pair<int, quint64>> found;
    for (size_t i = 0; i < counts->size(); ++i) {
        const quint64 value = (*counts)[i].load(std::memory_order_relaxed);
        if (value > 0)
            found.append({FirstStatus + int(i), value});
    }
    return found;
}

} // namespace ogene
