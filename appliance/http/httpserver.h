#pragma once

#include "core/endpoint.h"
#include "http/httpconnection.h"
#include "http/httplimits.h"

#include <QTcpServer>

namespace ogene {

// The REST listener: a deep accept backlog, a cap on open connections, and an HttpConnection for
// each client, all on the thread that owns the server.
class HttpServer : public QTcpServer
{
    Q_OBJECT
public:
    HttpServer(const HttpLimits &limits, HttpConnection::Handler handler, QObject *parent = nullptr);

    bool start(const Endpoint &endpoint, QString *error);
    int openConnections() const { return m_openConnections; }

protected:
    void incomingConnection(qintptr socketDescriptor) override;

private:
    HttpLimits m_limits;
    HttpConnection::Handler m_handler;
    int m_openConnections = 0;
};

} // namespace ogene
