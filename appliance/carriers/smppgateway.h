#pragma once

#include "carriers/carriermessageid.h"
#include "carriers/smppgatewaysettings.h"
#include "dispatch/gateway.h"
#include "dispatch/gatewaybatch.h"
#include "dispatch/ratemeter.h"
#include "smpp/pdu.h"

#include <QElapsedTimer>
#include <QHash>
#include <QPointer>
#include <QQueue>
#include <QTimer>

#include <memory>

namespace ogene {

class SmppClientSession;
class Store;

// An SMPP upstream gateway: Ogene binds as an ESME to a carrier's SMSC (one transceiver, or a
// transmitter and a receiver) and sends each message as submit_sm, long ones as UDH-concatenated
// parts, within the window and the throughput cap the carrier allows. The SMSC's answer decides:
// accepted (its message id is kept to match the receipt), rejected for good (failed and refunded),
// or throttled and passing faults (the dispatcher offers the message again, or to the next gateway).
// A lost link answers everything in flight as "retry", so nothing is lost, and the gateway binds
// again after a growing pause. Delivery receipts update the Message, their id matched in hex or
// decimal, and are answered only after the update committed.
class SmppGateway : public Gateway
{
    Q_OBJECT
public:
    SmppGateway(Store &store, const SmppGatewaySettings &settings, QObject *parent = nullptr);
    ~SmppGateway() override;

    QString name() const override { return m_settings.name; }
    QString webhookSecret() const override { return m_settings.webhookSecret; }
    void submit(const QList<OutboundMessage> &batch, Done done) override;
    bool isUp() const override;
    GatewayStatus status() const override;
    qint64 longestHoldMs() const override;

    void start();

private:
    struct Pending
    {
        std::shared_ptr<GatewayBatch> batch;
        qsizetype index = 0;
        qint64 messageId = 0;
        QList<smpp::ShortMessageBody> parts;
        qsizetype nextPart = 0;
        int partsWaiting = 0;
        QString lastCarrierId;
        qint64 queuedMs = 0;
        bool resolved = false;
    };
    using PendingPtr = std::shared_ptr<Pending>;
    struct Link
    {
        SmppClientSession *session = nullptr;
        int backoffMs = 0;
    };

    void pump();
    void schedulePump(qint64 afterMs);
    bool takeToken();
    void partAnswered(const PendingPtr &pending, const std::optional<smpp::Pdu> &answer);
    void resolve(const PendingPtr &pending, SubmitResult result);
    void expireQueued();
    void connectLink(Link &link);
    void linkLost(Link &link, const QString &reason);
    // A receipt to apply: its message when this gateway remembers the carrier id, else 0 and the
    // store looks it up. Answered (deliver_sm_resp) only once its update has committed.
    struct Receipt
    {
        QPointer<SmppClientSession> from;
        smpp::PduHeader header;
        qint64 messageId = 0;
        QString carrierId;
        QString stat;
        QString error;
        int attempt = 0;
    };

    void receiptArrived(SmppClientSession *session, const smpp::Pdu &deliverSm);
    void applyReceipts();
    void remember(const QString &carrierId, qint64 messageId);
    qint64 recall(const QString &carrierId) const;
    SmppClientSession *sender() const;

    Store &m_store;
    SmppGatewaySettings m_settings;
    Link m_transmit; // the transceiver, or the transmitter of a pair
    Link m_receive;  // the receiver of a pair; unused for a transceiver
    QQueue<PendingPtr> m_queue;  // messages with parts still to send
    qsizetype m_unresolved = 0;  // handed to this gateway, outcome not yet given
    QElapsedTimer m_clock;
    double m_tokens = 1;
    qint64 m_tokensAtMs = 0;
    qint64 m_pausedUntilMs = 0;
    QTimer m_pumpTimer;
    QTimer m_expiry;
    quint8 m_reference = 0;
    QString m_lastError;
    RateMeter m_sent;
    qint64 m_sentTotal = 0;
    qint64 m_rejectedTotal = 0;
    qint64 m_deferredTotal = 0;
    // Carrier ids of recently accepted messages → their Message id, in every reading: a receipt
    // can come before the dispatcher has recorded the submission.
    QHash<QString, qint64> m_recent;
    QQueue<QString> m_recentOrder;
    // Receipts wait here while one store job applies those before them: one job for many receipts.
    QList<Receipt> m_receipts;
    bool m_applyingReceipts = false;
};

} // namespace ogene
