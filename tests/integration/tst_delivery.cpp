// Delivery: dispatch to the simulator gateway, its delivery reports, restart safety, DLR webhooks and sandbox sends.
#include "apiclient.h"
#include "applianceprocess.h"
#include "testdatabase.h"

#include <QDateTime>
#include <QHash>
#include <QJsonDocument>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>
#include <QUrlQuery>

#include <memory>

namespace {

const QString Recipient = QStringLiteral("+2348031234567");
const QByteArray WebhookSecret = "s3cret";
const QString WebhookPath = QStringLiteral("/api/webhooks/simulator/dlr");
constexpr int QuickDelayMs = 200;
constexpr int SettleTimeoutMs = 15000;
constexpr qint64 ClaimLeaseMs = 60 * 1000; // how long the dispatcher holds a claim (dispatcher.cpp)

QJsonObject smsBody(const QString &text = QStringLiteral("hello"))
{
    return {{QStringLiteral("recipient"), Recipient}, {QStringLiteral("sender_id"), QStringLiteral("Ogene")},
            {QStringLiteral("message"), text}};
}

// A message as compact JSON, so a comparison that fails shows both sides.
QByteArray compact(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

qint64 epochMs(const QJsonValue &isoTimestamp)
{
    const QDateTime instant = QDateTime::fromString(isoTimestamp.toString(), Qt::ISODateWithMs);
    return instant.isValid() ? instant.toMSecsSinceEpoch() : -1;
}

} // namespace

class DeliveryTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();

    // The simulator gateway.
    void dispatcherHandsAQueuedMessageToTheGateway();
    void simulatorReportsASentMessageDeliveredAfterTheDelay();
    void simulatorFailingEverythingFailsMessagesWithoutRefund();
    void updatedAtMovesForwardWithEachStatusChange();
    void restartDeliversEveryMessageExactlyOnce();

    // The DLR webhook.
    void jsonReportWithHeaderSecretDeliversTheMessage();
    void kannelStyleGetWithQueryStringDeliversTheMessage();
    void formEncodedReportDeliversTheMessage();
    void failureStatusesFailTheMessageWithAReason_data();
    void failureStatusesFailTheMessageWithAReason();
    void intermediateStatusesChangeNothing_data();
    void intermediateStatusesChangeNothing();
    void repeatedDeliveredReportIsHarmless();
    void finalStatusNeverMovesBack();
    void wrongOrMissingSecretIsRefusedAndChangesNothing();
    void applianceWithoutASecretRefusesEveryReport();
    void unknownGatewayIs404();
    void unknownMessageIdIs404();
    void missingMsgidOrStatusIs422();
    void unknownStatusWordIs422();
    void webhookCallsAreNotRateLimitedPerAddress();

    // Sandbox keys.
    void sandboxSendIsPricedButNotCharged();
    void sandboxSendWorksFromAnEmptyWallet();

private:
    struct SentMessage
    {
        qint64 id = 0;
        QString gatewayMessageId;
    };

    QJsonObject messageOf(ApiClient &api, const QString &token, qint64 id);
    QString statusOf(ApiClient &api, const QString &token, qint64 id) { return messageOf(api, token, id).value(QStringLiteral("status")).toString(); }
    // The wallet balance in minor units (kobo), read from the API's decimal number.
    qint64 balanceOf(ApiClient &api, const QString &token);
    // Sends one message on the webhook appliance and waits until the simulator has taken it.
    void sendAndAwaitSent(SentMessage &sent);
    ApiReply postReport(const QJsonObject &fields, const QByteArray &secret = WebhookSecret,
                        const QString &path = WebhookPath);
    QJsonObject webhookMessage(qint64 id) { return messageOf(*m_webhookApi, m_webhookClient.token, id); }

    // Short simulator delay, no webhook secret: the simulator reports everything itself.
    TestDatabase m_quickDatabase;
    std::unique_ptr<ApplianceProcess> m_quick;
    std::unique_ptr<ApiClient> m_quickApi;
    QString m_quickAdmin;
    ApiClient::Account m_quickClient;

    // A simulator that never reports in time, and a webhook secret: reports come from the test.
    TestDatabase m_webhookDatabase;
    std::unique_ptr<ApplianceProcess> m_webhook;
    std::unique_ptr<ApiClient> m_webhookApi;
    QString m_webhookAdmin;
    ApiClient::Account m_webhookClient;
};

void DeliveryTest::initTestCase()
{
    QVERIFY2(m_quickDatabase.isValid(), qPrintable(m_quickDatabase.error()));
    m_quick = std::make_unique<ApplianceProcess>(m_quickDatabase.url());
    m_quick->setEnv(QStringLiteral("OGENE_SIMULATOR_DELIVERY_DELAY_MS"), QString::number(QuickDelayMs));
    QVERIFY2(m_quick->start(), qPrintable(m_quick->output()));
    m_quickApi = std::make_unique<ApiClient>(m_quick->baseUrl());
    m_quickAdmin = m_quickApi->adminToken();
    QVERIFY(!m_quickAdmin.isEmpty());
    m_quickClient = m_quickApi->readyClient(m_quickAdmin, QStringLiteral("1000"));
    QVERIFY(!m_quickClient.token.isEmpty());

    QVERIFY2(m_webhookDatabase.isValid(), qPrintable(m_webhookDatabase.error()));
    m_webhook = std::make_unique<ApplianceProcess>(m_webhookDatabase.url());
    m_webhook->setEnv(QStringLiteral("OGENE_SIMULATOR_DELIVERY_DELAY_MS"), QStringLiteral("600000"));
    m_webhook->setEnv(QStringLiteral("OGENE_SIMULATOR_WEBHOOK_SECRET"), QString::fromLatin1(WebhookSecret));
    QVERIFY2(m_webhook->start(), qPrintable(m_webhook->output()));
    m_webhookApi = std::make_unique<ApiClient>(m_webhook->baseUrl());
    m_webhookAdmin = m_webhookApi->adminToken();
    QVERIFY(!m_webhookAdmin.isEmpty());
    m_webhookClient = m_webhookApi->readyClient(m_webhookAdmin, QStringLiteral("1000"));
    QVERIFY(!m_webhookClient.token.isEmpty());
}

