#include "messaging/messageacceptor.h"

#include "store/sqlsession.h"
#include "wallet/walletledger.h"

#include <ogene/timestamp.h>

namespace ogene {

AcceptedMessage MessageAcceptor::accept(SqlSession &session, const SendRequest &request)
{
    // The approved name as stored, so the handset shows the casing the admin approved.
    const QVariant approvedName = session.scalar(
        QStringLiteral("SELECT sender_name FROM sender_ids WHERE user_id = ? AND lower(sender_name) = lower(?) "
                       "AND status = 'approved'"),
        {request.userId, request.senderName});
    if (approvedName.isNull())
        throw SendRejected(SendRejected::Reason::UnknownSender);

    const qint64 now = nowMs();
    const qint64 id = session.insert(
        QStringLiteral("INSERT INTO messages (user_id, recipient_phone, sender_id_value, message_text, encoding, "
                       "segments_count, cost, currency, status, sandbox, created_at, updated_at) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'queued', ?, ?, ?) RETURNING id"),
        {request.userId, request.recipient, approvedName, request.text, request.encoding, request.segments, request.cost,
         request.currency, request.sandbox ? 1 : 0, now, now});

    // The debit comes after the insert so its ledger entry can name the message; when the balance
    // does not cover it, the throw rolls the insert back with everything else.
    WalletLedger ledger(session);
    qint64 balanceAfter = 0;
    if (!request.sandbox && request.cost > 0) {
        const std::optional<qint64> after =
            ledger.debit(request.userId, request.cost, WalletLedger::Category::Sms, QStringLiteral("message:%1").arg(id),
                         QStringLiteral("SMS to %1, %2 segment(s)").arg(request.recipient).arg(request.segments));
        if (!after) {
            const std::optional<Wallet> wallet = ledger.wallet(request.userId);
            throw SendRejected(SendRejected::Reason::InsufficientBalance, request.cost, wallet ? wallet->balance : 0);
        }
        balanceAfter = *after;
    } else {
        const std::optional<Wallet> wallet = ledger.wallet(request.userId);
        balanceAfter = wallet ? wallet->balance : 0;
    }
    session.execute(QStringLiteral("INSERT INTO outbound_queue (message_id, available_at) VALUES (?, ?)"), {id, now});
    return {id, balanceAfter};
}

} // namespace ogene
