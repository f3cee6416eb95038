// Ogene's SMPP upstream gateway against an SMSC it did not write: smsc/smsc.js on the npm smpp
// package. Ogene binds to it as a transceiver, sends what clients submit over REST, and follows the
// SMSC's answers and receipts: throttling (retried later), rejection (failed and refunded), a link
// dropped mid-window (everything in it sent again after the reconnect), receipt ids in hex or
// decimal with and without receipted_message_id, long messages as UDH parts, and failover to the
// next gateway of the route when the SMSC is gone.
#include "apiclient.h"
#include "applianceprocess.h"
#include "testdatabase.h"
#include "testsmsc.h"

#include <QJsonArray>
#include <QTest>

namespace {

constexpr int SettleTimeoutMs = 20000;
constexpr int RetryAgeSeconds = 10;
const QString Gateway = QStringLiteral("carrier");
const QString PairGateway = QStringLiteral("carrier-pair"); // a transmitter and a receiver
const QString PairPrefix = QStringLiteral("+2348039");
const QString Sender = QStringLiteral("Ogene");

// A destination whose last three digits tell the test SMSC how to behave (see smsc.js): a fresh
// number for each case, so that "the first time this number is seen" is this test's first time.
QString destination(int serial, const QString &behaviour, const QString &idFormat)
{
    return QStringLiteral("234803%1").arg(serial, 4, 10, QLatin1Char('0')) + behaviour + idFormat + QLatin1Char('0');
}

} // namespace

class SmppUpstreamTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();

    void messageGoesToTheSmscAndItsReceiptDeliversIt();
    void receiptIdsMatchInHexOrDecimal_data();
    void receiptIdsMatchInHexOrDecimal();
    void longMessageGoesAsConcatenatedPartsAndIsBilledAsTheMessageSays();
    void throttledMessageIsSentAgainLater();
    void rejectedMessageFailsAndIsRefunded();
    void campaignMessageTheCarrierRejectsIsRefunded();
    void carrierReportedFailureIsNotRefunded();
    void droppedLinkMidWindowLosesNothing();
    void gatewaysShowTheCarrierUp();
    void transmitterAndReceiverPairCarriesMessagesAndReceipts();
    // These two stop the SMSC: they come last.
    void carrierDownFailsOverToTheNextGatewayOfTheRoute();
    void messageNoGatewayTakesFailsAfterTheRetryAgeAndIsRefunded();

private:
    qint64 send(const QString &recipient, const QString &text = QStringLiteral("hello from Ogene"))
    {
        return m_api->sendSms(m_client.token, QLatin1Char('+') + recipient, Sender, text);
    }
    QString statusOf(qint64 id) { return m_api->messageStatus(m_client.token, id); }
    QJsonObject messageOf(qint64 id) { return m_api->message(m_client.token, id); }
    qint64 balance() { return m_api->balance(m_client.token); }
    void putRoutes(const QStringList &defaultRoute);

    TestSmsc m_smsc;
    TestDatabase m_database;
    std::unique_ptr<ApplianceProcess> m_appliance;
    std::unique_ptr<ApiClient> m_api;
    QString m_admin;
    ApiClient::Account m_client;
    int m_serial = 0;
};

void SmppUpstreamTest::initTestCase()
{
    QString why;
    QVERIFY2(m_smsc.start(&why), qPrintable(why));
    const QJsonObject carrier{{QStringLiteral("name"), Gateway},
                              {QStringLiteral("type"), QStringLiteral("smpp")},
                              {QStringLiteral("host"), QStringLiteral("127.0.0.1")},
                              {QStringLiteral("port"), m_smsc.port()},
                              {QStringLiteral("system_id"), QStringLiteral("ogene")},
                              {QStringLiteral("password"), QStringLiteral("secret")},
                              {QStringLiteral("window"), 10},
                              {QStringLiteral("submit_per_second"), 500},
                              {QStringLiteral("reconnect_min_ms"), 200},
                              {QStringLiteral("reconnect_max_ms"), 1000}};
    QVERIFY2(m_database.isValid(), qPrintable(m_database.error()));
    m_appliance = std::make_unique<ApplianceProcess>(m_database.url());
    QJsonObject pair = carrier;
    pair.insert(QStringLiteral("name"), PairGateway);
    pair.insert(QStringLiteral("bind"), QStringLiteral("pair"));
    pair.insert(QStringLiteral("system_id"), QStringLiteral("ogene-pair")); // its own account: its own receipts
    pair.insert(QStringLiteral("enquire_link_seconds"), 1);
    m_appliance->setGateways({carrier, pair});
    m_appliance->setEnv(QStringLiteral("OGENE_MESSAGE_RETRY_AGE_SECONDS"), QString::number(RetryAgeSeconds));
    m_appliance->setEnv(QStringLiteral("OGENE_SIMULATOR_DELIVERY_DELAY_MS"), QStringLiteral("200"));
    QVERIFY2(m_appliance->start(), qPrintable(m_appliance->output()));
    m_api = std::make_unique<ApiClient>(m_appliance->baseUrl());
    m_admin = m_api->adminToken();
    QVERIFY(!m_admin.isEmpty());
    m_client = m_api->readyClient(m_admin, QStringLiteral("1000"), Sender);
    QVERIFY(!m_client.token.isEmpty());
    putRoutes({Gateway});
    QTRY_VERIFY_WITH_TIMEOUT(m_smsc.count(QStringLiteral("bound")) >= 1, SettleTimeoutMs);
}