QJsonObject DeliveryTest::messageOf(ApiClient &api, const QString &token, qint64 id)
{
    return api.get(QStringLiteral("/api/client/sms/status/%1").arg(id), token).data();
}

qint64 DeliveryTest::balanceOf(ApiClient &api, const QString &token)
{
    const ApiReply reply = api.get(QStringLiteral("/api/client/balance"), token);
    return reply.status == 200 ? qRound64(reply.json.value(QStringLiteral("balance")).toDouble() * 100) : -1;
}

void DeliveryTest::sendAndAwaitSent(SentMessage &sent)
{
    const ApiReply reply = m_webhookApi->post(QStringLiteral("/api/client/sms/send"), smsBody(), m_webhookClient.token);
    QVERIFY2(reply.status == 201, qPrintable(reply.describe()));
    sent.id = reply.data().value(QStringLiteral("message_id")).toInteger();
    QVERIFY(sent.id > 0);
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(*m_webhookApi, m_webhookClient.token, sent.id), QStringLiteral("sent"), SettleTimeoutMs);
    sent.gatewayMessageId =
        scalar(m_webhookDatabase.connection(), QStringLiteral("SELECT gateway_message_id FROM messages WHERE id = ?"), {sent.id})
            .toString();
    QVERIFY(!sent.gatewayMessageId.isEmpty());
}

ApiReply DeliveryTest::postReport(const QJsonObject &fields, const QByteArray &secret, const QString &path)
{
    QList<QPair<QByteArray, QByteArray>> headers;
    if (!secret.isNull())
        headers.append({"X-Ogene-Webhook-Secret", secret});
    return m_webhookApi->send("POST", path, QJsonDocument(fields).toJson(QJsonDocument::Compact), {}, headers);
}

// --- The simulator gateway -------------------------------------------------------------------

void DeliveryTest::dispatcherHandsAQueuedMessageToTheGateway()
{
    const ApiReply reply = m_webhookApi->post(QStringLiteral("/api/client/sms/send"), smsBody(), m_webhookClient.token);
    QVERIFY2(reply.status == 201, qPrintable(reply.describe()));
    QCOMPARE(reply.data().value(QStringLiteral("status")).toString(), QStringLiteral("queued"));
    const qint64 id = reply.data().value(QStringLiteral("message_id")).toInteger();

    QTRY_COMPARE_WITH_TIMEOUT(statusOf(*m_webhookApi, m_webhookClient.token, id), QStringLiteral("sent"), SettleTimeoutMs);
    const QJsonObject message = webhookMessage(id);
    QVERIFY(epochMs(message.value(QStringLiteral("sent_at"))) >= epochMs(message.value(QStringLiteral("created_at"))));
    QVERIFY(message.value(QStringLiteral("completed_at")).isNull());
    QVERIFY(message.value(QStringLiteral("failure_reason")).isNull());

    QSqlDatabase db = m_webhookDatabase.connection();
    QCOMPARE(scalar(db, QStringLiteral("SELECT gateway FROM messages WHERE id = ?"), {id}).toString(), QStringLiteral("simulator"));
    QVERIFY(scalar(db, QStringLiteral("SELECT gateway_message_id FROM messages WHERE id = ?"), {id}).toString().startsWith(
        QLatin1String("sim-")));
    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(*) FROM messages WHERE id = ? AND status = 'queued'"), {id}).toInt(), 0);

    // The simulator waits its (long) delay before reporting: the message stays sent.
    QTest::qWait(500);
    QCOMPARE(statusOf(*m_webhookApi, m_webhookClient.token, id), QStringLiteral("sent"));
}

void DeliveryTest::simulatorReportsASentMessageDeliveredAfterTheDelay()
{
    const ApiReply reply = m_quickApi->post(QStringLiteral("/api/client/sms/send"), smsBody(), m_quickClient.token);
    QVERIFY2(reply.status == 201, qPrintable(reply.describe()));
    const qint64 id = reply.data().value(QStringLiteral("message_id")).toInteger();

    QTRY_COMPARE_WITH_TIMEOUT(statusOf(*m_quickApi, m_quickClient.token, id), QStringLiteral("delivered"), SettleTimeoutMs);
    const QJsonObject message = messageOf(*m_quickApi, m_quickClient.token, id);
    QVERIFY(message.value(QStringLiteral("failure_reason")).isNull());
    const qint64 sentAt = epochMs(message.value(QStringLiteral("sent_at")));
    const qint64 completedAt = epochMs(message.value(QStringLiteral("completed_at")));
    QVERIFY2(sentAt > 0, qPrintable(message.value(QStringLiteral("sent_at")).toString()));
    QVERIFY2(completedAt > 0, qPrintable(message.value(QStringLiteral("completed_at")).toString()));
    QVERIFY2(completedAt - sentAt >= QuickDelayMs, qPrintable(QStringLiteral("reported after %1 ms").arg(completedAt - sentAt)));
    QCOMPARE(epochMs(message.value(QStringLiteral("updated_at"))), completedAt);

    QSqlDatabase db = m_quickDatabase.connection();
    QCOMPARE(scalar(db, QStringLiteral("SELECT gateway FROM messages WHERE id = ?"), {id}).toString(), QStringLiteral("simulator"));
    QVERIFY(!scalar(db, QStringLiteral("SELECT gateway_message_id FROM messages WHERE id = ?"), {id}).toString().isEmpty());
}

