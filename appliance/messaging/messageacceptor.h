#pragma once

#include <QString>

#include <stdexcept>

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

// Accepts a message inside the caller's transaction: checks the sender ID is approved for the
// account, debits the wallet (not for sandbox messages), and writes the message, its ledger entry
// and its place in the outbound queue. Throws SendRejected, having written nothing.
class MessageAcceptor
{
public:
    static AcceptedMessage accept(SqlSession &session, const SendRequest &request);
};

} // namespace ogene
