#pragma once

#include <QList>
#include <QString>

#include <stdexcept>
#include <variant>

namespace ogene {

class SqlSession;

// One message to accept: already validated, normalised and priced.
struct SendRequest
{
    qint64 userId = 0;
    QString recipient; // E.164
    QString senderName;
    QString text;
    QString encoding;
    int segments = 0;
    qint64 cost = 0; // minor units: segments × price per segment
    QString currency;
    bool sandbox = false;
    // The SMPP credential that asked for a delivery receipt (registered_delivery); 0 for none.
    qint64 receiptCredentialId = 0;
    bool receiptOnFailureOnly = false;
    QString callbackUrl; // where this message's own notifications go; empty: the account's webhook
};

struct AcceptedMessage
{
    qint64 messageId = 0;
    qint64 balanceAfter = 0;
};

// Why a message was refused; each way in (REST, SMPP, campaigns) says it in its own terms.
class SendRejected : public std::runtime_error
{
public:
    enum class Reason { UnknownSender, InsufficientBalance };

    SendRejected(Reason reason, qint64 required = 0, qint64 available = 0)
        : std::runtime_error("send rejected")
        , reason(reason)
        , required(required)
        , available(available)
    {
    }

    Reason reason;
    qint64 required;
    qint64 available;
};

using AcceptOutcome = std::variant<AcceptedMessage, SendRejected>;

// Accepts messages inside the caller's transaction. For each, in order: the sender ID must be
// approved for the account, and the wallet must cover the cost (sandbox messages are not
// charged); an accepted message is written with its ledger entry and its place in the outbound
// queue, a refused one leaves no trace. A batch reads each account's balance and sender IDs once
// and moves each wallet once, which is what makes group commit of sends cheap.
class MessageAcceptor
{
public:
    static QList<AcceptOutcome> acceptAll(SqlSession &session, const QList<SendRequest> &requests);
    // One message; throws SendRejected, having written nothing.
    static AcceptedMessage accept(SqlSession &session, const SendRequest &request);
};

} // namespace ogene
