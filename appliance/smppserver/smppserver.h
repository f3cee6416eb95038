#pragma once

#include "auth/loginthrottle.h"
#include "smppserver/smppsettings.h"
#include "tls/tcplistener.h"

namespace ogene {

class Dispatcher;
class Pricing;
class SendBatcher;
class SmppReceipts;
class SmppSessionRegistry;
class Store;

// What every session of the server shares.
struct SmppServerContext
{
    SmppSettings settings;
    Store *store = nullptr;
    Pricing *pricing = nullptr;
    SendBatcher *sendBatcher = nullptr;
    Dispatcher *dispatcher = nullptr;
    SmppSessionRegistry *registry = nullptr;
    SmppReceipts *receipts = nullptr;
    LoginThrottle bindFailures{5, 300 * 1000}; // per client address
};

// The SMPP 3.4 server: accepts ESME connections and gives each its session. The SMPP-over-TLS
// server is a second one with a TLS configuration (setTls); its sessions are the same.
class SmppServer : public QObject
{
    Q_OBJECT
public:
    explicit SmppServer(SmppServerContext &context, QObject *parent = nullptr);

    void setTls(const QSslConfiguration &configuration, int handshakeTimeoutMs) { m_server.setTls(configuration, handshakeTimeoutMs); }
    bool listen(const QHostAddress &address, quint16 port, QString *error);
    quint16 port() const { return m_server.serverPort(); }
    QHostAddress address() const { return m_server.serverAddress(); }

private:
    void acceptConnections();

    SmppServerContext &m_context;
    TcpListener m_server;
};

} // namespace ogene
