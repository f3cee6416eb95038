#include "smpptestclient.h"

#include "smpp/pducodec.h"

#include <QElapsedTimer>
#include <QSslConfiguration>

using namespace ogene::smpp;

SmppTestClient::SmppTestClient(quint16 port)
{
    m_socket.connectToHost(QStringLiteral("127.0.0.1"), port);
    m_socket.waitForConnected(5000);
}

SmppTestClient::SmppTestClient(quint16 port, const QList<QSslCertificate> &authorities)
{
    QSslConfiguration tls = m_socket.sslConfiguration();
    tls.setCaCertificates(authorities);
    m_socket.setSslConfiguration(tls);
    m_socket.connectToHostEncrypted(QStringLiteral("127.0.0.1"), port);
    m_socket.waitForEncrypted(5000);
}

bool SmppTestClient::waitForClose(int timeoutMs)
{
    QElapsedTimer waited;
    waited.start();
    while (m_socket.state() != QAbstractSocket::UnconnectedState && waited.elapsed() < timeoutMs) {
        m_socket.waitForReadyRead(50);
        m_buffer += m_socket.readAll();
    }
    return m_socket.state() == QAbstractSocket::UnconnectedState;
}

quint32 SmppTestClient::send(Pdu pdu)
{
    if (pdu.header.sequenceNumber == 0 && !pdu.header.isResponse())
        pdu.header.sequenceNumber = ++m_sequence;
    sendRaw(PduCodec::encode(pdu));
    return pdu.header.sequenceNumber;
}

void SmppTestClient::sendRaw(const QByteArray &octets)
{
    m_socket.write(octets);
    m_socket.waitForBytesWritten(5000);
}

std::optional<Pdu> SmppTestClient::next(int timeoutMs)
{
    QElapsedTimer waited;
    waited.start();
    for (;;) {
        const Frame frame = PduCodec::frame(m_buffer);
        if (frame.status == Frame::Status::Complete) {
            const DecodeResult decoded = PduCodec::decode(QByteArrayView(m_buffer).first(frame.length));
            m_buffer.remove(0, frame.length);
            if (decoded.ok())
                return decoded.pdu;
            continue;
        }
        if (waited.elapsed() >= timeoutMs || m_socket.state() != QAbstractSocket::ConnectedState)
            return std::nullopt;
        m_socket.waitForReadyRead(int(qMax<qint64>(1, qMin<qint64>(100, timeoutMs - waited.elapsed()))));
        m_buffer += m_socket.readAll();
    }
}

std::optional<Pdu> SmppTestClient::nextReceipt(int timeoutMs)
{
    QElapsedTimer waited;
    waited.start();
    while (receipts.isEmpty() && waited.elapsed() < timeoutMs) {
        std::optional<Pdu> pdu = next(200);
        if (pdu && pdu->command() == CommandId::DeliverSm) {
            send(Pdu::response(*pdu, CommandStatus::ESME_ROK, MessageIdRespBody{}));
            return pdu;
        }
    }
    return receipts.isEmpty() ? std::nullopt : std::optional<Pdu>(receipts.takeFirst());
}

std::optional<Pdu> SmppTestClient::nextResponse(int timeoutMs)
{
    QElapsedTimer waited;
    waited.start();
    while (waited.elapsed() < timeoutMs) {
        std::optional<Pdu> pdu = next(int(timeoutMs - waited.elapsed()));
        if (!pdu)
            return std::nullopt;
        if (pdu->command() == CommandId::DeliverSm) {
            receipts.append(*pdu);
            send(Pdu::response(*pdu, CommandStatus::ESME_ROK, MessageIdRespBody{}));
            continue;
        }
        if (pdu->command() == CommandId::EnquireLink) {
            send(Pdu::response(*pdu, CommandStatus::ESME_ROK));
            continue;
        }
        return pdu;
    }
    return std::nullopt;
}

quint32 SmppTestClient::bind(CommandId command, const QString &systemId, const QString &password)
{
    BindBody body;
    body.systemId = systemId.toLatin1();
    body.password = password.toLatin1();
    send(Pdu::request(command, 0, body));
    const std::optional<Pdu> answer = nextResponse(10000);
    return answer ? answer->header.commandStatus : 0xFFFFFFFF;
}

SmppTestClient::SubmitAnswer SmppTestClient::submit(const ShortMessageBody &body)
{
    const quint32 sequence = send(Pdu::request(CommandId::SubmitSm, 0, body));
    const std::optional<Pdu> answer = nextResponse(10000);
    if (!answer || answer->header.sequenceNumber != sequence)
        return {};
    SubmitAnswer result{answer->header.commandStatus, {}};
    if (const auto *resp = std::get_if<MessageIdRespBody>(&answer->body))
        result.messageId = resp->messageId;
    return result;
}

ShortMessageBody SmppTestClient::textMessage(const QString &sender, const QString &destination, const QByteArray &text,
                                             quint8 registeredDelivery)
{
    ShortMessageBody body;
    body.sourceAddrTon = 5;
    body.sourceAddr = sender.toLatin1();
    body.destAddrTon = 1;
    body.destAddrNpi = 1;
    body.destinationAddr = destination.toLatin1();
    body.registeredDelivery = registeredDelivery;
    body.shortMessage = text;
    return body;
}
