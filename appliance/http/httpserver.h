#pragma once

#include "core/endpoint.h"
#include "http/httpconnection.h"
#include "http/httplimits.h"
#include "tls/tcplistener.h"

namespace ogene {

// The REST listener: a deep accept backlog, a cap on open connections, and an HttpConnection for
// each client, all on the thread that owns the server. The HTTPS listener is the same with a TLS
// configuration (setTls): its connections reach HttpConnection once their handshake is done.
class HttpServer : public TcpListener
{
    Q_OBJECT
public:
    HttpServer(const HttpLimits &limits, HttpConnection::Handler handler, QObject *parent = nullptr);

    bool start(const Endpoint &endpoint, QString *error);
    int openConnections() const { return m_openConnections; }

protected:
    void accepted(QTcpSocket *socket) override;

private:
    HttpLimits m_limits;
    HttpConnection::Handler m_handler;
    int m_openConnections = 0;
};

} // namespace ogene
