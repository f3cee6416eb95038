#include "messaging/messageacceptor.h"

#include "store/sqlsession.h"
#include "wallet/walletledger.h"

#include <ogene/timestamp.h>

#include <QHash>

namespace ogene {

QList<AcceptOutcome> MessageAcceptor::acceptAll(SqlSession &session, const QList<SendRequest> &requests)
{
    WalletLedger ledger(session);
    QHash<QPair<qint64, QString>, QVariant> approvedNames; // (account, lower-case name) → name as approved
    QHash<qint64, qint64> balances;                        // account → balance as this batch leaves it
    QHash<qint64, qint64> debited;                          // account → total this batch takes
    const qint64 now = nowMs();

    QList<AcceptOutcome> outcomes;
    outcomes.reserve(requests.size());
    for (const SendRequest &request : requests) {
        const QPair<qint64, QString> senderKey{request.userId, request.senderName.toLower()};
        auto approved = approvedNames.find(senderKey);
        if (approved == approvedNames.end()) {
            // The approved name as stored, so the handset shows the casing the admin approved.
            approved = approvedNames.insert(
                senderKey, session.scalar(QStringLiteral("SELECT sender_name FROM sender_ids WHERE user_id = ? "
                                                         "AND lower(sender_name) = lower(?) AND status = 'approved'"),
                                          {request.userId, request.senderName}));
        }
        if (approved->isNull()) {
            outcomes.append(SendRejected(SendRejected::Reason::UnknownSender));
            continue;
        }

        auto balance = balances.find(request.userId);
        if (balance == balances.end())
            balance = balances.insert(request.userId, ledger.lockBalance(request.userId));
        const bool charged = !request.sandbox && request.cost > 0;
        if (charged && request.cost > *balance) {
            outcomes.append(SendRejected(SendRejected::Reason::InsufficientBalance, request.cost, *balance));
            continue;
        }

        const qint64 id = session.insert(
            QStringLiteral("INSERT INTO messages (user_id, recipient_phone, sender_id_value, message_text, encoding, "
                           "segments_count, cost, currency, status, sandbox, created_at, updated_at) "
                           "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'queued', ?, ?, ?) RETURNING id"),
            {request.userId, request.recipient, *approved, request.text, request.encoding, request.segments, request.cost,
             request.currency, request.sandbox ? 1 : 0, now, now});
        if (charged) {
            *balance -= request.cost;
            debited[request.userId] += request.cost;
            ledger.recordDebit(request.userId, request.cost, *balance, WalletLedger::Category::Sms,
                               QStringLiteral("message:%1").arg(id),
                               QStringLiteral("SMS to %1, %2 segment(s)").arg(request.recipient).arg(request.segments));
        }
        session.execute(QStringLiteral("INSERT INTO outbound_queue (message_id, available_at) VALUES (?, ?)"), {id, now});
        outcomes.append(AcceptedMessage{id, *balance});
    }
    for (auto it = debited.cbegin(); it != debited.cend(); ++it)
        ledger.takeDebited(it.key(), it.value());
    return outcomes;
}

AcceptedMessage MessageAcceptor::accept(SqlSession &session, const SendRequest &request)
{
    const AcceptOutcome outcome = acceptAll(session, {request}).first();
    if (const auto *rejected = std::get_if<SendRejected>(&outcome))
        throw *rejected;
    return std::get<AcceptedMessage>(outcome);
}

} // namespace ogene