void SmppUpstreamTest::putRoutes(const QStringList &defaultRoute)
{
    const ApiReply reply = m_api->put(QStringLiteral("/api/admin/routes"),
                                      {{QStringLiteral("default"), QJsonArray::fromStringList(defaultRoute)}}, m_admin);
    QVERIFY2(reply.status == 200, qPrintable(reply.describe()));
}

void SmppUpstreamTest::messageGoesToTheSmscAndItsReceiptDeliversIt()
{
    const QString to = destination(++m_serial, QStringLiteral("0"), QStringLiteral("0"));
    const qint64 id = send(to);
    QVERIFY(id > 0);
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(id), QStringLiteral("delivered"), SettleTimeoutMs);

    const QList<QJsonObject> submitted = m_smsc.submissionsTo(to);
    QCOMPARE(submitted.size(), 1);
    const QJsonObject pdu = submitted.first();
    QCOMPARE(pdu.value(QStringLiteral("source")).toString(), Sender);
    // An alphanumeric sender goes as TON 5 (alphanumeric), NPI 0; the destination as international.
    QCOMPARE(pdu.value(QStringLiteral("source_ton")).toInt(), 5);
    QCOMPARE(pdu.value(QStringLiteral("source_npi")).toInt(), 0);
    QCOMPARE(pdu.value(QStringLiteral("dest_ton")).toInt(), 1);
    QCOMPARE(pdu.value(QStringLiteral("dest_npi")).toInt(), 1);
    QCOMPARE(pdu.value(QStringLiteral("registered_delivery")).toInt(), 1);
    QCOMPARE(pdu.value(QStringLiteral("text")).toString(), QStringLiteral("hello from Ogene"));
    QCOMPARE(m_database.scalar(QStringLiteral("SELECT gateway FROM messages WHERE id = ?"), {id}).toString(), Gateway);
    QCOMPARE(m_database.scalar(QStringLiteral("SELECT gateway_message_id FROM messages WHERE id = ?"), {id}).toString(),
             pdu.value(QStringLiteral("message_id")).toString());
}

void SmppUpstreamTest::receiptIdsMatchInHexOrDecimal_data()
{
    QTest::addColumn<QString>("format");
    QTest::newRow("answer hex, receipt text decimal, no TLV") << QStringLiteral("0");
    QTest::newRow("answer hex, receipt text hex, no TLV") << QStringLiteral("1");
    QTest::newRow("answer hex, receipted_message_id hex, text decimal") << QStringLiteral("2");
    QTest::newRow("answer decimal, receipt text hex, no TLV") << QStringLiteral("3");
    QTest::newRow("answer decimal, receipted_message_id decimal") << QStringLiteral("4");
}

void SmppUpstreamTest::receiptIdsMatchInHexOrDecimal()
{
    QFETCH(QString, format);
    const QString to = destination(++m_serial, QStringLiteral("0"), format);
    const qint64 id = send(to);
    QVERIFY(id > 0);
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(id), QStringLiteral("delivered"), SettleTimeoutMs);
    // The receipt was answered (after its update committed) with ESME_ROK.
    QTRY_VERIFY_WITH_TIMEOUT(!m_smsc.events(QStringLiteral("receipt_answered")).isEmpty(), SettleTimeoutMs);
    bool answered = false;
    for (const QJsonObject &event : m_smsc.events(QStringLiteral("receipt_answered")))
        answered = answered || event.value(QStringLiteral("status")).toInt() == 0;
    QVERIFY(answered);
}

