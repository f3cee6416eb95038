#include "carriers/smppgateway.h"

#include "carriers/smppclientsession.h"
#include "carriers/sourceaddress.h"
#include "dispatch/deliveryreports.h"
#include "smpp/deliveryreceipt.h"
#include "smpp/messagesplitter.h"
#include "store/store.h"

#include <ogene/smstext.h>

#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcSmppGateway, "ogene.carriers.smppgateway")

namespace ogene {

using namespace smpp;

namespace {

// A message waits this long here for room in the window before it goes back to the dispatcher,
// well within the dispatcher's claim on it.
constexpr qint64 QueueWaitLimitMs = 20000;
// After the SMSC says it is throttling, nothing is sent for this long.
constexpr qint64 ThrottlePauseMs = 1000;
constexpr qsizetype RecentIdsKept = 200000;
// A receipt whose message is not known yet is looked for again once, after this long: in a
// transmitter and receiver pair the receipt can overtake the answer to the submission.
constexpr int ReceiptRetryMs = 2000;

// Statuses that say "not now" rather than "never": the message is offered again later.
bool isTransient(quint32 status)
{
    using namespace CommandStatus;
    return status == ESME_RTHROTTLED || status == ESME_RMSGQFUL || status == ESME_RSYSERR || status == ESME_RX_T_APPN;
}

QString describe(quint32 status)
{
    return QStringLiteral("%1 (0x%2)").arg(statusName(status)).arg(status, 8, 16, QLatin1Char('0'));
}

} // namespace

SmppGateway::SmppGateway(Store &store, const SmppGatewaySettings &settings, QObject *parent)
    : Gateway(parent)
    , m_store(store)
    , m_settings(settings)
{
    m_clock.start();
    m_pumpTimer.setSingleShot(true);
    connect(&m_pumpTimer, &QTimer::timeout, this, &SmppGateway::pump);
    m_expiry.setInterval(1000);
    connect(&m_expiry, &QTimer::timeout, this, &SmppGateway::expireQueued);
    m_reference = quint8(QDateTime::currentMSecsSinceEpoch());
}

SmppGateway::~SmppGateway()
{
    // Sessions go with this object and call nobody back; the dispatcher's claims lapse.
    m_queue.clear();
}

void SmppGateway::start()
{
    const bool pair = m_settings.bind == SmppGatewaySettings::Bind::Pair;
    m_transmit.session = new SmppClientSession(
        m_settings, pair ? SmppClientSession::Role::Transmitter : SmppClientSession::Role::Transceiver, this);
    if (pair)
        m_receive.session = new SmppClientSession(m_settings, SmppClientSession::Role::Receiver, this);
    for (Link *link : {&m_transmit, &m_receive}) {
        SmppClientSession *session = link->session;
        if (!session)
            continue;
        connect(session, &SmppClientSession::bound, this, [this, link] {
            link->backoffMs = 0;
            m_lastError.clear();
            pump();
        });
        connect(session, &SmppClientSession::lost, this, [this, link](const QString &reason) { linkLost(*link, reason); });
        connect(session, &SmppClientSession::delivered, this,
                [this, session](const Pdu &pdu) { receiptArrived(session, pdu); });
        session->open();
    }
    m_expiry.start();
}

SmppClientSession *SmppGateway::sender() const
{
    return m_transmit.session;
}

bool SmppGateway::isUp() const
{
    return sender() && sender()->isBound();
}

GatewayStatus SmppGateway::status() const
{
    GatewayStatus status;
    status.type = QStringLiteral("smpp");
    status.state = isUp() ? QStringLiteral("up") : m_transmit.backoffMs > 0 ? QStringLiteral("down") : QStringLiteral("connecting");
    status.inFlight = int(m_unresolved);
    status.sentPerSecond = m_sent.perSecond();
    status.sentTotal = m_sentTotal;
    status.rejectedTotal = m_rejectedTotal;
    status.deferredTotal = m_deferredTotal;
    status.lastError = m_lastError;
    return status;
}

void SmppGateway::linkLost(Link &link, const QString &reason)
{
    m_lastError = reason;
    if (&link == &m_transmit) {
        // Whatever was waiting to go out goes back to the dispatcher now: another gateway may take
        // it, or this one once bound again. Parts already in the window were answered by the session.
        const QQueue<PendingPtr> queued = std::exchange(m_queue, {});
        for (const PendingPtr &pending : queued)
            resolve(pending, {SubmitResult::Outcome::Retry, {}, reason});
    }
    link.backoffMs = link.backoffMs == 0 ? m_settings.reconnectMinMs : qMin(link.backoffMs * 2, m_settings.reconnectMaxMs);
    const QPointer<SmppClientSession> session(link.session);
    QTimer::singleShot(link.backoffMs, this, [session] {
        if (session)
            session->open();
    });
}

void SmppGateway::submit(const QList<OutboundMessage> &batch, Done done)
{
    auto shared = std::make_shared<GatewayBatch>(batch.size(), std::move(done));
    m_unresolved += batch.size();
    QList<PendingPtr> prepared;
    for (qsizetype i = 0; i < batch.size(); ++i) {
        auto pending = std::make_shared<Pending>();
        pending->batch = shared;
        pending->index = i;
        pending->messageId = batch.at(i).id;
        pending->queuedMs = m_clock.elapsed();
        const SmsText analysed = SmsText::analyze(batch.at(i).text);
        const quint8 coding = analysed.encoding == SmsText::Encoding::Gsm7 ? DataCoding::SmscDefault : DataCoding::Ucs2;
        const QList<QByteArray> parts = MessageSplitter::split(batch.at(i).text, coding, m_reference++);
        const SmeAddress source = SourceAddress::of(batch.at(i).sender, m_settings);
        QByteArray destination = batch.at(i).recipient.toLatin1();
        if (destination.startsWith('+'))
            destination.remove(0, 1);
        for (const QByteArray &octets : parts) {
            ShortMessageBody body;
            body.sourceAddrTon = source.ton;
            body.sourceAddrNpi = source.npi;
            body.sourceAddr = source.address;
            body.destAddrTon = m_settings.destinationTon;
            body.destAddrNpi = m_settings.destinationNpi;
            body.destinationAddr = destination;
            body.esmClass = parts.size() > 1 ? EsmClass::Udhi : 0;
            body.registeredDelivery = 1;
            body.dataCoding = coding;
            body.shortMessage = octets;
            pending->parts.append(body);
        }
        prepared.append(pending);
    }
    for (const PendingPtr &pending : prepared) {
        if (pending->parts.isEmpty())
            resolve(pending, {SubmitResult::Outcome::Rejected, {}, QStringLiteral("The text cannot be sent as SMS parts")});
        else if (!isUp())
            resolve(pending, {SubmitResult::Outcome::Retry, {}, m_lastError.isEmpty() ? QStringLiteral("Not bound") : m_lastError});
        else
            m_queue.enqueue(pending);
    }
    pump();
}

bool SmppGateway::takeToken()
{
    const qint64 now = m_clock.elapsed();
    // A burst of at most a twentieth of a second's allowance keeps the rate smooth.
    const double burst = qMax(1.0, m_settings.submitPerSecond / 20.0);
    m_tokens = qMin(burst, m_tokens + double(now - m_tokensAtMs) * m_settings.submitPerSecond / 1000.0);
    m_tokensAtMs = now;
    if (m_tokens < 1.0)
        return false;
    m_tokens -= 1.0;
    return true;
}

void SmppGateway::schedulePump(qint64 afterMs)
{
    if (!m_pumpTimer.isActive() || m_pumpTimer.remainingTime() > afterMs)
        m_pumpTimer.start(int(qMax<qint64>(1, afterMs)));
}

void SmppGateway::pump()
{
    SmppClientSession *session = sender();
    while (!m_queue.isEmpty() && session && session->isBound() && session->waiting() < m_settings.window) {
        const qint64 now = m_clock.elapsed();
        if (now < m_pausedUntilMs) {
            schedulePump(m_pausedUntilMs - now);
            return;
        }
        if (!takeToken()) {
            schedulePump(qMax<qint64>(1, qint64(1000.0 / m_settings.submitPerSecond)));
            return;
        }
        const PendingPtr pending = m_queue.head();
        const ShortMessageBody part = pending->parts.at(pending->nextPart++);
        if (pending->nextPart == pending->parts.size())
            m_queue.dequeue();
        ++pending->partsWaiting;
        session->request(CommandId::SubmitSm, part,
                         [this, pending](const std::optional<Pdu> &answer) { partAnswered(pending, answer); });
    }
}

void SmppGateway::partAnswered(const PendingPtr &pending, const std::optional<Pdu> &answer)
{
    --pending->partsWaiting;
    if (!pending->resolved) {
        if (!answer) {
            resolve(pending, {SubmitResult::Outcome::Retry, {}, m_lastError.isEmpty() ? QStringLiteral("Link lost") : m_lastError});
        } else if (const quint32 status = answer->header.commandStatus; status != CommandStatus::ESME_ROK) {
            if (status == CommandStatus::ESME_RTHROTTLED || status == CommandStatus::ESME_RMSGQFUL)
                m_pausedUntilMs = m_clock.elapsed() + ThrottlePauseMs;
            const bool transient = isTransient(status);
            resolve(pending, {transient ? SubmitResult::Outcome::Retry : SubmitResult::Outcome::Rejected, {},
                              QStringLiteral("%1 by %2: %3")
                                  .arg(transient ? QStringLiteral("Deferred") : QStringLiteral("Rejected"), m_settings.name,
                                       describe(status))});
        } else {
            if (const auto *body = std::get_if<MessageIdRespBody>(&answer->body))
                pending->lastCarrierId = QString::fromLatin1(body->messageId);
            if (pending->nextPart == pending->parts.size() && pending->partsWaiting == 0) {
                // The last part's id is the message's: its receipt decides the message's state.
                remember(pending->lastCarrierId, pending->messageId);
                m_sent.add();
                ++m_sentTotal;
                resolve(pending, {SubmitResult::Outcome::Accepted, pending->lastCarrierId, {}});
            }
        }
    }
    pump();
}

void SmppGateway::resolve(const PendingPtr &pending, SubmitResult result)
{
    if (pending->resolved)
        return;
    pending->resolved = true;
    m_queue.removeOne(pending);
    --m_unresolved;
    if (result.outcome == SubmitResult::Outcome::Rejected)
        ++m_rejectedTotal;
    else if (result.outcome == SubmitResult::Outcome::Retry)
        ++m_deferredTotal;
    pending->batch->settle(pending->index, std::move(result));
}

qint64 SmppGateway::longestHoldMs() const
{
    // The wait for the window, then the answer to its first part and, at worst, one more answer
    // time for the parts behind it before the session is dropped and everything waiting answered.
    return QueueWaitLimitMs + 2 * qint64(m_settings.responseTimeoutSeconds) * 1000;
}

void SmppGateway::expireQueued()
{
    const qint64 now = m_clock.elapsed();
    QList<PendingPtr> expired;
    for (const PendingPtr &pending : std::as_const(m_queue)) {
        if (pending->nextPart == 0 && now - pending->queuedMs > QueueWaitLimitMs)
            expired.append(pending);
    }
    for (const PendingPtr &pending : expired)
        resolve(pending, {SubmitResult::Outcome::Retry, {}, QStringLiteral("%1 is busy").arg(m_settings.name)});
}

void SmppGateway::remember(const QString &carrierId, qint64 messageId)
{
    for (const QString &form : CarrierMessageId::forms(carrierId)) {
        m_recent.insert(form, messageId);
        m_recentOrder.enqueue(form);
    }
    while (m_recentOrder.size() > RecentIdsKept)
        m_recent.remove(m_recentOrder.dequeue());
}

qint64 SmppGateway::recall(const QString &carrierId) const
{
    for (const QString &form : CarrierMessageId::forms(carrierId)) {
        if (const qint64 id = m_recent.value(form))
            return id;
    }
    return 0;
}

void SmppGateway::receiptArrived(SmppClientSession *session, const Pdu &deliverSm)
{
    const auto *body = std::get_if<ShortMessageBody>(&deliverSm.body);
    const std::optional<DeliveryReceipt> receipt =
        body && (body->esmClass & EsmClass::DeliveryReceipt) ? DeliveryReceipt::fromDeliverSm(*body) : std::nullopt;
    const DeliveryReports::Verdict verdict = receipt ? DeliveryReports::verdictOf(receipt->stat) : DeliveryReports::Verdict::Unknown;
    if (!receipt || receipt->messageId.isEmpty()
        || (verdict != DeliveryReports::Verdict::Delivered && verdict != DeliveryReports::Verdict::Failed)) {
        // Replies from handsets and intermediate states change nothing here.
        session->respond(deliverSm.header, CommandStatus::ESME_ROK);
        return;
    }
    m_receipts.append({session, deliverSm.header, recall(receipt->messageId), receipt->messageId, receipt->stat, receipt->error, 0});
    applyReceipts();
}

void SmppGateway::applyReceipts()
{
    if (m_applyingReceipts || m_receipts.isEmpty())
        return;
    m_applyingReceipts = true;
    const QList<Receipt> batch = std::exchange(m_receipts, {});
    const QString gateway = name();
    m_store.run<QList<qint64>>(
        this,
        [batch, gateway](SqlSession &sql) {
            // Each receipt's message: remembered, or found by every spelling of the carrier's id.
            QList<qint64> ids;
            QHash<QPair<QString, QString>, QList<qint64>> byOutcome;
            for (const Receipt &receipt : batch) {
                qint64 id = receipt.messageId;
                if (!id) {
                    const QStringList spellings = CarrierMessageId::spellings(receipt.carrierId);
                    QVariantList values{gateway};
                    for (const QString &spelling : spellings)
                        values.append(spelling);
                    id = sql.scalar(QStringLiteral("SELECT id FROM messages WHERE gateway = ? AND gateway_message_id IN (%1) "
                                                   "ORDER BY id DESC LIMIT 1")
                                        .arg(QStringList(spellings.size(), QStringLiteral("?")).join(QLatin1Char(','))),
                                    values)
                             .toLongLong();
                }
                ids.append(id);
                if (id)
                    byOutcome[{receipt.stat, receipt.error}].append(id);
            }
            for (auto it = byOutcome.cbegin(); it != byOutcome.cend(); ++it)
                DeliveryReports::applyToMessages(sql, it.value(), it.key().first, it.key().second, gateway);
            return ids;
        },
        [this, batch](Outcome<QList<qint64>> outcome) {
            m_applyingReceipts = false;
            for (qsizetype i = 0; i < batch.size(); ++i) {
                const Receipt &receipt = batch.at(i);
                if (!receipt.from)
                    continue; // the link went before the answer: the SMSC sends the receipt again
                if (!outcome.ok()) {
                    // Not recorded: the SMSC is asked to send it again later.
                    receipt.from->respond(receipt.header, CommandStatus::ESME_RX_T_APPN);
                } else if (outcome.value->at(i) == 0 && receipt.attempt == 0) {
                    // In a transmitter and receiver pair a receipt can overtake the submission's answer.
                    QTimer::singleShot(ReceiptRetryMs, this, [this, receipt] {
                        m_receipts.append(receipt);
                        m_receipts.last().attempt = 1;
                        m_receipts.last().messageId = recall(receipt.carrierId);
                        applyReceipts();
                    });
                } else {
                    if (outcome.value->at(i) == 0)
                        qCWarning(lcSmppGateway).noquote() << name() << "receipt for an unknown message id" << receipt.carrierId;
                    receipt.from->respond(receipt.header, CommandStatus::ESME_ROK);
                }
            }
            if (!outcome.ok())
                qCWarning(lcSmppGateway) << "cannot record receipts:" << outcome.errorText();
            applyReceipts();
        });
}

} // namespace ogene
