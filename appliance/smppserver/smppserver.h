#pragma once

#include "auth/loginthrottle.h"
#include "smppserver/smppsettings.h"

#include <QTcpServer>

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

// The SMPP 3.4 server: accepts ESME connections and gives each its session.
class SmppServer : public QObject
{
    Q_OBJECT
public:
    explicit SmppServer(SmppServerContext &context, QObject *parent = nullptr);

    bool listen(const QHostAddress &address, quint16 port, QString *error);
    quint16 port() const { return m_server.serverPort(); }
    QHostAddress address() const { return m_server.serverAddress(); }

private:
    void acceptConnections();

    SmppServerContext &m_context;
    QTcpServer m_server;
};

} // namespace ogene