void DeliveryTest::simulatorFailingEverythingFailsMessagesWithoutRefund()
{
    TestDatabase database;
    QVERIFY2(database.isValid(), qPrintable(database.error()));
    ApplianceProcess appliance(database.url());
    appliance.setEnv(QStringLiteral("OGENE_SIMULATOR_DELIVERY_DELAY_MS"), QString::number(QuickDelayMs));
    appliance.setEnv(QStringLiteral("OGENE_SIMULATOR_FAILURE_PERCENT"), QStringLiteral("100"));
    QVERIFY2(appliance.start(), qPrintable(appliance.output()));
    ApiClient api(appliance.baseUrl());
    const QString admin = api.adminToken();
    const ApiClient::Account client = api.readyClient(admin, QStringLiteral("100"));

    QList<qint64> ids;
    for (int i = 0; i < 3; ++i) {
        const ApiReply reply = api.post(QStringLiteral("/api/client/sms/send"), smsBody(), client.token);
        QVERIFY2(reply.status == 201, qPrintable(reply.describe()));
        ids.append(reply.data().value(QStringLiteral("message_id")).toInteger());
    }
    const qint64 charged = balanceOf(api, client.token);
    QCOMPARE(charged, qint64(10000 - 3 * 400));

    for (const qint64 id : std::as_const(ids)) {
        QTRY_COMPARE_WITH_TIMEOUT(statusOf(api, client.token, id), QStringLiteral("failed"), SettleTimeoutMs);
        const QJsonObject message = messageOf(api, client.token, id);
        QCOMPARE(message.value(QStringLiteral("failure_reason")).toString(), QStringLiteral("UNDELIV (err 001)"));
        QVERIFY(epochMs(message.value(QStringLiteral("completed_at"))) > 0);
    }

    // A carrier's failure report is not a refusal before sending: the wallet keeps the charge.
    QCOMPARE(balanceOf(api, client.token), charged);
    QSqlDatabase db = database.connection();
    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(*) FROM wallet_transactions WHERE user_id = ? AND category = 'refund'"),
                    {client.id})
                 .toInt(),
             0);
    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(*) FROM wallet_transactions WHERE user_id = ? AND category = 'sms'"), {client.id})
                 .toInt(),
             3);
}

void DeliveryTest::updatedAtMovesForwardWithEachStatusChange()
{
    SentMessage sent;
    sendAndAwaitSent(sent);
    if (QTest::currentTestFailed())
        return;
    const QJsonObject asSent = webhookMessage(sent.id);
    const qint64 createdAt = epochMs(asSent.value(QStringLiteral("created_at")));
    const qint64 sentUpdatedAt = epochMs(asSent.value(QStringLiteral("updated_at")));
    QVERIFY(createdAt > 0);
    QVERIFY(sentUpdatedAt >= createdAt);
    QCOMPARE(sentUpdatedAt, epochMs(asSent.value(QStringLiteral("sent_at"))));

    QTest::qWait(5); // so the next change cannot fall in the same millisecond
    const ApiReply reply =
        postReport({{QStringLiteral("msgid"), sent.gatewayMessageId}, {QStringLiteral("status"), QStringLiteral("DELIVRD")},
                    {QStringLiteral("err"), QStringLiteral("000")}});
    QVERIFY2(reply.status == 200, qPrintable(reply.describe()));
    const QJsonObject asDelivered = webhookMessage(sent.id);
    const qint64 deliveredUpdatedAt = epochMs(asDelivered.value(QStringLiteral("updated_at")));
    QVERIFY2(deliveredUpdatedAt > sentUpdatedAt, qPrintable(QStringLiteral("%1 <= %2").arg(deliveredUpdatedAt).arg(sentUpdatedAt)));
    QCOMPARE(deliveredUpdatedAt, epochMs(asDelivered.value(QStringLiteral("completed_at"))));
    QCOMPARE(epochMs(asDelivered.value(QStringLiteral("created_at"))), createdAt);

    // Reports that change nothing leave updated_at alone.
    QTest::qWait(5);
    for (const QString &status : {QStringLiteral("DELIVRD"), QStringLiteral("UNDELIV"), QStringLiteral("ENROUTE")})
        QCOMPARE(postReport({{QStringLiteral("msgid"), sent.gatewayMessageId}, {QStringLiteral("status"), status}}).status, 200);
    QCOMPARE(epochMs(webhookMessage(sent.id).value(QStringLiteral("updated_at"))), deliveredUpdatedAt);
}

