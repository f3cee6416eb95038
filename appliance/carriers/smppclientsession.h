#pragma once

#include "carriers/smppgatewaysettings.h"
#include "smpp/pdu.h"

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QTcpSocket>
#include <QTimer>

#include <functional>
#include <optional>

namespace ogene {

// One connection from Ogene, as an ESME, to a carrier's SMSC: connects, binds, keeps the link alive
// with enquire_link, and matches each request to its answer by sequence number. A request whose
// answer does not come within the response timeout means the link is dead: the session closes,
// and every request still waiting is answered with nullopt before lost() is emitted, so a caller
// always hears about every request exactly once.
class SmppClientSession : public QObject
{
    Q_OBJECT
public:
    enum class Role { Transceiver, Transmitter, Receiver };
    using Answer = std::function<void(const std::optional<smpp::Pdu> &)>;

    SmppClientSession(const SmppGatewaySettings &settings, Role role, QObject *parent = nullptr);
    ~SmppClientSession() override;

    void open();
    // Unbinds politely, then closes; lost() follows.
    void close();
    bool isBound() const { return m_bound; }
    // Requests sent and not yet answered (enquire_link included).
    int waiting() const { return int(m_waiting.size()); }

    void request(smpp::CommandId command, smpp::Pdu::Body body, Answer answer);
    void respond(const smpp::PduHeader &request, quint32 status, smpp::Pdu::Body body = {});

Q_SIGNALS:
    void bound();
    void lost(const QString &reason);
    // A deliver_sm from the SMSC; the owner must answer it with respond().
    void delivered(const smpp::Pdu &deliverSm);

private:
    struct Waiting
    {
        Answer answer;
        qint64 sentMs = 0;
    };

    void bind();
    void readIncoming();
    void handle(const smpp::Pdu &pdu);
    void tick();
    void drop(const QString &reason);
    quint32 nextSequence();

    SmppGatewaySettings m_settings;
    Role m_role;
    QTcpSocket *m_socket = nullptr;
    QByteArray m_incoming;
    QHash<quint32, Waiting> m_waiting;
    QTimer m_tick;
    QElapsedTimer m_clock;
    qint64 m_lastHeardMs = 0;
    quint32 m_sequence = 0;
    bool m_bound = false;
    bool m_open = false;
};

} // namespace ogene
