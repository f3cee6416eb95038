#include "messaging/messageacceptor.h"

#include "messaging/queuedmessagerows.h"
#include "store/sqlsession.h"
#include "wallet/walletledger.h"

#include <QHash>

#include <algorithm>
#include <functional>
#include <optional>

namespace ogene {
namespace {

// Which requests of a batch are accepted, with the sender name as approved and each accepted
// message's balance after it, as the balances read at the start say.
struct Decision
{
    QList<AcceptOutcome> outcomes;
    QList<qsizetype> accepted;
    QList<QVariant> senderNames;
    QHash<qint64, qint64> debited; // account → total this batch takes
    bool shortOfBalance = false;   // some request was refused for its balance
};

Decision decide(SqlSession &session, const QList<SendRequest> &requests, const std::function<qint64(qint64)> &balanceOf)
{
    Decision decision;
    QHash<QPair<qint64, QString>, QVariant> approvedNames; // (account, lower-case name) → name as approved
    QHash<qint64, qint64> balances;                        // account → balance as this batch leaves it
    decision.outcomes.reserve(requests.size());
    decision.senderNames.resize(requests.size());
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
            decision.outcomes.append(SendRejected(SendRejected::Reason::UnknownSender));
            continue;
        }

        auto balance = balances.find(request.userId);
        if (balance == balances.end())
            balance = balances.insert(request.userId, balanceOf(request.userId));
        const bool charged = !request.sandbox && request.cost > 0;
        if (charged && request.cost > *balance) {
            decision.shortOfBalance = true;
            decision.outcomes.append(SendRejected(SendRejected::Reason::InsufficientBalance, request.cost, *balance));
            continue;
        }
        if (charged) {
            *balance -= request.cost;
            decision.debited[request.userId] += request.cost;
        }
        decision.senderNames[i] = *approved;
        decision.accepted.append(i);
        decision.outcomes.append(AcceptedMessage{0, *balance});
    }
    return decision;
}

// Each accepted message is its own entry in the outbound queue (status queued, available now).
void writeMessages(SqlSession &session, const QList<SendRequest> &requests, Decision &decision)
{
    const QList<qint64> ids = session.nextIds(QStringLiteral("messages"), decision.accepted.size());
    QueuedMessageRows messages(session);
    const QVariant waiting = QStringLiteral("waiting");
    const QVariant waitingForFailure = QStringLiteral("waiting_failure");
    for (qsizetype n = 0; n < decision.accepted.size(); ++n) {
        const qsizetype i = decision.accepted.at(n);
        const SendRequest &request = requests.at(i);
        auto &message = std::get<AcceptedMessage>(decision.outcomes[i]);
        message.messageId = ids.at(n);
        QueuedMessageRows::Row row{message.messageId, request.userId, request.recipient, decision.senderNames.at(i), request.text,
                                   request.encoding, request.segments, request.cost, request.currency, request.sandbox};
        if (request.receiptCredentialId) {
            row.receiptCredentialId = request.receiptCredentialId;
            row.receiptState = request.receiptOnFailureOnly ? waitingForFailure : waiting;
        }
        if (!request.callbackUrl.isEmpty())
            row.callbackUrl = request.callbackUrl;
        messages.add(row);
    }
    messages.flush();
}

void writeDebits(WalletLedger &ledger, const QList<SendRequest> &requests, const Decision &decision)
{
    QList<WalletLedger::Debit> debits;
    for (const qsizetype i : decision.accepted) {
        const SendRequest &request = requests.at(i);
        if (request.sandbox || request.cost <= 0)
            continue;
        const auto &message = std::get<AcceptedMessage>(decision.outcomes.at(i));
        debits.append({request.userId, request.cost, message.balanceAfter, QStringLiteral("message:%1").arg(message.messageId),
                       QStringLiteral("SMS to %1, %2 segment(s)").arg(request.recipient).arg(request.segments)});
    }
    ledger.recordDebits(WalletLedger::Category::Sms, debits);
}

// Locks each wallet before anything is decided: always exact, but the locks are held while the
// whole batch is written.
QList<AcceptOutcome> acceptWithEarlyLocks(SqlSession &session, const QList<SendRequest> &requests)
{
    WalletLedger ledger(session);
    Decision decision = decide(session, requests, [&ledger](qint64 userId) { return ledger.lockBalance(userId); });
    if (decision.accepted.isEmpty())
        return decision.outcomes;
    writeMessages(session, requests, decision);
    writeDebits(ledger, requests, decision);
    for (auto it = decision.debited.cbegin(); it != decision.debited.cend(); ++it)
        ledger.takeDebited(it.key(), it.value());
    return decision.outcomes;
}

// Decides on balances read without a lock and writes the messages, then takes each wallet with a
// conditional debit: the row locks are held only for the ledger entries and the commit, so the
// next batch of the same account writes its messages meanwhile. Nothing when a balance no longer
// covers the batch (or was short already); the caller then undoes the writes and locks early.
std::optional<QList<AcceptOutcome>> acceptWithLateLocks(SqlSession &session, const QList<SendRequest> &requests)
{
    WalletLedger ledger(session);
    Decision decision = decide(session, requests, [&ledger](qint64 userId) { return ledger.balance(userId); });
    if (decision.shortOfBalance)
        return std::nullopt; // refusals must name the balance as it is, under the lock
    if (decision.accepted.isEmpty())
        return decision.outcomes;
    writeMessages(session, requests, decision);

    QList<qint64> accounts = decision.debited.keys();
    std::sort(accounts.begin(), accounts.end()); // one lock order for every batch: no deadlocks
    for (const qint64 userId : std::as_const(accounts)) {
        const qint64 total = decision.debited.value(userId);
        const std::optional<qint64> after = ledger.takeDebitedIfCovered(userId, total);
        if (!after)
            return std::nullopt;
        // Each message's balance after it, counted from the balance the wallet really had.
        qint64 running = *after + total;
        for (const qsizetype i : std::as_const(decision.accepted)) {
            const SendRequest &request = requests.at(i);
            if (request.userId != userId)
                continue;
            if (!request.sandbox && request.cost > 0)
                running -= request.cost;
            std::get<AcceptedMessage>(decision.outcomes[i]).balanceAfter = running;
        }
    }
    writeDebits(ledger, requests, decision);
    return decision.outcomes;
}

} // namespace

QList<AcceptOutcome> MessageAcceptor::acceptAll(SqlSession &session, const QList<SendRequest> &requests)
{
    // A SQLite write transaction holds the whole database, so only PostgreSQL, where store
    // threads write side by side, gains from taking the wallets' locks late.
    if (session.engine() == Engine::Postgresql) {
        session.executeDirect(QStringLiteral("SAVEPOINT accept_late_locks"));
        const std::optional<QList<AcceptOutcome>> outcomes = acceptWithLateLocks(session, requests);
        if (!outcomes)
            session.executeDirect(QStringLiteral("ROLLBACK TO SAVEPOINT accept_late_locks"));
        session.executeDirect(QStringLiteral("RELEASE SAVEPOINT accept_late_locks"));
        if (outcomes)
            return *outcomes;
    }
    return acceptWithEarlyLocks(session, requests);
}

AcceptedMessage MessageAcceptor::accept(SqlSession &session, const SendRequest &request)
{
    const AcceptOutcome outcome = acceptAll(session, {request}).first();
    if (const auto *rejected = std::get_if<SendRejected>(&outcome))
        throw *rejected;
    return std::get<AcceptedMessage>(outcome);
}

} // namespace ogene
