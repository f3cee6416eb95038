#include "tls/tcplistener.h"

#include <QLoggingCategory>
#include <QSslSocket>
#include <QTimer>

Q_LOGGING_CATEGORY(lcTls, "ogene.tls")

namespace ogene {

TcpListener::TcpListener(QObject *parent)
    : QTcpServer(parent)
{
}

void TcpListener::setTls(const QSslConfiguration &configuration, int handshakeTimeoutMs)
{
    m_tls = configuration;
    m_handshakeTimeoutMs = handshakeTimeoutMs;
}

void TcpListener::incomingConnection(qintptr socketDescriptor)
{
    if (m_tls) {
        startHandshake(socketDescriptor);
        return;
    }
    auto *socket = new QTcpSocket(this);
    if (!socket->setSocketDescriptor(socketDescriptor)) {
        delete socket;
        return;
    }
    accepted(socket);
}

void TcpListener::accepted(QTcpSocket *socket)
{
    addPendingConnection(socket);
}

void TcpListener::startHandshake(qintptr socketDescriptor)
{
    auto *socket = new QSslSocket(this);
    if (!socket->setSocketDescriptor(socketDescriptor)) {
        delete socket;
        return;
    }
    if (m_handshaking.size() >= MaxHandshakes) {
        qCWarning(lcTls) << "too many TLS handshakes under way; a connection from" << socket->peerAddress().toString()
                         << "was closed";
        socket->abort();
        socket->deleteLater();
        return;
    }
    m_handshaking.insert(socket);
    socket->setSslConfiguration(*m_tls);
    connect(socket, &QSslSocket::encrypted, this, [this, socket] { endHandshake(socket, true); });
    connect(socket, &QSslSocket::errorOccurred, this, [this, socket](QAbstractSocket::SocketError) {
        qCDebug(lcTls) << "TLS handshake with" << socket->peerAddress().toString() << "failed:" << socket->errorString();
        endHandshake(socket, false);
    });
    connect(socket, &QSslSocket::disconnected, this, [this, socket] { endHandshake(socket, false); });
    // The timer lives on the socket: a socket already gone takes its timer with it.
    QTimer::singleShot(m_handshakeTimeoutMs, socket, [this, socket] {
        if (m_handshaking.contains(socket)) {
            qCDebug(lcTls) << "TLS handshake with" << socket->peerAddress().toString() << "timed out";
            endHandshake(socket, false);
        }
    });
    socket->startServerEncryption();
}

void TcpListener::endHandshake(QSslSocket *socket, bool encrypted)
{
    if (!m_handshaking.remove(socket))
        return; // already ended (an error is often followed by disconnected)
    socket->disconnect(this); // from here on the socket's reader handles its errors and its end
    if (!encrypted) {
        socket->abort();
        socket->deleteLater();
        return;
    }
    accepted(socket);
    Q_EMIT newConnection();
}

} // namespace ogene