void DeliveryTest::restartDeliversEveryMessageExactlyOnce()
{
    constexpr int Messages = 50;
    TestDatabase database;
    QVERIFY2(database.isValid(), qPrintable(database.error()));
    QList<qint64> ids;
    qint64 clientId = 0;
    {
        ApplianceProcess first(database.url());
        first.setEnv(QStringLiteral("OGENE_SIMULATOR_DELIVERY_DELAY_MS"), QStringLiteral("600000"));
        QVERIFY2(first.start(), qPrintable(first.output()));
        ApiClient api(first.baseUrl());
        const ApiClient::Account client = api.readyClient(api.adminToken(), QStringLiteral("1000"));
        QVERIFY(!client.token.isEmpty());
        clientId = client.id;
        for (int i = 0; i < Messages; ++i) {
            const ApiReply reply =
                api.post(QStringLiteral("/api/client/sms/send"), smsBody(QStringLiteral("restart %1").arg(i)), client.token);
            QVERIFY2(reply.status == 201, qPrintable(reply.describe()));
            ids.append(reply.data().value(QStringLiteral("message_id")).toInteger());
        }
        first.kill();
        QVERIFY(!first.isRunning());
    }

    // As the killed appliance left it: a queued message is still available to the queue, a sent
    // one has its gateway id, and none has gone further.
    QSqlDatabase db = database.connection();
    QHash<qint64, QString> sentBeforeRestart;
    int queuedAtKill = 0;
    {
        QSqlQuery query(db);
        QVERIFY2(query.exec(QStringLiteral("SELECT id, status, gateway_message_id, available_at FROM messages ORDER BY id")),
                 qPrintable(query.lastError().text()));
        int rows = 0;
        while (query.next()) {
            ++rows;
            const qint64 id = query.value(0).toLongLong();
            const QString status = query.value(1).toString();
            if (status == QLatin1String("queued")) {
                ++queuedAtKill;
                QVERIFY2(query.value(3).toLongLong() > 0,
                         qPrintable(QStringLiteral("queued message %1 was never made available").arg(id)));
            } else {
                QVERIFY2(status == QLatin1String("sent"), qPrintable(QStringLiteral("message %1 is %2").arg(id).arg(status)));
                QVERIFY(!query.value(2).toString().isEmpty());
                sentBeforeRestart.insert(id, query.value(2).toString());
            }
        }
        QCOMPARE(rows, Messages);
    }
    // A message the killed appliance had claimed but not yet recorded stays claimed for the lease,
    // a minute at most from when it was claimed.
    const qint64 afterKill = QDateTime::currentMSecsSinceEpoch();
    QList<qint64> leased;
    {
        QSqlQuery query(db);
        query.prepare(QStringLiteral("SELECT id, claimed_until FROM messages WHERE status = 'queued' AND claimed_until > ?"));
        query.addBindValue(afterKill);
        QVERIFY2(query.exec(), qPrintable(query.lastError().text()));
        while (query.next()) {
            leased.append(query.value(0).toLongLong());
            QVERIFY2(query.value(1).toLongLong() <= afterKill + ClaimLeaseMs,
                     qPrintable(QStringLiteral("claimed until %1 ms after the kill").arg(query.value(1).toLongLong() - afterKill)));
        }
    }
    qInfo("at kill: %d queued (%d of them claimed), %d sent", queuedAtKill, int(leased.size()), int(sentBeforeRestart.size()));

    ApplianceProcess second(database.url());
    second.setEnv(QStringLiteral("OGENE_SIMULATOR_DELIVERY_DELAY_MS"), QString::number(QuickDelayMs));
    QVERIFY2(second.start(), qPrintable(second.output()));
    const QString deliveredCount = QStringLiteral("SELECT COUNT(*) FROM messages WHERE status = 'delivered'");
    // SQLite serves a single node, so the restarted appliance releases the dead one's claims at once;
    // on PostgreSQL another live node may hold them, so they wait out their lease.
    const bool claimsReleasedAtStart = TestDatabase::engine() == QLatin1String("sqlite");
    QTRY_COMPARE_WITH_TIMEOUT(scalar(db, deliveredCount).toInt(), Messages - (claimsReleasedAtStart ? 0 : int(leased.size())),
                              SettleTimeoutMs);

    if (!leased.isEmpty() && !claimsReleasedAtStart) {
        // The new appliance respects a claim it did not make while the claim lasts...
        for (const qint64 id : std::as_const(leased)) {
            QCOMPARE(scalar(db, QStringLiteral("SELECT status FROM messages WHERE id = ?"), {id}).toString(), QStringLiteral("queued"));
        }
        // ...and takes it once it lapses. Rather than wait out the minute, the test lets it lapse now.
        for (const qint64 id : std::as_const(leased)) {
            QSqlQuery lapse(db);
            lapse.prepare(QStringLiteral("UPDATE messages SET claimed_until = ? WHERE id = ?"));
            lapse.addBindValue(QDateTime::currentMSecsSinceEpoch());
            lapse.addBindValue(id);
            QVERIFY2(lapse.exec(), qPrintable(lapse.lastError().text()));
        }
        QTRY_COMPARE_WITH_TIMEOUT(scalar(db, deliveredCount).toInt(), Messages, SettleTimeoutMs);
    }

    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(*) FROM messages WHERE status = 'queued'")).toInt(), 0);
    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(*) FROM messages WHERE gateway_message_id IS NULL OR gateway_message_id = ''"))
                 .toInt(),
             0);
    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(DISTINCT gateway_message_id) FROM messages")).toInt(), Messages);
    {
        // A message sent before the kill kept the gateway id it had: it was not sent again.
        QSqlQuery query(db);
        QVERIFY(query.exec(QStringLiteral("SELECT id, gateway_message_id FROM messages")));
        while (query.next()) {
            const qint64 id = query.value(0).toLongLong();
            if (sentBeforeRestart.contains(id))
                QCOMPARE(query.value(1).toString(), sentBeforeRestart.value(id));
        }
    }
    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(*) FROM wallet_transactions WHERE category = 'sms'")).toInt(), Messages);
    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(DISTINCT reference) FROM wallet_transactions WHERE category = 'sms'")).toInt(),
             Messages);
    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(*) FROM wallet_transactions WHERE category = 'refund'")).toInt(), 0);
    QCOMPARE(scalar(db, QStringLiteral("SELECT balance FROM wallets WHERE user_id = ?"), {clientId}).toLongLong(),
             qint64(100000 - Messages * 400));
    second.stop();
}

// --- The DLR webhook ------------------------------------------------------------------------

