#pragma once

#include <QtGlobal>

namespace ogene {

// What the HTTP server accepts from a client before it answers with an error and closes.
struct HttpLimits
{
    qint64 maxBodyBytes = 1024 * 1024;
    int maxHeaderBytes = 16 * 1024;
    int maxHeaders = 100;
    int idleTimeoutMs = 30000;
    int requestTimeoutMs = 30000;
    int maxConnections = 4096;
    int listenBacklog = 2048;
};

} // namespace ogene
