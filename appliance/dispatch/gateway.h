#pragma once

#include <QList>
#include <QObject>
#include <QString>

#include <functional>

namespace ogene {

// A message handed to a gateway.
struct OutboundMessage
{
    qint64 id = 0;
    QString recipient;
    QString sender;
    QString text;
    int segments = 0;
    bool sandbox = false;
};

// What a gateway did with one message.
struct SubmitResult
{
    enum class Outcome {
        Accepted, // taken by the carrier side; gatewayMessageId names it there
        Rejected, // refused for good before the carrier took it: failed and refunded
        Retry     // throttled or a passing fault: offered again later
    };
    Outcome outcome = Outcome::Accepted;
    QString gatewayMessageId;
    QString reason;
};

// What GET /api/admin/gateways shows of one gateway.
struct GatewayStatus
{
    QString type;      // simulator, smpp, kannel
    QString state;     // up, connecting, down
    int inFlight = 0;  // handed to the gateway, outcome not yet known
    double sentPerSecond = 0;
    qint64 sentTotal = 0;
    qint64 rejectedTotal = 0; // refused for good (failed and refunded), since start
    qint64 deferredTotal = 0; // turned away for now (throttled, busy, link down), since start
    QString lastError; // empty when none
};

// A way out to carriers. Submissions are asynchronous: done gets one result per message, in order.
class Gateway : public QObject
{
    Q_OBJECT
public:
    using Done = std::function<void(QList<SubmitResult>)>;

    using QObject::QObject;
    virtual QString name() const = 0;
    // The secret that its delivery-report callbacks must carry; empty refuses every callback.
    virtual QString webhookSecret() const = 0;
    // True when the ids this gateway reports by are Ogene's own message ids, so a report that
    // arrives before the send is recorded can still find its message.
    virtual bool reportsByMessageId() const { return false; }
    virtual void submit(const QList<OutboundMessage> &batch, Done done) = 0;
    // Whether the gateway can take messages now; routing passes over one that cannot.
    virtual bool isUp() const { return true; }
    virtual GatewayStatus status() const = 0;
    // The longest a submitted message may wait here before done answers for it. The dispatcher's
    // claim on a message must outlast it, or another node could take the message and send it twice.
    virtual qint64 longestHoldMs() const { return 0; }
};

} // namespace ogene
