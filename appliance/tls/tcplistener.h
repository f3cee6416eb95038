#pragma once

#include <QSet>
#include <QSslConfiguration>
#include <QTcpServer>

#include <optional>

class QSslSocket;

namespace ogene {

// A listening socket whose connections reach accepted() as QTcpSocket: plain ones at once, and,
// once given a TLS configuration, QSslSocket ones when their server handshake has finished. The
// handshake runs on the event loop like any other socket I/O (it never blocks the thread), and a
// client that has not finished it within the timeout is dropped, so a connection that says
// nothing holds nothing for long. What reads the socket afterwards (HttpConnection, SmppSession)
// cannot tell the two apart.
class TcpListener : public QTcpServer
{
    Q_OBJECT
public:
    explicit TcpListener(QObject *parent = nullptr);

    void setTls(const QSslConfiguration &configuration, int handshakeTimeoutMs);
    bool isTls() const { return m_tls.has_value(); }
    int handshakesUnderway() const { return int(m_handshaking.size()); }

    // Handshakes under way at once at most; a connection past that is closed at once.
    static constexpr int MaxHandshakes = 1024;

protected:
    void incomingConnection(qintptr socketDescriptor) final;
    // A connection ready to be read. By default it waits for nextPendingConnection().
    virtual void accepted(QTcpSocket *socket);

private:
    void startHandshake(qintptr socketDescriptor);
    void endHandshake(QSslSocket *socket, bool encrypted);

    std::optional<QSslConfiguration> m_tls;
    int m_handshakeTimeoutMs = 5000;
    QSet<QSslSocket *> m_handshaking;
};

} // namespace ogene
