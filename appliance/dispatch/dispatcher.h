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

    void start();
    // New work is waiting: look soon, without waiting for the next tick.
    void wake();

private:
    void pump();
    void deliver(const QList<OutboundMessage> &claimed);
    void record(const QList<OutboundMessage> &batch, const QString &gateway, const QList<SubmitResult> &results);

    Store &m_store;
    GatewayRegistry &m_gateways;
    QTimer m_tick;
    int m_claimsInFlight = 0;
    CoalescedCall m_wake{this, [this] { pump(); }};
};

} // namespace ogene
