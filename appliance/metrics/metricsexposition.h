#pragma once

#include <QByteArray>

namespace ogene {

class Router;
struct DatabaseFigures;
struct Services;

// Everything GET /metrics shows, in the Prometheus text format: what this node counts in memory
// (HTTP requests by route pattern and status, gateways, SMPP sessions, the process) and what every
// node shares from the database (messages by status, the outbound queue, wallet operations).
class MetricsExposition
{
public:
    static QByteArray write(const Router &router, const Services &services, const DatabaseFigures &figures);
    // When the process started; the first call (at start-up, when the routes are installed) fixes it.
    static qint64 processStartMs();
};

} // namespace ogene
