#pragma once

#include "core/coalescedcall.h"
#include "smpp/pdu.h"

#include <QList>
#include <QObject>
#include <QTimer>

namespace ogene {

class SmppSession;
class SmppSessionRegistry;
class Store;
struct SmppSettings;

// A message's final state, as its delivery receipt tells it.
struct ReceiptFacts
{
    qint64 messageId = 0;
    QString status; // delivered or failed
    QString failureReason;
    QString recipient;
    QString sender;
    QString text;
    qint64 createdAt = 0;
    qint64 completedAt = 0;

    // The deliver_sm of SMPP 3.4 Appendix B: esm_class 0x04, the receipt text, and the
    // receipted_message_id and message_state TLVs. Its sequence number is the session's to set.
    smpp::Pdu toDeliverSm() const;
};

// Delivery receipts for SMPP clients. A message that asked for one (registered_delivery) keeps it
// waiting in the store until the message is final and a receiver or transceiver session of its
// credential is bound here; then it is claimed for a while (so no other node sends it too), sent
// as deliver_sm within the session's window, and marked sent once the client answers. A receipt
// the client refuses or never answers is offered again; one nobody binds for within
// SMPP_RECEIPT_EXPIRY_HOURS is dropped.
class SmppReceipts : public QObject
{
    Q_OBJECT
public:
    SmppReceipts(Store &store, SmppSessionRegistry &registry, const SmppSettings &settings, QObject *parent = nullptr);

    void start();
    // Look for due receipts now rather than at the next tick.
    void wake();

private:
    struct Claimed
    {
        qint64 credentialId = 0;
        ReceiptFacts facts;
    };
    void pump();
    void deliver(const QList<Claimed> &claimed);
    void answered(qint64 messageId, bool accepted);
    void flushAnswers();
    void expire();

    Store &m_store;
    SmppSessionRegistry &m_registry;
    const SmppSettings &m_settings;
    QTimer m_tick;
    QTimer m_expiry;
    bool m_pumping = false;
    bool m_moreDue = false; // the last claim filled every window
    CoalescedCall m_wake{this, [this] { pump(); }};
    QList<qint64> m_sent;
    QList<qint64> m_refused;
};

} // namespace ogene
