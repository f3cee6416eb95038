#include "http/httpserver.h"

#include <QTcpSocket>

namespace ogene {

HttpServer::HttpServer(const HttpLimits &limits, HttpConnection::Handler handler, QObject *parent)
    : TcpListener(parent)
    , m_limits(limits)
    , m_handler(std::move(handler))
{
}

bool HttpServer::start(const Endpoint &endpoint, QString *error)
{
    setListenBacklogSize(m_limits.listenBacklog);
    if (!listen(endpoint.address, endpoint.port)) {
        *error = QStringLiteral("cannot listen on %1:%2: %3")
                     .arg(endpoint.address.toString())
                     .arg(endpoint.port)
                     .arg(errorString());
        return false;
    }
    return true;
}

void HttpServer::accepted(QTcpSocket *socket)
{
    if (m_openConnections >= m_limits.maxConnections) {
        socket->write(HttpResponse::error(503, QStringLiteral("The server has too many open connections; try again."))
                          .serialize(false));
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        socket->disconnectFromHost();
        return;
    }
    ++m_openConnections;
    auto *connection = new HttpConnection(socket, m_limits, m_handler, this);
    connect(connection, &QObject::destroyed, this, [this] { --m_openConnections; });
}

} // namespace ogene
