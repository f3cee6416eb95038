#include "smppserver/smppreceipts.h"

#include "smpp/deliveryreceipt.h"

#include "smppserver/smppsession.h"
#include "smppserver/smppsessionregistry.h"
#include "smppserver/smppsettings.h"
#include "store/sqlsession.h"
#include "store/store.h"

#include <ogene/timestamp.h>

#include <QDateTime>
#include <QLoggingCategory>
#include <QRegularExpression>

Q_DECLARE_LOGGING_CATEGORY(lcSmpp)

namespace ogene {

using namespace smpp;

namespace {
constexpr int TickMs = 250;
constexpr int ExpiryCheckMs = 60 * 1000;
// A claim lasts at least this long, and always past the client's answer time (after which its
// session is closed and the receipt offered again), so no other node sends the receipt meanwhile.
constexpr qint64 ShortestClaimLeaseMs = 60 * 1000;
constexpr qint64 RecordMarginMs = 30 * 1000;
// A receipt the client refused waits this long before it is offered again.
constexpr qint64 RefusedRetryMs = 30 * 1000;
constexpr int MostPerClaim = 1000;

// The receipt's stat word: what the carrier said, where Ogene kept it in the failure reason.
QString statOf(const QString &status, const QString &failureReason)
{
    if (status == QLatin1String("delivered"))
        return QStringLiteral("DELIVRD");
    for (const char *stat : {"EXPIRED", "DELETED", "REJECTD", "UNKNOWN"}) {
        if (failureReason.startsWith(QLatin1String(stat)))
            return QString::fromLatin1(stat);
    }
    return QStringLiteral("UNDELIV");
}

QString errorCodeOf(const QString &failureReason)
{
    static const QRegularExpression code(QStringLiteral("err (\\d{1,3})"));
    const QRegularExpressionMatch match = code.match(failureReason);
    return match.hasMatch() ? match.captured(1).rightJustified(3, QLatin1Char('0')) : QStringLiteral("000");
}

} // namespace

Pdu ReceiptFacts::toDeliverSm() const
{
    const bool delivered = status == QLatin1String("delivered");
    DeliveryReceipt receipt;
    receipt.messageId = QString::number(messageId);
    receipt.delivered = delivered ? 1 : 0;
    receipt.submitDate = QDateTime::fromMSecsSinceEpoch(createdAt, Qt::UTC);
    receipt.doneDate = QDateTime::fromMSecsSinceEpoch(completedAt, Qt::UTC);
    receipt.stat = statOf(status, failureReason);
    receipt.error = delivered ? QStringLiteral("000") : errorCodeOf(failureReason);
    receipt.text = text;
    // A receipt comes from the handset the message went to, addressed to the sender.
    const QString handset = recipient.startsWith(QLatin1Char('+')) ? recipient.mid(1) : recipient;
    return receipt.toDeliverSm(0, SmeAddress{1, 1, handset.toLatin1()}, SmeAddress{0, 0, sender.toLatin1()});
}

SmppReceipts::SmppReceipts(Store &store, SmppSessionRegistry &registry, const SmppSettings &settings, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_registry(registry)
    , m_settings(settings)
{
    m_tick.setInterval(TickMs);
    connect(&m_tick, &QTimer::timeout, this, [this] {
        flushAnswers();
        pump();
    });
    m_expiry.setInterval(ExpiryCheckMs);
    connect(&m_expiry, &QTimer::timeout, this, &SmppReceipts::expire);
    connect(&m_registry, &SmppSessionRegistry::receiverBound, this, &SmppReceipts::wake);
}

void SmppReceipts::start()
{
    m_tick.start();
    m_expiry.start();
    expire();
}

void SmppReceipts::wake()
{
    m_wake.request();
}

void SmppReceipts::pump()
{
    if (m_pumping)
        return;
    // How many each credential's bound receivers can take now.
    QList<QPair<qint64, int>> room;
    for (const qint64 credentialId : m_registry.credentialsWithReceivers()) {
        int free = 0;
        for (SmppSession *session : m_registry.receivers(credentialId))
            free += session->freeReceiptSlots();
        if (free > 0)
            room.append({credentialId, qMin(free, MostPerClaim)});
    }
    if (room.isEmpty())
        return;
    m_pumping = true;
    int roomInAll = 0;
    for (const auto &credential : std::as_const(room))
        roomInAll += credential.second;
    const qint64 leaseMs = qMax(ShortestClaimLeaseMs, qint64(m_settings.responseTimeoutSeconds) * 1000 + RecordMarginMs);
    m_store.run<QList<Claimed>>(
        this,
        [room, leaseMs](SqlSession &session) {
            const qint64 now = nowMs();
            QString select = QStringLiteral(
                "SELECT id, status, failure_reason, recipient_phone, sender_id_value, message_text, created_at, completed_at "
                "FROM messages WHERE receipt_credential_id = ? AND receipt_state IN ('waiting', 'waiting_failure') "
                "AND status IN ('delivered', 'failed') AND (receipt_state = 'waiting' OR status = 'failed') "
                "AND receipt_claimed_until <= ? ORDER BY completed_at LIMIT ?");
            if (session.engine() == Engine::Postgresql)
                select += QStringLiteral(" FOR UPDATE SKIP LOCKED");
            QList<Claimed> claimed;
            QList<qint64> ids;
            for (const auto &[credentialId, most] : room) {
                for (const QVariantList &row : session.rows(select, {credentialId, now, most})) {
                    claimed.append({credentialId,
                                    {row[0].toLongLong(), row[1].toString(), row[2].toString(), row[3].toString(),
                                     row[4].toString(), row[5].toString(), row[6].toLongLong(), row[7].toLongLong()}});
                    ids.append(row[0].toLongLong());
                }
            }
            if (!ids.isEmpty())
                session.execute(QStringLiteral("UPDATE messages SET receipt_claimed_until = ? WHERE ") + session.idIn(QStringLiteral("id")),
                                {now + leaseMs, session.idsValue(ids)});
            return claimed;
        },
        [this, roomInAll](Outcome<QList<Claimed>> outcome) {
            m_pumping = false;
            if (!outcome.ok()) {
                qCWarning(lcSmpp) << "cannot claim delivery receipts:" << outcome.errorText();
                return;
            }
            // A claim that filled every window says more are due: the next answers make room for them.
            m_moreDue = outcome.value->size() >= roomInAll;
            deliver(*outcome.value);
        });
}

void SmppReceipts::deliver(const QList<Claimed> &claimed)
{
    for (const Claimed &receipt : claimed) {
        // The session with the most room takes it; the sessions may have changed since the claim.
        SmppSession *best = nullptr;
        for (SmppSession *session : m_registry.receivers(receipt.credentialId)) {
            if (!best || session->freeReceiptSlots() > best->freeReceiptSlots())
                best = session;
        }
        if (!best || best->freeReceiptSlots() == 0) {
            m_refused.append(receipt.facts.messageId); // nobody to take it now: offered again later
            continue;
        }
        connect(best, &SmppSession::receiptAnswered, this, &SmppReceipts::answered, Qt::UniqueConnection);
        best->sendReceipt(receipt.facts.messageId, receipt.facts.toDeliverSm());
    }
}

void SmppReceipts::answered(qint64 messageId, bool accepted)
{
    (accepted ? m_sent : m_refused).append(messageId);
    if (m_sent.size() + m_refused.size() >= MostPerClaim)
        flushAnswers();
    // Keep the windows full while receipts are waiting, rather than topping them up once a tick.
    if (m_moreDue)
        m_wake.request();
}

void SmppReceipts::flushAnswers()
{
    if (m_sent.isEmpty() && m_refused.isEmpty())
        return;
    const QList<qint64> sent = std::exchange(m_sent, {});
    const QList<qint64> refused = std::exchange(m_refused, {});
    m_store.run<int>(
        this,
        [sent, refused](SqlSession &session) {
            if (!sent.isEmpty())
                session.execute(QStringLiteral("UPDATE messages SET receipt_state = 'sent', receipt_claimed_until = 0 WHERE ")
                                    + session.idIn(QStringLiteral("id")),
                                {session.idsValue(sent)});
            if (!refused.isEmpty())
                session.execute(QStringLiteral("UPDATE messages SET receipt_claimed_until = ? WHERE ") + session.idIn(QStringLiteral("id")),
                                {nowMs() + RefusedRetryMs, session.idsValue(refused)});
            return int(sent.size() + refused.size());
        },
        [](Outcome<int> outcome) {
            if (!outcome.ok())
                qCWarning(lcSmpp) << "cannot record delivery receipt answers (their claims lapse and they go again):"
                                  << outcome.errorText();
        });
}

void SmppReceipts::expire()
{
    const qint64 expiryMs = qint64(m_settings.receiptExpiryHours) * 3600 * 1000;
    m_store.run<int>(
        this,
        [expiryMs](SqlSession &session) {
            return session.execute(QStringLiteral("UPDATE messages SET receipt_state = 'expired' WHERE receipt_state IN "
                                                  "('waiting', 'waiting_failure') AND status IN ('delivered', 'failed') "
                                                  "AND completed_at < ?"),
                                   {nowMs() - expiryMs});
        },
        [](Outcome<int> outcome) {
            if (outcome.ok() && *outcome.value > 0)
                qCInfo(lcSmpp) << *outcome.value << "delivery receipts expired unsent";
        });
}

} // namespace ogene
