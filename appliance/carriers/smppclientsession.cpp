#include "carriers/smppclientsession.h"

#include "smpp/pducodec.h"

#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcSmppClient, "ogene.carriers.smpp")

namespace ogene {

using namespace smpp;

namespace {
constexpr int TickMs = 250;
} // namespace

SmppClientSession::SmppClientSession(const SmppGatewaySettings &settings, Role role, QObject *parent)
    : QObject(parent)
    , m_settings(settings)
    , m_role(role)
{
    m_clock.start();
    m_tick.setInterval(TickMs);
    connect(&m_tick, &QTimer::timeout, this, &SmppClientSession::tick);
}

SmppClientSession::~SmppClientSession()
{
    // Nobody may be called back from a destructor: the owner is going too.
    m_waiting.clear();
    if (m_socket)
        m_socket->abort();
}

void SmppClientSession::open()
{
    if (m_open)
        return;
    m_open = true;
    m_incoming.clear();
    m_socket = new QTcpSocket(this);
    m_socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    connect(m_socket, &QTcpSocket::connected, this, &SmppClientSession::bind);
    connect(m_socket, &QTcpSocket::readyRead, this, &SmppClientSession::readIncoming);
    connect(m_socket, &QTcpSocket::disconnected, this, [this] { drop(QStringLiteral("The SMSC closed the connection")); });
    connect(m_socket, &QTcpSocket::errorOccurred, this, [this](QAbstractSocket::SocketError) {
        drop(QStringLiteral("Connection to %1:%2: %3").arg(m_settings.host).arg(m_settings.port).arg(m_socket->errorString()));
    });
    m_lastHeardMs = m_clock.elapsed();
    m_tick.start();
    m_socket->connectToHost(m_settings.host, m_settings.port);
}

void SmppClientSession::close()
{
    if (!m_open)
        return;
    if (!m_bound) {
        drop(QStringLiteral("Closed"));
        return;
    }
    m_bound = false;
    request(CommandId::Unbind, {}, [this](const std::optional<Pdu> &) { drop(QStringLiteral("Unbound")); });
}

void SmppClientSession::bind()
{
    BindBody body;
    body.systemId = m_settings.systemId.toLatin1();
    body.password = m_settings.password.toLatin1();
    body.systemType = m_settings.systemType.toLatin1();
    const CommandId command = m_role == Role::Transceiver   ? CommandId::BindTransceiver
                              : m_role == Role::Transmitter ? CommandId::BindTransmitter
                                                            : CommandId::BindReceiver;
    request(command, body, [this](const std::optional<Pdu> &answer) {
        if (!answer)
            return; // the link went: drop() has said so
        if (answer->header.commandStatus != CommandStatus::ESME_ROK) {
            drop(QStringLiteral("Bind refused: %1").arg(statusName(answer->header.commandStatus)));
            return;
        }
        m_bound = true;
        qCInfo(lcSmppClient).noquote() << m_settings.name << "bound to" << m_settings.host + QLatin1Char(':')
                                                                             + QString::number(m_settings.port);
        Q_EMIT bound();
    });
}

quint32 SmppClientSession::nextSequence()
{
    m_sequence = m_sequence >= 0x7FFFFFFF ? 1 : m_sequence + 1;
    return m_sequence;
}

void SmppClientSession::request(CommandId command, Pdu::Body body, Answer answer)
{
    if (!m_socket || m_socket->state() != QAbstractSocket::ConnectedState) {
        answer(std::nullopt);
        return;
    }
    const Pdu pdu = Pdu::request(command, nextSequence(), std::move(body));
    const QByteArray octets = PduCodec::encode(pdu);
    if (octets.isEmpty()) {
        // Not sendable as it is (a field over its limit): the SMSC would refuse it too.
        Pdu refusal = Pdu::response(pdu, CommandStatus::ESME_RSYSERR);
        answer(refusal);
        return;
    }
    m_waiting.insert(pdu.header.sequenceNumber, {std::move(answer), m_clock.elapsed()});
    m_socket->write(octets);
}

void SmppClientSession::respond(const PduHeader &request, quint32 status, Pdu::Body body)
{
    if (!m_socket || m_socket->state() != QAbstractSocket::ConnectedState)
        return;
    m_socket->write(PduCodec::encode(Pdu::response(request, status, std::move(body))));
}

void SmppClientSession::readIncoming()
{
    if (!m_socket)
        return;
    m_incoming += m_socket->readAll();
    m_lastHeardMs = m_clock.elapsed();
    qsizetype offset = 0;
    while (m_open) {
        const QByteArrayView rest = QByteArrayView(m_incoming).sliced(offset);
        const Frame frame = PduCodec::frame(rest);
        if (frame.status == Frame::Status::NeedMore)
            break;
        if (frame.status == Frame::Status::BadLength) {
            drop(QStringLiteral("The SMSC sent a PDU with a bad command_length"));
            return;
        }
        const DecodeResult decoded = PduCodec::decode(rest.first(frame.length));
        offset += frame.length;
        if (decoded.ok())
            handle(*decoded.pdu);
        else if (!decoded.error.header.isResponse())
            respond(decoded.error.header, decoded.error.status);
        else
            qCWarning(lcSmppClient).noquote() << m_settings.name << "cannot read" << commandName(decoded.error.header.commandId);
    }
    if (m_open)
        m_incoming.remove(0, offset);
}

void SmppClientSession::handle(const Pdu &pdu)
{
    if (pdu.header.isResponse()) {
        const auto it = m_waiting.find(pdu.header.sequenceNumber);
        if (it == m_waiting.end())
            return; // late, after its timeout: the link was dropped for it already
        const Answer answer = std::move(it->answer);
        m_waiting.erase(it);
        answer(pdu);
        return;
    }
    switch (pdu.command()) {
    case CommandId::EnquireLink: respond(pdu.header, CommandStatus::ESME_ROK); return;
    case CommandId::DeliverSm: Q_EMIT delivered(pdu); return;
    case CommandId::Unbind:
        respond(pdu.header, CommandStatus::ESME_ROK);
        drop(QStringLiteral("The SMSC unbound"));
        return;
    default: respond(pdu.header, CommandStatus::ESME_RINVCMDID); return;
    }
}

void SmppClientSession::tick()
{
    const qint64 now = m_clock.elapsed();
    const qint64 timeoutMs = qint64(m_settings.responseTimeoutSeconds) * 1000;
    for (const Waiting &waiting : std::as_const(m_waiting)) {
        if (now - waiting.sentMs > timeoutMs) {
            drop(QStringLiteral("No answer from the SMSC within %1 s").arg(m_settings.responseTimeoutSeconds));
            return;
        }
    }
    if (m_bound && m_waiting.isEmpty() && now - m_lastHeardMs > qint64(m_settings.enquireLinkSeconds) * 1000) {
        m_lastHeardMs = now; // one enquire_link per quiet spell
        request(CommandId::EnquireLink, {}, [](const std::optional<Pdu> &) {});
    }
}

void SmppClientSession::drop(const QString &reason)
{
    if (!m_open)
        return;
    m_open = false;
    m_bound = false;
    m_tick.stop();
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
        m_socket->deleteLater();
        m_socket = nullptr;
    }
    m_incoming.clear();
    const QHash<quint32, Waiting> waiting = std::exchange(m_waiting, {});
    for (const Waiting &request : waiting)
        request.answer(std::nullopt);
    qCWarning(lcSmppClient).noquote() << m_settings.name << "link lost:" << reason;
    Q_EMIT lost(reason);
}

} // namespace ogene
