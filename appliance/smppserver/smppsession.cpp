#include "smppserver/smppsession.h"

#include "auth/passwordhasher.h"
#include "dispatch/dispatcher.h"
#include "messaging/sendbatcher.h"
#include "pricing/pricing.h"
#include "smpp/pducodec.h"
#include "smppserver/smppcredentials.h"
#include "smppserver/smppserver.h"
#include "smppserver/smppsessionregistry.h"
#include "store/store.h"

#include <ogene/timestamp.h>

#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcSmpp, "ogene.smpp")

namespace ogene {

using namespace smpp;
using namespace smpp::CommandStatus;

namespace {
constexpr int TimerTickMs = 1000;
constexpr int FailedBindPauseMs = 1000;
constexpr int MostAssembliesPerSession = 1000;

QString assemblyKey(const SendRequest &request, const Concatenation &concatenation)
{
    return QStringLiteral("%1|%2|%3|%4").arg(request.senderName, request.recipient).arg(concatenation.reference).arg(concatenation.total);
}
} // namespace

SmppSession::SmppSession(QTcpSocket *socket, SmppServerContext &context, QObject *parent)
    : QObject(parent)
    , m_socket(socket)
    , m_context(context)
    , m_peer(socket->peerAddress())
{
    socket->setParent(this);
    socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    connect(socket, &QTcpSocket::readyRead, this, &SmppSession::readIncoming);
    connect(socket, &QTcpSocket::disconnected, this, &SmppSession::closeNow);
    connect(&m_timer, &QTimer::timeout, this, &SmppSession::checkTimers);
    m_timer.start(TimerTickMs);
    m_lastHeard.start();
}

SmppSession::~SmppSession()
{
    leaveRegistry();
}

void SmppSession::leaveRegistry()
{
    if (!m_registered)
        return;
    m_context.registry->remove(this);
    m_registered = false;
}

quint32 SmppSession::nextSequence()
{
    m_sequence = m_sequence >= 0x7FFFFFFF ? 1 : m_sequence + 1;
    return m_sequence;
}

void SmppSession::send(const Pdu &pdu)
{
    if (!m_socket || m_socket->state() != QAbstractSocket::ConnectedState)
        return;
    const QByteArray octets = PduCodec::encode(pdu);
    if (octets.isEmpty()) {
        qCWarning(lcSmpp) << "cannot encode" << commandName(pdu.header.commandId) << "for" << m_peer.toString();
        return;
    }
    m_socket->write(octets);
}

void SmppSession::answer(const PduHeader &request, quint32 status, Pdu::Body body)
{
    send(Pdu::response(request, status, std::move(body)));
}

void SmppSession::readIncoming()
{
    if (!m_socket)
        return;
    m_incoming += m_socket->readAll();
    m_lastHeard.restart();
    qsizetype offset = 0;
    while (!m_closing) {
        const QByteArrayView rest = QByteArrayView(m_incoming).sliced(offset);
        const Frame frame = PduCodec::frame(rest);
        if (frame.status == Frame::Status::NeedMore)
            break;
        if (frame.status == Frame::Status::BadLength) {
            // The stream cannot be trusted past a bad length: say so and hang up.
            send(Pdu::genericNack(0, ESME_RINVCMDLEN));
            closeAfterWrite();
            break;
        }
        const DecodeResult decoded = PduCodec::decode(rest.first(frame.length));
        offset += frame.length;
        if (decoded.ok())
            handle(*decoded.pdu);
        else if (!decoded.error.header.isResponse())
            answer(decoded.error.header, decoded.error.status);
    }
    m_incoming.remove(0, offset);
}

void SmppSession::handle(const Pdu &pdu)
{
    if (pdu.header.isResponse()) {
        handleResponse(pdu);
        return;
    }
    switch (pdu.command()) {
    case CommandId::BindTransmitter:
    case CommandId::BindReceiver:
    case CommandId::BindTransceiver: handleBind(pdu); return;
    case CommandId::EnquireLink: answer(pdu.header, ESME_ROK); return;
    case CommandId::Unbind:
        if (m_mode == Mode::Unbound) {
            answer(pdu.header, ESME_RINVBNDSTS); // SMPP 3.4 allows unbind only on a bound session
            return;
        }
        answer(pdu.header, ESME_ROK);
        closeAfterWrite();
        return;
    case CommandId::SubmitSm: handleSubmit(pdu); return;
    default:
        // A request Ogene does not serve (query_sm, data_sm, submit_multi, …): its response says so,
        // or generic_nack for those that have none.
        answer(pdu.header, m_mode == Mode::Unbound ? ESME_RINVBNDSTS : ESME_RINVCMDID);
        return;
    }
}

void SmppSession::handleBind(const Pdu &pdu)
{
    if (m_mode != Mode::Unbound || m_binding) {
        answer(pdu.header, ESME_RALYBND);
        return;
    }
    const Mode mode = pdu.command() == CommandId::BindTransmitter ? Mode::Transmitter
                      : pdu.command() == CommandId::BindReceiver  ? Mode::Receiver
                                                                  : Mode::Transceiver;
    const auto &body = std::get<BindBody>(pdu.body);
    const QString address = m_peer.toString();
    m_binding = true;
    if (m_context.bindFailures.retryAfterSeconds(address, nowMs()) > 0) {
        // Too many failures from this address: refused without looking, after a pause.
        finishBind(pdu, Mode::Unbound, ESME_RBINDFAIL);
        return;
    }
    const QString systemId = QString::fromLatin1(body.systemId);
    const QString password = QString::fromLatin1(body.password);
    m_context.store->run<std::optional<SmppBindAccount>>(
        this, [systemId](SqlSession &session) { return SmppCredentials(session).forBind(systemId); },
        [this, pdu, mode, password, address](Outcome<std::optional<SmppBindAccount>> outcome) {
            if (!outcome.ok()) {
                finishBind(pdu, Mode::Unbound, ESME_RSYSERR);
                return;
            }
            const std::optional<SmppBindAccount> account = *outcome.value;
            if (!account || !account->credentialActive) {
                m_context.bindFailures.recordFailure(address, nowMs());
                finishBind(pdu, Mode::Unbound, ESME_RINVSYSID);
                return;
            }
            PasswordHasher::verifyAsync(this, password, account->passwordHash, [this, pdu, mode, account, address](bool matches) {
                if (!matches) {
                    m_context.bindFailures.recordFailure(address, nowMs());
                    finishBind(pdu, Mode::Unbound, ESME_RINVPASWD);
                    return;
                }
                m_context.bindFailures.recordSuccess(address);
                if (!account->accountActive || !account->smppAccess) {
                    finishBind(pdu, Mode::Unbound, ESME_RBINDFAIL);
                    return;
                }
                m_account = {account->credentialId, account->userId, account->currency};
                m_submitPerSecond = account->submitPerSecond.value_or(m_context.settings.submitPerSecond);
                finishBind(pdu, mode, ESME_ROK);
            });
        });
}

void SmppSession::finishBind(const Pdu &request, Mode mode, quint32 status)
{
    m_binding = false;
    if (status == ESME_ROK) {
        m_mode = mode;
        if (!m_context.registry->add(this, m_context.settings.maxBindsPerCredential)) {
            qCInfo(lcSmpp) << "bind refused: credential" << m_account.credentialId << "has its"
                           << m_context.settings.maxBindsPerCredential << "sessions";
            m_mode = Mode::Unbound;
            status = ESME_RBINDFAIL;
        } else {
            m_registered = true;
        }
    }
    if (status != ESME_ROK) {
        // SMPP 3.4 4.1.2: an error response carries no body. Every refusal waits a second, so
        // probing accounts is as slow as guessing passwords.
        qCInfo(lcSmpp) << "bind from" << m_peer.toString() << "refused:" << statusName(status);
        m_closing = true;
        QTimer::singleShot(FailedBindPauseMs, this, [this, header = request.header, status] {
            m_closing = false;
            answer(header, status);
            closeAfterWrite();
        });
        return;
    }
    BindRespBody body;
    body.systemId = QByteArrayLiteral("Ogene");
    body.tlvs.append(Tlv::integer(TlvTag::ScInterfaceVersion, InterfaceVersion34, 1));
    answer(request.header, status, body);
    qCInfo(lcSmpp) << "bound" << commandName(request.header.commandId) << "credential" << m_account.credentialId << "from"
                   << m_peer.toString();
}

bool SmppSession::throttled()
{
    const qint64 second = nowMs() / 1000;
    if (second != m_throttleSecond) {
        m_throttleSecond = second;
        m_submitsThisSecond = 0;
    }
    return ++m_submitsThisSecond > m_submitPerSecond;
}

void SmppSession::handleSubmit(const Pdu &pdu)
{
    if (m_mode != Mode::Transmitter && m_mode != Mode::Transceiver) {
        answer(pdu.header, ESME_RINVBNDSTS);
        return;
    }
    if (throttled()) {
        answer(pdu.header, ESME_RTHROTTLED);
        return;
    }
    const SmppSubmission::Result read =
        SmppSubmission::read(std::get<ShortMessageBody>(pdu.body), m_account, *m_context.pricing->current());
    if (const quint32 *status = std::get_if<quint32>(&read)) {
        answer(pdu.header, *status);
        return;
    }
    const Submission &submission = std::get<Submission>(read);
    if (submission.concatenation) {
        handlePart(pdu.header, submission);
        return;
    }
    accept(submission.request, {pdu.header});
}

void SmppSession::handlePart(const PduHeader &header, const Submission &part)
{
    const QString key = assemblyKey(part.request, *part.concatenation);
    auto found = m_assemblies.find(key);
    if (found == m_assemblies.end()) {
        if (m_assemblies.size() >= MostAssembliesPerSession) {
            answer(header, ESME_RMSGQFUL);
            return;
        }
        found = m_assemblies.insert(key, Assembly{{}, {}, part, nowMs()});
    }
    if (found->texts.contains(part.concatenation->sequence)) {
        answer(header, ESME_RSUBMITFAIL); // the same part twice
        return;
    }
    found->texts.insert(part.concatenation->sequence, part.request.text);
    found->waiting.append(header);
    if (found->texts.size() < part.concatenation->total)
        return;

    // Every part is here: one message, its text the parts in order, priced as a whole.
    const Assembly assembly = found.value();
    m_assemblies.erase(found);
    SendRequest whole = assembly.first.request;
    whole.text.clear();
    for (quint8 sequence = 1; sequence <= part.concatenation->total; ++sequence)
        whole.text += assembly.texts.value(sequence);
    SmppSubmission::price(whole, *m_context.pricing->current());
    accept(whole, assembly.waiting);
}

void SmppSession::accept(const SendRequest &request, QList<PduHeader> answerTo)
{
    QPointer<SmppSession> self(this);
    Dispatcher *dispatcher = m_context.dispatcher;
    m_context.sendBatcher->submit(
        request,
        [self, answerTo, dispatcher](const AcceptOutcome &outcome) {
            if (!self)
                return; // the client hung up; the message stands, as a REST send would
            if (const auto *rejected = std::get_if<SendRejected>(&outcome)) {
                const quint32 status = rejected->reason == SendRejected::Reason::UnknownSender ? ESME_RINVSRCADR : ESME_RSUBMITFAIL;
                for (const PduHeader &header : answerTo)
                    self->answer(header, status);
                return;
            }
            const QByteArray messageId = QByteArray::number(std::get<AcceptedMessage>(outcome).messageId);
            for (const PduHeader &header : answerTo)
                self->answer(header, ESME_ROK, MessageIdRespBody{messageId, {}});
            dispatcher->wake();
        },
        [self, answerTo](std::exception_ptr) {
            if (!self)
                return;
            for (const PduHeader &header : answerTo)
                self->answer(header, ESME_RSYSERR);
        });
}

void SmppSession::handleResponse(const Pdu &pdu)
{
    const auto found = m_outstanding.find(pdu.header.sequenceNumber);
    if (found == m_outstanding.end())
        return; // an answer to nothing we asked: ignored
    const Outstanding outstanding = found.value();
    m_outstanding.erase(found);
    if (outstanding.messageId != 0) {
        --m_receiptsOutstanding;
        Q_EMIT receiptAnswered(outstanding.messageId, pdu.header.commandStatus == ESME_ROK);
    }
    if (pdu.command() == CommandId::UnbindResp)
        closeNow();
}

int SmppSession::freeReceiptSlots() const
{
    if (!receives() || m_closing)
        return 0;
    return qMax(0, m_context.settings.receiptWindow - m_receiptsOutstanding);
}

void SmppSession::sendReceipt(qint64 messageId, const Pdu &deliverSm)
{
    Pdu pdu = deliverSm;
    pdu.header.sequenceNumber = nextSequence();
    m_outstanding.insert(pdu.header.sequenceNumber, {messageId, nowMs()});
    ++m_receiptsOutstanding;
    send(pdu);
}

void SmppSession::unbindAndClose()
{
    if (m_closing)
        return;
    const quint32 sequence = nextSequence();
    m_outstanding.insert(sequence, {0, nowMs()});
    send(Pdu::request(CommandId::Unbind, sequence));
    // No more work from this session; it closes on unbind_resp or at the response timeout.
    leaveRegistry();
    m_mode = Mode::Unbound;
    QTimer::singleShot(m_context.settings.responseTimeoutSeconds * 1000, this, &SmppSession::closeNow);
}

void SmppSession::checkTimers()
{
    const qint64 now = nowMs();
    const qint64 timeoutMs = qint64(m_context.settings.responseTimeoutSeconds) * 1000;
    for (const Outstanding &outstanding : std::as_const(m_outstanding)) {
        if (now - outstanding.sentMs > timeoutMs) {
            qCInfo(lcSmpp) << "session of credential" << m_account.credentialId << "did not answer within"
                           << m_context.settings.responseTimeoutSeconds << "s; closing";
            closeNow();
            return;
        }
    }
    if (m_lastHeard.elapsed() > qint64(m_context.settings.enquireLinkSeconds) * 1000 && m_outstanding.isEmpty()) {
        const quint32 sequence = nextSequence();
        m_outstanding.insert(sequence, {0, now});
        send(Pdu::request(CommandId::EnquireLink, sequence));
    }
    dropStaleAssemblies();
}

void SmppSession::dropStaleAssemblies()
{
    const qint64 oldest = nowMs() - qint64(m_context.settings.concatTimeoutSeconds) * 1000;
    for (auto it = m_assemblies.begin(); it != m_assemblies.end();) {
        if (it->startedMs >= oldest) {
            ++it;
            continue;
        }
        qCInfo(lcSmpp) << "long message from credential" << m_account.credentialId << "had" << it->texts.size() << "of"
                       << it->first.concatenation->total << "parts after" << m_context.settings.concatTimeoutSeconds
                       << "s; refused";
        for (const PduHeader &header : std::as_const(it->waiting))
            answer(header, ESME_RSUBMITFAIL);
        it = m_assemblies.erase(it);
    }
}

void SmppSession::closeAfterWrite()
{
    if (m_closing)
        return;
    m_closing = true;
    leaveRegistry();
    if (m_socket)
        m_socket->disconnectFromHost(); // writes what is buffered first, then disconnected() closes us
    else
        closeNow();
}

void SmppSession::closeNow()
{
    if (m_ended)
        return;
    m_ended = true;
    m_closing = true;
    leaveRegistry();
    m_mode = Mode::Unbound;
    m_timer.stop();
    // Receipts the client never answered are offered again (to another session, or later).
    for (auto it = m_outstanding.cbegin(); it != m_outstanding.cend(); ++it) {
        if (it->messageId != 0)
            Q_EMIT receiptAnswered(it->messageId, false);
    }
    m_outstanding.clear();
    m_receiptsOutstanding = 0;
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
    }
    Q_EMIT closed();
}

} // namespace ogene