void DeliveryTest::jsonReportWithHeaderSecretDeliversTheMessage()
{
    SentMessage sent;
    sendAndAwaitSent(sent);
    if (QTest::currentTestFailed())
        return;
    const ApiReply reply = postReport({{QStringLiteral("msgid"), sent.gatewayMessageId},
                                       {QStringLiteral("to"), Recipient},
                                       {QStringLiteral("status"), QStringLiteral("DELIVRD")},
                                       {QStringLiteral("err"), QStringLiteral("000")}});
    QVERIFY2(reply.status == 200, qPrintable(reply.describe()));
    QCOMPARE(reply.json.value(QStringLiteral("success")).toBool(), true);
    QCOMPARE(reply.data().value(QStringLiteral("message_id")).toInteger(), sent.id);
    QCOMPARE(reply.data().value(QStringLiteral("status")).toString(), QStringLiteral("delivered"));
    QCOMPARE(reply.data().value(QStringLiteral("changed")).toBool(), true);

    const QJsonObject message = webhookMessage(sent.id);
    QCOMPARE(message.value(QStringLiteral("status")).toString(), QStringLiteral("delivered"));
    QVERIFY(message.value(QStringLiteral("failure_reason")).isNull());
    QVERIFY(epochMs(message.value(QStringLiteral("completed_at"))) > 0);
}

void DeliveryTest::kannelStyleGetWithQueryStringDeliversTheMessage()
{
    SentMessage sent;
    sendAndAwaitSent(sent);
    if (QTest::currentTestFailed())
        return;
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("msgid"), sent.gatewayMessageId);
    query.addQueryItem(QStringLiteral("status"), QStringLiteral("DELIVRD"));
    query.addQueryItem(QStringLiteral("err"), QStringLiteral("000"));
    query.addQueryItem(QStringLiteral("secret"), QString::fromLatin1(WebhookSecret));
    const ApiReply reply = m_webhookApi->get(WebhookPath + QLatin1Char('?') + query.toString(QUrl::FullyEncoded));
    QVERIFY2(reply.status == 200, qPrintable(reply.describe()));
    QCOMPARE(statusOf(*m_webhookApi, m_webhookClient.token, sent.id), QStringLiteral("delivered"));
}

