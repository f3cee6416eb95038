#pragma once

#include "smpp/pdu.h"

#include <QSslCertificate>
#include <QSslSocket>

#include <optional>

// A blocking SMPP client for tests, on the appliance's own codec: each call waits for its answer.
// Independent clients (Net::SMPP, Kannel) are in tests/conformance; this one can also send what
// they never would (unknown commands, broken lengths).
class SmppTestClient
{
public:
    explicit SmppTestClient(quint16 port);
    // Over TLS, trusting these authorities only; isEncrypted() says whether the handshake succeeded.
    SmppTestClient(quint16 port, const QList<QSslCertificate> &authorities);

    bool isEncrypted() const { return m_socket.isEncrypted(); }
    bool isConnected() const { return m_socket.state() == QAbstractSocket::ConnectedState; }
    // Waits up to timeoutMs for the server to close the connection.
    bool waitForClose(int timeoutMs = 5000);

    quint32 send(ogene::smpp::Pdu pdu);
    void sendRaw(const QByteArray &octets);
    // The next PDU from the server, or nullopt after timeoutMs.
    std::optional<ogene::smpp::Pdu> next(int timeoutMs = 5000);
    // The next PDU that is not a deliver_sm or enquire_link (those are answered and kept / dropped).
    std::optional<ogene::smpp::Pdu> nextResponse(int timeoutMs = 5000);

    // Binds and answers the bind_*_resp status (0xFFFFFFFF when no answer came).
    quint32 bind(ogene::smpp::CommandId command, const QString &systemId, const QString &password);
    struct SubmitAnswer
    {
        quint32 status = 0xFFFFFFFF;
        QByteArray messageId;
    };
    SubmitAnswer submit(const ogene::smpp::ShortMessageBody &body);
    static ogene::smpp::ShortMessageBody textMessage(const QString &sender, const QString &destination, const QByteArray &text,
                                                     quint8 registeredDelivery = 0);

    // Receipts (deliver_sm) that arrived while waiting for something else, answered with ESME_ROK.
    QList<ogene::smpp::Pdu> receipts;
    // The first receipt kept above, or the next deliver_sm (answered with ESME_ROK) within
    // timeoutMs; nullopt when none comes.
    std::optional<ogene::smpp::Pdu> nextReceipt(int timeoutMs = 10000);

private:
    QSslSocket m_socket; // used unencrypted unless made with authorities
    QByteArray m_buffer;
    quint32 m_sequence = 0;
};
