#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

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

    // Routes that take a larger body than maxBodyBytes (exact method and path).
    struct RouteBody
    {
        QByteArray method;
        QString path;
        qint64 maxBodyBytes = 0;
    };
    QList<RouteBody> largerBodies;

    qint64 maxBodyBytesFor(const QByteArray &method, const QString &path) const
    {
        for (const RouteBody &route : largerBodies) {
            if (route.method == method && route.path == path)
                return route.maxBodyBytes;
        }
        return maxBodyBytes;
    }
};

} // namespace ogene
