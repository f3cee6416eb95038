#include "dispatch/simulatorgateway.h"

#include "auth/secrettoken.h"
#include "dispatch/deliveryreports.h"
#include "store/store.h"

#include <ogene/timestamp.h>

#include <QRandomGenerator>

namespace ogene {
namespace {
constexpr int ReportsPerRound = 2000;
constexpr int ReportIntervalMs = 100;
} // namespace

SimulatorGateway::SimulatorGateway(Store &store, qint64 deliveryDelayMs, int failurePercent, QString webhookSecret,
                                   QObject *parent)
    : Gateway(parent)
    , m_store(store)
    , m_deliveryDelayMs(deliveryDelayMs)
    , m_failurePercent(failurePercent)
    , m_webhookSecret(std::move(webhookSecret))
{
    // Ids in increasing order, as many carriers issue them: each lands at the end of the
    // (gateway, gateway_message_id) index, where a random id would dirty a page of it per message.
    // The start time and a random part keep them unique across restarts and nodes.
    m_runId = QStringLiteral("%1%2-").arg(nowMs(), 11, 16, QLatin1Char('0')).arg(SecretToken::randomBase62(4));
    m_reportTimer.setInterval(ReportIntervalMs);
    connect(&m_reportTimer, &QTimer::timeout, this, &SimulatorGateway::reportDue);
}

void SimulatorGateway::start()
{
    m_reportTimer.start();
}

void SimulatorGateway::submit(const QList<OutboundMessage> &batch, Done done)
{
    QList<SubmitResult> results;
    results.reserve(batch.size());
    for (qsizetype i = 0; i < batch.size(); ++i)
        results.append({SubmitResult::Outcome::Accepted,
                        m_idPrefix + m_runId + QStringLiteral("%1").arg(++m_lastId, 10, 16, QLatin1Char('0')), {}});
    m_sentTotal += batch.size();
    done(results);
}

GatewayStatus SimulatorGateway::status() const
{
    GatewayStatus status;
    status.type = QStringLiteral("simulator");
    status.state = QStringLiteral("up");
    status.sentTotal = m_sentTotal;
    return status;
}

void SimulatorGateway::reportDue()
{
    if (m_reporting)
        return;
    m_reporting = true;
    const QString gateway = name();
    const qint64 dueBefore = nowMs() - m_deliveryDelayMs;
    const int failurePercent = m_failurePercent;
    m_store.run<int>(
        this,
        [gateway, dueBefore, failurePercent](SqlSession &session) {
            // On PostgreSQL the rows are locked and those another node is reporting skipped: without
            // that two nodes would report the same messages, and notify their clients twice.
            QString select = QStringLiteral("SELECT id FROM messages WHERE status = 'sent' AND gateway = ? AND sent_at <= ? "
                                            "ORDER BY sent_at LIMIT ?");
            if (session.engine() == Engine::Postgresql)
                select += QStringLiteral(" FOR UPDATE SKIP LOCKED");
            const QList<QVariantList> due = session.rows(select, {gateway, dueBefore, ReportsPerRound});
            QList<qint64> delivered, failed;
            for (const QVariantList &row : due)
                (int(QRandomGenerator::global()->bounded(100)) < failurePercent ? failed : delivered).append(row[0].toLongLong());
            DeliveryReports::applyToMessages(session, delivered, QStringLiteral("DELIVRD"), QStringLiteral("000"));
            DeliveryReports::applyToMessages(session, failed, QStringLiteral("UNDELIV"), QStringLiteral("001"));
            return int(due.size());
        },
        [this](Outcome<int> outcome) {
            m_reporting = false;
            if (outcome.ok() && *outcome.value == ReportsPerRound)
                reportDue(); // more are due: keep up without waiting for the timer
        });
}

} // namespace ogene