void DeliveryTest::formEncodedReportDeliversTheMessage()
{
    SentMessage sent;
    sendAndAwaitSent(sent);
    if (QTest::currentTestFailed())
        return;
    QUrlQuery form;
    form.addQueryItem(QStringLiteral("msgid"), sent.gatewayMessageId);
    form.addQueryItem(QStringLiteral("to"), Recipient);
    form.addQueryItem(QStringLiteral("status"), QStringLiteral("REJECTD"));
    form.addQueryItem(QStringLiteral("err"), QStringLiteral("005"));
    form.addQueryItem(QStringLiteral("secret"), QString::fromLatin1(WebhookSecret));
    const ApiReply reply = m_webhookApi->send("POST", WebhookPath, form.toString(QUrl::FullyEncoded).toUtf8(), {},
                                              {{"Content-Type", "application/x-www-form-urlencoded"}});
    QVERIFY2(reply.status == 200, qPrintable(reply.describe()));
    const QJsonObject message = webhookMessage(sent.id);
    QCOMPARE(message.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
    QCOMPARE(message.value(QStringLiteral("failure_reason")).toString(), QStringLiteral("REJECTD (err 005)"));
}

void DeliveryTest::failureStatusesFailTheMessageWithAReason_data()
{
    QTest::addColumn<QString>("status");
    QTest::addColumn<QString>("err");
    QTest::addColumn<QString>("reason");
    QTest::newRow("UNDELIV") << QStringLiteral("UNDELIV") << QStringLiteral("001") << QStringLiteral("UNDELIV (err 001)");
    QTest::newRow("REJECTD") << QStringLiteral("REJECTD") << QStringLiteral("005") << QStringLiteral("REJECTD (err 005)");
    QTest::newRow("EXPIRED") << QStringLiteral("EXPIRED") << QStringLiteral("002") << QStringLiteral("EXPIRED (err 002)");
    QTest::newRow("DELETED") << QStringLiteral("DELETED") << QStringLiteral("003") << QStringLiteral("DELETED (err 003)");
    QTest::newRow("UNKNOWN") << QStringLiteral("UNKNOWN") << QStringLiteral("004") << QStringLiteral("UNKNOWN (err 004)");
}

void DeliveryTest::failureStatusesFailTheMessageWithAReason()
{
    QFETCH(QString, status);
    QFETCH(QString, err);
    QFETCH(QString, reason);
    SentMessage sent;
    sendAndAwaitSent(sent);
    if (QTest::currentTestFailed())
        return;
    const qint64 balanceBefore = balanceOf(*m_webhookApi, m_webhookClient.token);

    const ApiReply reply = postReport({{QStringLiteral("msgid"), sent.gatewayMessageId},
                                       {QStringLiteral("to"), Recipient},
                                       {QStringLiteral("status"), status},
                                       {QStringLiteral("err"), err}});
    QVERIFY2(reply.status == 200, qPrintable(reply.describe()));
    QCOMPARE(reply.data().value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
    const QJsonObject message = webhookMessage(sent.id);
    QCOMPARE(message.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
    QCOMPARE(message.value(QStringLiteral("failure_reason")).toString(), reason);
    QVERIFY(epochMs(message.value(QStringLiteral("completed_at"))) > 0);

    // Failed by the carrier's report: not refunded.
    QCOMPARE(balanceOf(*m_webhookApi, m_webhookClient.token), balanceBefore);
    QCOMPARE(scalar(m_webhookDatabase.connection(),
                    QStringLiteral("SELECT COUNT(*) FROM wallet_transactions WHERE reference = ? AND category = 'refund'"),
                    {QStringLiteral("message:%1").arg(sent.id)})
                 .toInt(),
             0);
}

void DeliveryTest::intermediateStatusesChangeNothing_data()
{
    QTest::addColumn<QString>("status");
    QTest::newRow("ACCEPTD") << QStringLiteral("ACCEPTD");
    QTest::newRow("ENROUTE") << QStringLiteral("ENROUTE");
}

void DeliveryTest::intermediateStatusesChangeNothing()
{
    QFETCH(QString, status);
    SentMessage sent;
    sendAndAwaitSent(sent);
    if (QTest::currentTestFailed())
        return;
    const QJsonObject before = webhookMessage(sent.id);
    const ApiReply reply = postReport({{QStringLiteral("msgid"), sent.gatewayMessageId}, {QStringLiteral("status"), status}});
    QVERIFY2(reply.status == 200, qPrintable(reply.describe()));
    QCOMPARE(reply.data().value(QStringLiteral("status")).toString(), QStringLiteral("sent"));
    QCOMPARE(reply.data().value(QStringLiteral("changed")).toBool(), false);
    QCOMPARE(compact(webhookMessage(sent.id)), compact(before));

    // It is still waiting for a final report, and takes one.
    QCOMPARE(postReport({{QStringLiteral("msgid"), sent.gatewayMessageId}, {QStringLiteral("status"), QStringLiteral("DELIVRD")}}).status,
             200);
    QCOMPARE(statusOf(*m_webhookApi, m_webhookClient.token, sent.id), QStringLiteral("delivered"));
}

void DeliveryTest::repeatedDeliveredReportIsHarmless()
{
    SentMessage sent;
    sendAndAwaitSent(sent);
    if (QTest::currentTestFailed())
        return;
    const QJsonObject report{{QStringLiteral("msgid"), sent.gatewayMessageId},
                             {QStringLiteral("status"), QStringLiteral("DELIVRD")},
                             {QStringLiteral("err"), QStringLiteral("000")}};
    QCOMPARE(postReport(report).status, 200);
    const QJsonObject first = webhookMessage(sent.id);
    QCOMPARE(first.value(QStringLiteral("status")).toString(), QStringLiteral("delivered"));

    QTest::qWait(5);
    const ApiReply again = postReport(report);
    QVERIFY2(again.status == 200, qPrintable(again.describe()));
    QCOMPARE(again.data().value(QStringLiteral("status")).toString(), QStringLiteral("delivered"));
    QCOMPARE(again.data().value(QStringLiteral("changed")).toBool(), false);
    QCOMPARE(compact(webhookMessage(sent.id)), compact(first));
}

void DeliveryTest::finalStatusNeverMovesBack()
{
    SentMessage delivered;
    sendAndAwaitSent(delivered);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(postReport({{QStringLiteral("msgid"), delivered.gatewayMessageId}, {QStringLiteral("status"), QStringLiteral("DELIVRD")}})
                 .status,
             200);
    const QJsonObject asDelivered = webhookMessage(delivered.id);
    for (const QString &status : {QStringLiteral("UNDELIV"), QStringLiteral("REJECTD"), QStringLiteral("ACCEPTD")}) {
        const ApiReply reply = postReport({{QStringLiteral("msgid"), delivered.gatewayMessageId},
                                           {QStringLiteral("status"), status},
                                           {QStringLiteral("err"), QStringLiteral("001")}});
        QVERIFY2(reply.status == 200, qPrintable(reply.describe()));
        QCOMPARE(reply.data().value(QStringLiteral("status")).toString(), QStringLiteral("delivered"));
    }
    QCOMPARE(compact(webhookMessage(delivered.id)), compact(asDelivered));

    SentMessage failed;
    sendAndAwaitSent(failed);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(postReport({{QStringLiteral("msgid"), failed.gatewayMessageId},
                         {QStringLiteral("status"), QStringLiteral("UNDELIV")},
                         {QStringLiteral("err"), QStringLiteral("001")}})
                 .status,
             200);
    const QJsonObject asFailed = webhookMessage(failed.id);
    QCOMPARE(asFailed.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
    QCOMPARE(postReport({{QStringLiteral("msgid"), failed.gatewayMessageId}, {QStringLiteral("status"), QStringLiteral("DELIVRD")}})
                 .status,
             200);
    QCOMPARE(compact(webhookMessage(failed.id)), compact(asFailed));
}

void DeliveryTest::wrongOrMissingSecretIsRefusedAndChangesNothing()
{
    SentMessage sent;
    sendAndAwaitSent(sent);
    if (QTest::currentTestFailed())
        return;
    const QJsonObject report{{QStringLiteral("msgid"), sent.gatewayMessageId}, {QStringLiteral("status"), QStringLiteral("DELIVRD")}};

    QList<ApiReply> replies;
    replies.append(postReport(report, "wrong"));
    replies.append(postReport(report, "S3CRET"));
    replies.append(postReport(report, QByteArray()));
    QJsonObject withWrongField = report;
    withWrongField.insert(QStringLiteral("secret"), QStringLiteral("s3cre"));
    replies.append(postReport(withWrongField, QByteArray()));
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("msgid"), sent.gatewayMessageId);
    query.addQueryItem(QStringLiteral("status"), QStringLiteral("DELIVRD"));
    replies.append(m_webhookApi->get(WebhookPath + QLatin1Char('?') + query.toString(QUrl::FullyEncoded)));
    query.addQueryItem(QStringLiteral("secret"), QStringLiteral("nope"));
    replies.append(m_webhookApi->get(WebhookPath + QLatin1Char('?') + query.toString(QUrl::FullyEncoded)));

    for (const ApiReply &reply : std::as_const(replies)) {
        QVERIFY2(reply.status == 401, qPrintable(reply.describe()));
        QVERIFY(reply.isErrorEnvelope());
    }
    QCOMPARE(statusOf(*m_webhookApi, m_webhookClient.token, sent.id), QStringLiteral("sent"));
}

void DeliveryTest::applianceWithoutASecretRefusesEveryReport()
{
    const ApiReply sent = m_quickApi->post(QStringLiteral("/api/client/sms/send"), smsBody(), m_quickClient.token);
    QVERIFY2(sent.status == 201, qPrintable(sent.describe()));
    const qint64 id = sent.data().value(QStringLiteral("message_id")).toInteger();
    QTRY_VERIFY_WITH_TIMEOUT(!scalar(m_quickDatabase.connection(), QStringLiteral("SELECT gateway_message_id FROM messages WHERE id = ?"),
                                     {id})
                                  .toString()
                                  .isEmpty(),
                             SettleTimeoutMs);
    const QString gatewayMessageId =
        scalar(m_quickDatabase.connection(), QStringLiteral("SELECT gateway_message_id FROM messages WHERE id = ?"), {id}).toString();
    const QByteArray report = QJsonDocument(QJsonObject{{QStringLiteral("msgid"), gatewayMessageId},
                                                        {QStringLiteral("status"), QStringLiteral("UNDELIV")},
                                                        {QStringLiteral("secret"), QString()}})
                                  .toJson(QJsonDocument::Compact);
    for (const QByteArray &secret : {QByteArray("s3cret"), QByteArray(" "), QByteArray()}) {
        QList<QPair<QByteArray, QByteArray>> headers;
        if (!secret.isEmpty())
            headers.append({"X-Ogene-Webhook-Secret", secret});
        const ApiReply reply = m_quickApi->send("POST", WebhookPath, report, {}, headers);
        QVERIFY2(reply.status == 401, qPrintable(reply.describe()));
        QVERIFY(reply.isErrorEnvelope());
    }
    // Only the simulator itself reports, and it reports delivered.
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(*m_quickApi, m_quickClient.token, id), QStringLiteral("delivered"), SettleTimeoutMs);
}

void DeliveryTest::unknownGatewayIs404()
{
    SentMessage sent;
    sendAndAwaitSent(sent);
    if (QTest::currentTestFailed())
        return;
    const QJsonObject report{{QStringLiteral("msgid"), sent.gatewayMessageId}, {QStringLiteral("status"), QStringLiteral("DELIVRD")}};
    for (const QString &gateway : {QStringLiteral("kannel"), QStringLiteral("Simulator"), QStringLiteral("simulator2")}) {
        const ApiReply reply = postReport(report, WebhookSecret, QStringLiteral("/api/webhooks/%1/dlr").arg(gateway));
        QVERIFY2(reply.status == 404, qPrintable(gateway + QStringLiteral(": ") + reply.describe()));
        QVERIFY(reply.isErrorEnvelope());
    }
    QCOMPARE(statusOf(*m_webhookApi, m_webhookClient.token, sent.id), QStringLiteral("sent"));
}

void DeliveryTest::unknownMessageIdIs404()
{
    const ApiReply reply = postReport({{QStringLiteral("msgid"), QStringLiteral("sim-doesNotExist000")},
                                       {QStringLiteral("status"), QStringLiteral("DELIVRD")},
                                       {QStringLiteral("err"), QStringLiteral("000")}});
    QVERIFY2(reply.status == 404, qPrintable(reply.describe()));
    QVERIFY(reply.isErrorEnvelope());
}

void DeliveryTest::missingMsgidOrStatusIs422()
{
    SentMessage sent;
    sendAndAwaitSent(sent);
    if (QTest::currentTestFailed())
        return;

    ApiReply reply = postReport({{QStringLiteral("status"), QStringLiteral("DELIVRD")}});
    QVERIFY2(reply.status == 422, qPrintable(reply.describe()));
    QVERIFY(reply.isErrorEnvelope());
    QVERIFY(reply.errors().contains(QStringLiteral("msgid")));
    QVERIFY(!reply.errors().contains(QStringLiteral("status")));

    reply = postReport({{QStringLiteral("msgid"), sent.gatewayMessageId}, {QStringLiteral("err"), QStringLiteral("000")}});
    QVERIFY2(reply.status == 422, qPrintable(reply.describe()));
    QVERIFY(reply.errors().contains(QStringLiteral("status")));
    QVERIFY(!reply.errors().contains(QStringLiteral("msgid")));

    reply = postReport({{QStringLiteral("msgid"), QStringLiteral("  ")}, {QStringLiteral("status"), QString()}});
    QVERIFY2(reply.status == 422, qPrintable(reply.describe()));
    QVERIFY(reply.errors().contains(QStringLiteral("msgid")));
    QVERIFY(reply.errors().contains(QStringLiteral("status")));

    QCOMPARE(statusOf(*m_webhookApi, m_webhookClient.token, sent.id), QStringLiteral("sent"));
}

void DeliveryTest::unknownStatusWordIs422()
{
    SentMessage sent;
    sendAndAwaitSent(sent);
    if (QTest::currentTestFailed())
        return;
    for (const QString &status : {QStringLiteral("DELIVERED"), QStringLiteral("OK"), QStringLiteral("1")}) {
        const ApiReply reply = postReport({{QStringLiteral("msgid"), sent.gatewayMessageId}, {QStringLiteral("status"), status}});
        QVERIFY2(reply.status == 422, qPrintable(status + QStringLiteral(": ") + reply.describe()));
        QVERIFY(reply.isErrorEnvelope());
        QVERIFY(reply.errors().contains(QStringLiteral("status")));
    }
    QCOMPARE(statusOf(*m_webhookApi, m_webhookClient.token, sent.id), QStringLiteral("sent"));
}

void DeliveryTest::webhookCallsAreNotRateLimitedPerAddress()
{
    TestDatabase database;
    QVERIFY2(database.isValid(), qPrintable(database.error()));
    ApplianceProcess appliance(database.url());
    appliance.setEnv(QStringLiteral("OGENE_ANONYMOUS_RATE_LIMIT_PER_MINUTE"), QStringLiteral("3"));
    appliance.setEnv(QStringLiteral("OGENE_SIMULATOR_WEBHOOK_SECRET"), QString::fromLatin1(WebhookSecret));
    QVERIFY2(appliance.start(), qPrintable(appliance.output()));
    ApiClient api(appliance.baseUrl());

    const QByteArray report = QJsonDocument(QJsonObject{{QStringLiteral("msgid"), QStringLiteral("sim-nothingHere0000")},
                                                        {QStringLiteral("status"), QStringLiteral("DELIVRD")}})
                                  .toJson(QJsonDocument::Compact);
    for (int call = 0; call < 6; ++call) {
        const ApiReply reply = api.send("POST", WebhookPath, report, {}, {{"X-Ogene-Webhook-Secret", WebhookSecret}});
        QVERIFY2(reply.status == 404, qPrintable(QStringLiteral("call %1: ").arg(call + 1) + reply.describe()));
    }

    // The limit is real for the routes it covers: with the start-up health check and these, some
    // minute sees more than 3 calls from this address.
    bool limited = false;
    for (int call = 0; call < 7 && !limited; ++call)
        limited = api.get(QStringLiteral("/api/health")).status == 429;
    QVERIFY(limited);
}

// --- Sandbox keys ---------------------------------------------------------------------------

void DeliveryTest::sandboxSendIsPricedButNotCharged()
{
    const ApiClient::Account client = m_quickApi->readyClient(m_quickAdmin, QStringLiteral("100"));
    const QString sandboxKey = m_quickApi->createApiKey(client.token, true);
    QVERIFY(sandboxKey.startsWith(QLatin1String("ogn_")));
    QCOMPARE(balanceOf(*m_quickApi, client.token), qint64(10000));

    const ApiReply reply = m_quickApi->post(QStringLiteral("/api/client/sms/send"), smsBody(), sandboxKey);
    QVERIFY2(reply.status == 201, qPrintable(reply.describe()));
    QCOMPARE(reply.data().value(QStringLiteral("cost")).toDouble(), 4.0);
    QCOMPARE(reply.data().value(QStringLiteral("new_balance")).toDouble(), 100.0);
    QCOMPARE(reply.data().value(QStringLiteral("sandbox")).toBool(), true);
    const qint64 id = reply.data().value(QStringLiteral("message_id")).toInteger();

    const QJsonObject message = messageOf(*m_quickApi, client.token, id);
    QCOMPARE(message.value(QStringLiteral("sandbox")).toBool(), true);
    QCOMPARE(message.value(QStringLiteral("cost")).toString(), QStringLiteral("4.00"));
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(*m_quickApi, client.token, id), QStringLiteral("delivered"), SettleTimeoutMs);

    QSqlDatabase db = m_quickDatabase.connection();
    QCOMPARE(scalar(db, QStringLiteral("SELECT gateway FROM messages WHERE id = ?"), {id}).toString(), QStringLiteral("simulator"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(*) FROM wallet_transactions WHERE user_id = ? AND category = 'sms'"), {client.id})
                 .toInt(),
             0);
    QCOMPARE(balanceOf(*m_quickApi, client.token), qint64(10000));

    // The same account with a live key is charged.
    const QString liveKey = m_quickApi->createApiKey(client.token, false);
    const ApiReply live = m_quickApi->post(QStringLiteral("/api/client/sms/send"), smsBody(), liveKey);
    QVERIFY2(live.status == 201, qPrintable(live.describe()));
    QCOMPARE(live.data().value(QStringLiteral("sandbox")).toBool(), false);
    QCOMPARE(live.data().value(QStringLiteral("new_balance")).toDouble(), 96.0);
    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(*) FROM wallet_transactions WHERE user_id = ? AND category = 'sms'"), {client.id})
                 .toInt(),
             1);
}

void DeliveryTest::sandboxSendWorksFromAnEmptyWallet()
{
    const ApiClient::Account client = m_quickApi->readyClient(m_quickAdmin, QStringLiteral("0"));
    QCOMPARE(balanceOf(*m_quickApi, client.token), qint64(0));
    const ApiReply refused = m_quickApi->post(QStringLiteral("/api/client/sms/send"), smsBody(), client.token);
    QVERIFY2(refused.status == 422, qPrintable(refused.describe()));

    const QString sandboxKey = m_quickApi->createApiKey(client.token, true);
    const ApiReply reply = m_quickApi->post(QStringLiteral("/api/client/sms/send"), smsBody(), sandboxKey);
    QVERIFY2(reply.status == 201, qPrintable(reply.describe()));
    QCOMPARE(reply.data().value(QStringLiteral("cost")).toDouble(), 4.0);
    QCOMPARE(reply.data().value(QStringLiteral("new_balance")).toDouble(), 0.0);
    const qint64 id = reply.data().value(QStringLiteral("message_id")).toInteger();
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(*m_quickApi, client.token, id), QStringLiteral("delivered"), SettleTimeoutMs);
    QCOMPARE(messageOf(*m_quickApi, client.token, id).value(QStringLiteral("sandbox")).toBool(), true);
    QCOMPARE(balanceOf(*m_quickApi, client.token), qint64(0));
}

QTEST_GUILESS_MAIN(DeliveryTest)
#include "tst_delivery.moc"