void SmppUpstreamTest::longMessageGoesAsConcatenatedPartsAndIsBilledAsTheMessageSays()
{
    const QString to = destination(++m_serial, QStringLiteral("0"), QStringLiteral("0"));
    const QString text = QString(200, QLatin1Char('a'));
    const qint64 before = balance();
    const qint64 id = send(to, text);
    QVERIFY(id > 0);
    QCOMPARE(messageOf(id).value(QStringLiteral("segments_count")).toInt(), 2);
    QCOMPARE(before - balance(), qint64(2 * 400)); // two segments at NGN 4.00
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(id), QStringLiteral("delivered"), SettleTimeoutMs);
    const QList<QJsonObject> parts = m_smsc.submissionsTo(to);
    QCOMPARE(parts.size(), 2);
    QString joined;
    for (const QJsonObject &part : parts) {
        QVERIFY(part.value(QStringLiteral("esm_class")).toInt() & 0x40); // UDHI
        QVERIFY2(!part.value(QStringLiteral("udh")).isNull(), "no UDH on a part");
        joined += part.value(QStringLiteral("text")).toString();
    }
    QCOMPARE(joined, text);
}

void SmppUpstreamTest::throttledMessageIsSentAgainLater()
{
    const QString to = destination(++m_serial, QStringLiteral("1"), QStringLiteral("0"));
    const qint64 id = send(to);
    QVERIFY(id > 0);
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(id), QStringLiteral("delivered"), SettleTimeoutMs);
    const QList<QJsonObject> attempts = m_smsc.submissionsTo(to);
    QCOMPARE(attempts.size(), 2);
    QCOMPARE(attempts.at(0).value(QStringLiteral("status")).toInt(), 0x58);
    QCOMPARE(attempts.at(1).value(QStringLiteral("status")).toInt(), 0);
}

void SmppUpstreamTest::rejectedMessageFailsAndIsRefunded()
{
    const QString to = destination(++m_serial, QStringLiteral("2"), QStringLiteral("0"));
    const qint64 before = balance();
    const qint64 id = send(to);
    QVERIFY(id > 0);
    QCOMPARE(balance(), before - 400);
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(id), QStringLiteral("failed"), SettleTimeoutMs);
    QVERIFY2(messageOf(id).value(QStringLiteral("failure_reason")).toString().contains(QLatin1String("ESME_RINVDSTADR")),
             qPrintable(messageOf(id).value(QStringLiteral("failure_reason")).toString()));
    QTRY_COMPARE_WITH_TIMEOUT(balance(), before, SettleTimeoutMs);
    QCOMPARE(m_database.scalar(
                    QStringLiteral("SELECT COUNT(*) FROM wallet_transactions WHERE reference = ? AND category = 'refund'"),
                    {QStringLiteral("message:%1").arg(id)})
                 .toInt(),
             1);
    QCOMPARE(m_smsc.submissionsTo(to).size(), 1); // refused for good: never offered again
}

