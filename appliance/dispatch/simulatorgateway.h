#pragma once

#include "dispatch/gateway.h"

#include <QTimer>

namespace ogene {

class Store;

// The built-in carrier simulator, and the default gateway: it takes every message at once, then
// after a configurable delay reports it delivered, or failed (UNDELIV) for a configurable share.
// Its reports come from the messages table itself, so a restart loses none, and on several nodes
// any node reports a message another node sent (each due message is taken by one node only).
class SimulatorGateway : public Gateway
{
    Q_OBJECT
public:
    static constexpr const char *Name = "simulator";

    SimulatorGateway(Store &store, qint64 deliveryDelayMs, int failurePercent, QString webhookSecret,
                     QObject *parent = nullptr);

    QString name() const override { return QString::fromLatin1(Name); }
    QString webhookSecret() const override { return m_webhookSecret; }
    void submit(const QList<OutboundMessage> &batch, Done done) override;
    GatewayStatus status() const override;

    void start();
    // With a node name (NODE_NAME) its message ids say which node took each message: sim-NODE-….
    void setNodeName(const QString &node) { m_idPrefix = node.isEmpty() ? QStringLiteral("sim-") : QStringLiteral("sim-%1-").arg(node); }

private:
    void reportDue();

    Store &m_store;
    qint64 m_deliveryDelayMs;
    int m_failurePercent;
    QString m_webhookSecret;
    QString m_idPrefix = QStringLiteral("sim-");
    QString m_runId; // the start time and a random part: ids stay unique across restarts
    QTimer m_reportTimer;
    bool m_reporting = false;
    qint64 m_sentTotal = 0;
    qint64 m_lastId = 0;
};

} // namespace ogene
