#pragma once

#include "core/coalescedcall.h"
#include "dispatch/gateway.h"

#include <QObject>
#include <QTimer>

namespace ogene {

class GatewayRegistry;
class Store;

// Moves accepted messages from the outbound queue to their gateways. It claims a batch (for a
// while, so a node that dies leaves its claims to be taken again; on PostgreSQL with SKIP LOCKED,
// so nodes never claim the same row), hands each message to its gateway, and records the outcome:
// sent, failed and refunded, or back in the queue for later. A message leaves the queue only when
// its outcome is committed, and moves from queued to sent only once.
class Dispatcher : public QObject
{
    Q_OBJECT
public:
    Dispatcher(Store &store, GatewayRegistry &gateways, QObject *parent = nullptr);

    // How long a message that gateways keep turning away for now stays in the queue before it
    // fails and is refunded.
    void setRetryAge(qint64 ms) { m_retryAgeMs = ms; }
    // How long a claim on queued messages lasts (QUEUE_CLAIM_SECONDS): what a node that dies
    // leaves behind waits this long for another node. Never shorter than the gateways may hold a
    // message, plus a margin for recording the outcome.
    void setClaimLease(qint64 ms) { m_claimLeaseMs = ms; }
    qint64 claimLeaseMs() const;
    void start();
    // New work is waiting: look soon, without waiting for the next tick.
    void wake();

private:
    void pump();
    // A claimed message and the gateways it may still try, first choice first.
    struct Routed
    {
        OutboundMessage message;
        QStringList remaining;
        QString lastReason; // why the last gateway tried did not take it
    };

    void deliver(const QList<OutboundMessage> &claimed);
    void send(const QList<Routed> &routed);
    void record(const QList<Routed> &batch, const QString &gateway, const QList<SubmitResult> &results);

    Store &m_store;
    GatewayRegistry &m_gateways;
    QTimer m_tick;
    int m_claimsInFlight = 0;
    qint64 m_retryAgeMs = 6 * 3600 * 1000;
    qint64 m_claimLeaseMs = 60 * 1000;
    CoalescedCall m_wake{this, [this] { pump(); }};
};

} // namespace ogene