// A campaign is debited once, for every recipient; a message of it that the carrier refuses
// before taking it is refunded alone, as a single send is, and the campaign's cost says so.
void SmppUpstreamTest::campaignMessageTheCarrierRejectsIsRefunded()
{
    const QString accepted1 = destination(++m_serial, QStringLiteral("0"), QStringLiteral("0"));
    const QString refused = destination(++m_serial, QStringLiteral("2"), QStringLiteral("0"));
    const QString accepted2 = destination(++m_serial, QStringLiteral("0"), QStringLiteral("0"));
    const qint64 before = balance();
    const ApiReply created = m_api->post(
        QStringLiteral("/api/client/bulk-sms"),
        QJsonObject{{QStringLiteral("name"), QStringLiteral("Three, one refused")},
                    {QStringLiteral("sender_id"), Sender},
                    {QStringLiteral("message_text"), QStringLiteral("campaign through the carrier")},
                    {QStringLiteral("recipient_type"), QStringLiteral("manual")},
                    {QStringLiteral("phone_numbers"), QJsonArray{QLatin1Char('+') + accepted1, QLatin1Char('+') + refused,
                                                                 QLatin1Char('+') + accepted2}}},
        m_client.token);
    QVERIFY2(created.status == 201, qPrintable(created.describe()));
    const qint64 campaignId = qint64(created.data().value(QStringLiteral("id")).toDouble());
    // One debit for every recipient, taken when the campaign was queued. (The balance may already
    // show the refund: the carrier can refuse the message before this line runs.)
    QCOMPARE(m_database
                 .scalar(QStringLiteral("SELECT SUM(amount) FROM wallet_transactions WHERE reference = ? AND type = 'debit'"),
                         {QStringLiteral("campaign:%1").arg(campaignId)})
                 .toLongLong(),
             3 * 400);

    const QString path = QStringLiteral("/api/client/bulk-sms/%1").arg(campaignId);
    QTRY_COMPARE_WITH_TIMEOUT(m_api->get(path, m_client.token).data().value(QStringLiteral("delivered")).toInt(), 2,
                              SettleTimeoutMs);
    QTRY_COMPARE_WITH_TIMEOUT(m_api->get(path, m_client.token).data().value(QStringLiteral("failed")).toInt(), 1,
                              SettleTimeoutMs);
    QTRY_COMPARE_WITH_TIMEOUT(balance(), before - 2 * 400, SettleTimeoutMs);
    const QJsonObject campaign = m_api->get(path, m_client.token).data();
    QCOMPARE(campaign.value(QStringLiteral("total_cost")).toDouble(), 8.0);
    const qint64 refusedId = m_database
                                 .scalar(QStringLiteral("SELECT id FROM messages WHERE campaign_id = ? AND recipient_phone = ?"),
                                         {campaignId, QLatin1Char('+') + refused})
                                 .toLongLong();
    QVERIFY(refusedId > 0);
    QCOMPARE(statusOf(refusedId), QStringLiteral("failed"));
    QCOMPARE(m_database
                 .scalar(QStringLiteral("SELECT COUNT(*) FROM wallet_transactions WHERE reference = ? AND category = 'refund'"),
                         {QStringLiteral("message:%1").arg(refusedId)})
                 .toInt(),
             1);
    QCOMPARE(m_smsc.submissionsTo(refused).size(), 1);
}

void SmppUpstreamTest::carrierReportedFailureIsNotRefunded()
{
    const QString to = destination(++m_serial, QStringLiteral("4"), QStringLiteral("0"));
    const qint64 before = balance();
    const qint64 id = send(to);
    QVERIFY(id > 0);
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(id), QStringLiteral("failed"), SettleTimeoutMs);
    QCOMPARE(messageOf(id).value(QStringLiteral("failure_reason")).toString(), QStringLiteral("UNDELIV (err 001)"));
    QCOMPARE(balance(), before - 400);
}

void SmppUpstreamTest::droppedLinkMidWindowLosesNothing()
{
    const int boundBefore = m_smsc.count(QStringLiteral("bound"));
    const qint64 before = balance();
    QList<QPair<QString, qint64>> sent;
    for (int i = 0; i < 6; ++i) {
        const QString to = destination(++m_serial, QStringLiteral("0"), QStringLiteral("1"));
        sent.append({to, send(to)});
    }
    // This one makes the SMSC drop the link while the others may still be in the window.
    const QString dropper = destination(++m_serial, QStringLiteral("3"), QStringLiteral("1"));
    sent.append({dropper, send(dropper)});
    for (int i = 0; i < 6; ++i) {
        const QString to = destination(++m_serial, QStringLiteral("0"), QStringLiteral("1"));
        sent.append({to, send(to)});
    }
    for (const auto &[to, id] : sent) {
        QVERIFY(id > 0);
        QTRY_COMPARE_WITH_TIMEOUT(statusOf(id), QStringLiteral("delivered"), SettleTimeoutMs);
        int accepted = 0;
        for (const QJsonObject &pdu : m_smsc.submissionsTo(to))
            accepted += pdu.value(QStringLiteral("status")).toVariant() == QVariant(0) ? 1 : 0;
        // Taken by the carrier at least once. One the SMSC took but whose answer the drop swallowed is
        // sent again: twice rather than never.
        QVERIFY(accepted >= 1);
    }
    QCOMPARE(before - balance(), qint64(sent.size()) * 400); // each charged once, whatever was resent
    QVERIFY(!m_smsc.submissionsTo(dropper).isEmpty());
    QCOMPARE(m_smsc.submissionsTo(dropper).first().value(QStringLiteral("status")).toString(), QStringLiteral("dropped"));
    QVERIFY(m_smsc.count(QStringLiteral("bound")) > boundBefore); // bound again after the drop
}

