#include "smppserver/smppserver.h"

#include "smppserver/smppsession.h"

namespace ogene {

SmppServer::SmppServer(SmppServerContext &context, QObject *parent)
    : QObject(parent)
    , m_context(context)
{
    m_server.setMaxPendingConnections(1024);
    connect(&m_server, &QTcpServer::newConnection, this, &SmppServer::acceptConnections);
}

bool SmppServer::listen(const QHostAddress &address, quint16 port, QString *error)
{
    if (m_server.listen(address, port))
        return true;
    *error = QStringLiteral("cannot listen for SMPP%1 on %2:%3: %4")
                 .arg(m_server.isTls() ? QStringLiteral(" over TLS") : QString(), address.toString())
                 .arg(port)
                 .arg(m_server.errorString());
    return false;
}

void SmppServer::acceptConnections()
{
    while (QTcpSocket *socket = m_server.nextPendingConnection()) {
        auto *session = new SmppSession(socket, m_context, this);
        connect(session, &SmppSession::closed, session, &QObject::deleteLater);
    }
}

} // namespace ogene
