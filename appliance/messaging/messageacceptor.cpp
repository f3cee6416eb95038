#include "messaging/messageacceptor.h"

#include "store/bulkinsert.h"
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

    // First decide every request, so that the accepted ones can be written in bulk.
    QList<AcceptOutcome> outcomes;
    outcomes.reserve(requests.size());
    QList<qsizetype> accepted;
    QList<QVariant> senderNames(requests.size());
    for (qsizetype i = 0; i < requests.size(); ++i) {
        const SendRequest &request = requests.at(i);
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
        if (charged) {
            *balance -= request.cost;
            debited[request.userId] += request.cost;
        }
        senderNames[i] = *approved;
        accepted.append(i);
        outcomes.append(AcceptedMessage{0, *balance});
    }
    if (accepted.isEmpty())
        return outcomes;

    // Each accepted message is its own entry in the outbound queue (status queued, available now).
    const QList<qint64> ids = session.nextIds(QStringLiteral("messages"), accepted.size());
    const qint64 now = nowMs();
    BulkInsert messages(session, QStringLiteral("messages"),
                        {{QStringLiteral("id"), BulkInsert::Type::Integer},
                         {QStringLiteral("user_id"), BulkInsert::Type::Integer},
                         {QStringLiteral("recipient_phone"), BulkInsert::Type::Text},
                         {QStringLiteral("sender_id_value"), BulkInsert::Type::Text},
                         {QStringLiteral("message_text"), BulkInsert::Type::Text},
                         {QStringLiteral("encoding"), BulkInsert::Type::Text},
                         {QStringLiteral("segments_count"), BulkInsert::Type::Integer},
                         {QStringLiteral("cost"), BulkInsert::Type::Integer},
                         {QStringLiteral("currency"), BulkInsert::Type::Text},
                         {QStringLiteral("status"), BulkInsert::Type::Text},
                         {QStringLiteral("sandbox"), BulkInsert::Type::Integer},
                         {QStringLiteral("created_at"), BulkInsert::Type::Integer},
                         {QStringLiteral("updated_at"), BulkInsert::Type::Integer},
                         {QStringLiteral("available_at"), BulkInsert::Type::Integer},
                         {QStringLiteral("receipt_credential_id"), BulkInsert::Type::Integer},
                         {QStringLiteral("receipt_state"), BulkInsert::Type::Text},
                         {QStringLiteral("callback_url"), BulkInsert::Type::Text}});
    QList<WalletLedger::Debit> debits;
    const QString queued = QStringLiteral("queued");
    const QString waiting = QStringLiteral("waiting");
    const QString waitingForFailure = QStringLiteral("waiting_failure");
    const QVariant noCredential(QMetaType::fromType<qint64>());
    const QVariant noState(QMetaType::fromType<QString>());
    for (qsizetype n = 0; n < accepted.size(); ++n) {
        const qsizetype i = accepted.at(n);
        const SendRequest &request = requests.at(i);
        auto &message = std::get<AcceptedMessage>(outcomes[i]);
        message.messageId = ids.at(n);
        messages.add({message.messageId, request.userId, request.recipient, senderNames.at(i), request.text, request.encoding,
                      request.segments, request.cost, request.currency, queued, request.sandbox ? 1 : 0, now, now, now,
                      request.receiptCredentialId ? QVariant(request.receiptCredentialId) : noCredential,
                      !request.receiptCredentialId  ? noState
                      : request.receiptOnFailureOnly ? QVariant(waitingForFailure)
                                                     : QVariant(waiting),
                      request.callbackUrl.isEmpty() ? noState : QVariant(request.callbackUrl)});
        if (!request.sandbox && request.cost > 0)
            debits.append({request.userId, request.cost, message.balanceAfter, QStringLiteral("message:%1").arg(message.messageId),
                           QStringLiteral("SMS to %1, %2 segment(s)").arg(request.recipient).arg(request.segments)});
    }
    messages.flush();
    ledger.recordDebits(WalletLedger::Category::Sms, debits);
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