void SmppUpstreamTest::gatewaysShowTheCarrierUp()
{
    const ApiReply reply = m_api->get(QStringLiteral("/api/admin/gateways"), m_admin);
    QCOMPARE(reply.status, 200);
    QJsonObject carrier;
    for (const QJsonValue &gateway : reply.list()) {
        if (gateway.toObject().value(QStringLiteral("name")).toString() == Gateway)
            carrier = gateway.toObject();
    }
    QCOMPARE(carrier.value(QStringLiteral("type")).toString(), QStringLiteral("smpp"));
    QCOMPARE(carrier.value(QStringLiteral("state")).toString(), QStringLiteral("up"));
    QVERIFY(carrier.value(QStringLiteral("sent_total")).toInt() >= 10);
    QVERIFY(carrier.contains(QStringLiteral("in_flight")));
    QVERIFY(carrier.contains(QStringLiteral("sent_per_second")));
}

void SmppUpstreamTest::transmitterAndReceiverPairCarriesMessagesAndReceipts()
{
    const ApiReply routes = m_api->put(
        QStringLiteral("/api/admin/routes"),
        {{QStringLiteral("default"), QJsonArray{Gateway}},
         {QStringLiteral("routes"), QJsonArray{QJsonObject{{QStringLiteral("prefix"), PairPrefix},
                                                           {QStringLiteral("gateways"), QJsonArray{PairGateway}}}}}},
        m_admin);
    QVERIFY2(routes.status == 200, qPrintable(routes.describe()));
    QStringList kinds;
    for (const QJsonObject &bound : m_smsc.events(QStringLiteral("bound")))
        kinds.append(bound.value(QStringLiteral("kind")).toString());
    QVERIFY2(kinds.contains(QStringLiteral("transmitter")) && kinds.contains(QStringLiteral("receiver")), qPrintable(kinds.join(u',')));

    const QString to = QStringLiteral("2348039%1").arg(++m_serial, 3, 10, QLatin1Char('0')) + QStringLiteral("010");
    const qint64 id = send(to);
    QVERIFY(id > 0);
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(id), QStringLiteral("delivered"), SettleTimeoutMs);
    QCOMPARE(m_database.scalar(QStringLiteral("SELECT gateway FROM messages WHERE id = ?"), {id}).toString(), PairGateway);
    // A quiet link is checked with enquire_link (every second on this gateway).
    QTRY_VERIFY_WITH_TIMEOUT(m_smsc.count(QStringLiteral("enquire_link")) >= 2, SettleTimeoutMs);
    putRoutes({Gateway});
}

void SmppUpstreamTest::carrierDownFailsOverToTheNextGatewayOfTheRoute()
{
    putRoutes({Gateway, QStringLiteral("simulator")});
    m_smsc.stop();
    QTRY_VERIFY_WITH_TIMEOUT(
        [this] {
            for (const QJsonValue &gateway : m_api->get(QStringLiteral("/api/admin/gateways"), m_admin).list()) {
                const QJsonObject g = gateway.toObject();
                if (g.value(QStringLiteral("name")).toString() == Gateway)
                    return g.value(QStringLiteral("state")).toString() != QLatin1String("up")
                           && !g.value(QStringLiteral("last_error")).toString().isEmpty();
            }
            return false;
        }(),
        SettleTimeoutMs);
    const qint64 id = send(destination(++m_serial, QStringLiteral("0"), QStringLiteral("0")));
    QVERIFY(id > 0);
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(id), QStringLiteral("delivered"), SettleTimeoutMs);
    QCOMPARE(m_database.scalar(QStringLiteral("SELECT gateway FROM messages WHERE id = ?"), {id}).toString(),
             QStringLiteral("simulator"));
}

void SmppUpstreamTest::messageNoGatewayTakesFailsAfterTheRetryAgeAndIsRefunded()
{
    putRoutes({Gateway});
    const qint64 before = balance();
    const qint64 id = send(destination(++m_serial, QStringLiteral("0"), QStringLiteral("0")));
    QVERIFY(id > 0);
    QCOMPARE(balance(), before - 400);
    QTest::qWait(1000);
    QCOMPARE(statusOf(id), QStringLiteral("queued")); // waiting for a gateway, not failed at once
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(id), QStringLiteral("failed"), (RetryAgeSeconds + 20) * 1000);
    QVERIFY2(messageOf(id).value(QStringLiteral("failure_reason")).toString().startsWith(QLatin1String("Not sent within")),
             qPrintable(messageOf(id).value(QStringLiteral("failure_reason")).toString()));
    QTRY_COMPARE_WITH_TIMEOUT(balance(), before, SettleTimeoutMs);
}

QTEST_GUILESS_MAIN(SmppUpstreamTest)
#include "tst_smppupstream.moc"
