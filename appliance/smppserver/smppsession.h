#pragma once

#include "smpp/pdu.h"
#include "smppserver/smppsubmission.h"

#include <QElapsedTimer>
#include <QHash>
#include <QHostAddress>
#include <QObject>
#include <QPointer>
#include <QTcpSocket>
#include <QTimer>

namespace ogene {

struct SmppServerContext;

// One ESME connection: binds it, takes its submit_sm into the same acceptance path as REST sends,
// answers enquire_link and sends its own when the line goes quiet, and carries delivery receipts
// to it as deliver_sm within a window. Every submit_sm_resp goes out after its message committed.
class SmppSession : public QObject
{
    Q_OBJECT
public:
    enum class Mode { Unbound, Transmitter, Receiver, Transceiver };

    SmppSession(QTcpSocket *socket, SmppServerContext &context, QObject *parent = nullptr);
    ~SmppSession() override;

    qint64 credentialId() const { return m_account.credentialId; }
    qint64 userId() const { return m_account.userId; }
    Mode mode() const { return m_mode; }
    bool receives() const { return m_mode == Mode::Receiver || m_mode == Mode::Transceiver; }

    // Room for more receipts in this session's window.
    int freeReceiptSlots() const;
    void sendReceipt(qint64 messageId, const smpp::Pdu &deliverSm);
    // Ends the session from the server's side: unbind, then close (at once if the client does not answer).
    void unbindAndClose();

Q_SIGNALS:
    // The client's answer to a receipt: accepted, or to be offered again later.
    void receiptAnswered(qint64 messageId, bool accepted);
    void closed();

private:
    using Submission = SmppSubmission::Part;
    struct Assembly
    {
        QHash<quint8, QString> texts;      // sequence → text of that part
        QList<smpp::PduHeader> waiting;    // parts not yet answered
        Submission first;                  // the first part's send, for the whole
        qint64 startedMs = 0;
    };

    void readIncoming();
    void handle(const smpp::Pdu &pdu);
    void handleBind(const smpp::Pdu &pdu);
    void finishBind(const smpp::Pdu &request, Mode mode, quint32 status);
    void handleSubmit(const smpp::Pdu &pdu);
    void handlePart(const smpp::PduHeader &header, const Submission &part);
    void accept(const SendRequest &request, QList<smpp::PduHeader> answerTo);
    void handleResponse(const smpp::Pdu &pdu);
    void dropStaleAssemblies();
    bool throttled();

    void send(const smpp::Pdu &pdu);
    void answer(const smpp::PduHeader &request, quint32 status, smpp::Pdu::Body body = {});
    // No longer counted as a bound session of its credential, nor offered receipts.
    void leaveRegistry();
    void closeAfterWrite();
    void closeNow();
    void checkTimers();
    quint32 nextSequence();

    QPointer<QTcpSocket> m_socket;
    SmppServerContext &m_context;
    QHostAddress m_peer;
    QByteArray m_incoming;
    Mode m_mode = Mode::Unbound;
    bool m_binding = false;
    bool m_closing = false; // no more work taken; the socket is on its way down
    bool m_ended = false;
    bool m_registered = false;
    SmppAccount m_account;
    int m_submitPerSecond = 0;
    qint64 m_throttleSecond = 0;
    int m_submitsThisSecond = 0;
    quint32 m_sequence = 0;

    struct Outstanding
    {
        qint64 messageId = 0; // 0 for the server's own enquire_link or unbind
        qint64 sentMs = 0;
    };
    QHash<quint32, Outstanding> m_outstanding; // sequence → what the client owes an answer to
    int m_receiptsOutstanding = 0;
    QHash<QString, Assembly> m_assemblies;
    QElapsedTimer m_lastHeard;
    QTimer m_timer;
};

} // namespace ogene
