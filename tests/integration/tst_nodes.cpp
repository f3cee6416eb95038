// Several appliance nodes on one PostgreSQL database: they share a campaign's work, one is killed half way and the other finishes it exactly once, and the
// claims that let a node die safely outlast whatever a gateway or webhook may take.
// SQLite serves one node by design, so on SQLite the suite is skipped.
#include "apiclient.h"
#include "applianceprocess.h"
#include "smpptestclient.h"
#include "testdatabase.h"

#include "smpp/pducodec.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QSqlDatabase>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QTimer>

#include <memory>

using namespace ogene::smpp;

namespace {

constexpr qint64 PricePerSegment = 400; // NGN 4.00 by default

const auto phone = &ApiClient::phone;

qint64 count(QSqlDatabase db, const QString &sql, const QVariantList &values = {})
{
    return scalar(db, sql, values).toLongLong();
}

// An SMSC that binds anyone and keeps every submit_sm without answering: a gateway bound to it
// holds each message until its response timeout.
class SilentSmsc : public QTcpServer
{
public:
    SilentSmsc() { listen(QHostAddress::LocalHost, 0); }

protected:
    void incomingConnection(qintptr descriptor) override
    {
        auto *socket = new QTcpSocket(this);
        socket->setSocketDescriptor(descriptor);
        auto buffer = std::make_shared<QByteArray>();
        connect(socket, &QTcpSocket::readyRead, socket, [socket, buffer] {
            *buffer += socket->readAll();
            for (Frame frame = PduCodec::frame(*buffer); frame.status == Frame::Status::Complete;
                 frame = PduCodec::frame(*buffer)) {
                const DecodeResult decoded = PduCodec::decode(QByteArrayView(*buffer).first(frame.length));
                buffer->remove(0, frame.length);
                if (!decoded.ok())
                    continue;
                const CommandId command = decoded.pdu->command();
                if (command == CommandId::BindTransceiver || command == CommandId::BindTransmitter
                    || command == CommandId::BindReceiver)
                    socket->write(PduCodec::encode(Pdu::response(*decoded.pdu, CommandStatus::ESME_ROK,
                                                                 BindRespBody{QByteArrayLiteral("silent"), {}})));
                else if (command == CommandId::EnquireLink)
                    socket->write(PduCodec::encode(Pdu::response(*decoded.pdu, CommandStatus::ESME_ROK)));
            }
        });
    }
};

// A webhook endpoint that answers 500 with a body it sends a byte every 50 ms, for over an hour:
// never silent long enough for a transfer timeout.
class TricklingEndpoint : public QTcpServer
{
public:
    TricklingEndpoint() { listen(QHostAddress::LocalHost, 0); }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1/hook").arg(serverPort()); }

protected:
    void incomingConnection(qintptr descriptor) override
    {
        auto *socket = new QTcpSocket(this);
        socket->setSocketDescriptor(descriptor);
        socket->write("HTTP/1.1 500 Slow\r\nContent-Type: text/plain\r\nContent-Length: 100000\r\n\r\n");
        auto *drip = new QTimer(socket);
        connect(drip, &QTimer::timeout, socket, [socket] { socket->write("x"); });
        drip->start(50);
    }
};

QString gatewayState(ApiClient &api, const QString &admin, const QString &name)
{
    for (const QJsonValue &gateway : api.get(QStringLiteral("/api/admin/gateways"), admin).list()) {
        if (gateway.toObject().value(QStringLiteral("name")).toString() == name)
            return gateway.toObject().value(QStringLiteral("state")).toString();
    }
    return {};
}

} // namespace

class NodesTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();

    void twoNodesShareACampaignAndOneFinishesItAfterTheOtherIsKilled();
    void aQueueClaimOutlastsWhatItsGatewayMayHoldAMessage();
    void aNotificationClaimOutlastsItsPostAndASlowPostIsCutOff();
    void aReceiptClaimOutlastsTheClientsAnswerTime();

private:
    // An appliance on the database, not yet started, with the settings every node here shares.
    std::unique_ptr<ApplianceProcess> node(const TestDatabase &database, const QString &name);
};

void NodesTest::initTestCase()
{
    if (TestDatabase::engine() != QLatin1String("postgresql"))
        QSKIP("Several nodes share one PostgreSQL database; SQLite serves one node by design.");
}

std::unique_ptr<ApplianceProcess> NodesTest::node(const TestDatabase &database, const QString &name)
{
    auto appliance = std::make_unique<ApplianceProcess>(database.url());
    appliance->setEnv(QStringLiteral("OGENE_NODE_NAME"), name);
    appliance->setEnv(QStringLiteral("OGENE_SIMULATOR_DELIVERY_DELAY_MS"), QStringLiteral("100"));
    return appliance;
}

void NodesTest::twoNodesShareACampaignAndOneFinishesItAfterTheOtherIsKilled()
{
    constexpr int Recipients = 100000;
    TestDatabase database;
    QVERIFY2(database.isValid(), qPrintable(database.error()));
    std::unique_ptr<ApplianceProcess> a = node(database, QStringLiteral("a"));
    std::unique_ptr<ApplianceProcess> b = node(database, QStringLiteral("b"));
    // A short claim, so that what the killed node had taken comes back within the test's time.
    for (ApplianceProcess *appliance : {a.get(), b.get()})
        appliance->setEnv(QStringLiteral("OGENE_QUEUE_CLAIM_SECONDS"), QStringLiteral("5"));
    QVERIFY2(a->start(), qPrintable(a->output()));
    QVERIFY2(b->start(), qPrintable(b->output()));
    QVERIFY(a->port() != b->port());

    ApiClient apiA(a->baseUrl());
    ApiClient apiB(b->baseUrl());
    const ApiClient::Account client = apiA.readyClient(apiA.adminToken(), QStringLiteral("500000"));
    const qint64 startingBalance = 50000000;
    QElapsedTimer clock;
    clock.start();
    const ApiReply created = apiA.post(QStringLiteral("/api/client/bulk-sms"), ApiClient::manualCampaign(ApiClient::phones(0, Recipients), QStringLiteral("Across nodes")), client.token);
    QVERIFY2(created.status == 201, qPrintable(created.describe()));
    const qint64 id = created.data().value(QStringLiteral("id")).toInteger();

    // Half way (half the recipients taken by the simulator), kill -9 node a.
    QSqlDatabase db = database.connection();
    const QString taken = QStringLiteral("SELECT COUNT(*) FROM messages WHERE campaign_id = ? AND status <> 'queued'");
    QTRY_VERIFY_WITH_TIMEOUT(count(db, taken, {id}) >= Recipients / 2, 90000);
    a->kill();
    const qint64 killedAtMs = clock.elapsed();
    const qint64 takenAtKill = count(db, taken, {id});
    const QString byNode = QStringLiteral("SELECT COUNT(*) FROM messages WHERE campaign_id = ? AND gateway_message_id LIKE ?");
    const qint64 sentByA = count(db, byNode, {id, QStringLiteral("sim-a-%")});
    const qint64 sentByBBeforeKill = count(db, byNode, {id, QStringLiteral("sim-b-%")});
    QVERIFY2(takenAtKill < Recipients, qPrintable(QStringLiteral("the campaign was done before the kill (%1)").arg(takenAtKill)));
    // Both nodes took part before the kill.
    QVERIFY2(sentByA > 0 && sentByBBeforeKill > 0,
             qPrintable(QStringLiteral("node a sent %1, node b %2").arg(sentByA).arg(sentByBBeforeKill)));

    // Node b finishes: the campaign completes with every recipient sent once.
    const QString path = QStringLiteral("/api/client/bulk-sms/%1").arg(id);
    QTRY_COMPARE_WITH_TIMEOUT(apiB.get(path, client.token).data().value(QStringLiteral("status")).toString(),
                              QStringLiteral("completed"), 90000);
    QTRY_COMPARE_WITH_TIMEOUT(apiB.get(path, client.token).data().value(QStringLiteral("delivered")).toInt(), Recipients, 30000);
    const qint64 finishedMs = clock.elapsed();
    qInfo("campaign of %d: killed node a at %.1f s (%lld taken, %lld by a, %lld by b), completed on b at %.1f s", Recipients,
          killedAtMs / 1000.0, takenAtKill, sentByA, sentByBBeforeKill, finishedMs / 1000.0);

    const QJsonObject record = apiB.get(path, client.token).data();
    QCOMPARE(record.value(QStringLiteral("total_recipients")).toInt(), Recipients);
    QCOMPARE(record.value(QStringLiteral("sent")).toInt(), Recipients);
    QCOMPARE(record.value(QStringLiteral("failed")).toInt(), 0);
    QCOMPARE(qRound64(record.value(QStringLiteral("total_cost")).toDouble() * 100), Recipients * PricePerSegment);
    // Each recipient has exactly one message, each message went out once, from one node or the other.
    QCOMPARE(count(db, QStringLiteral("SELECT COUNT(*) FROM messages WHERE campaign_id = ?"), {id}), Recipients);
    QCOMPARE(count(db, QStringLiteral("SELECT COUNT(DISTINCT recipient_phone) FROM messages WHERE campaign_id = ?"), {id}), Recipients);
    QCOMPARE(count(db, QStringLiteral("SELECT COUNT(*) FROM messages WHERE campaign_id = ? AND status = 'delivered'"), {id}), Recipients);
    QCOMPARE(count(db, byNode, {id, QStringLiteral("sim-a-%")}) + count(db, byNode, {id, QStringLiteral("sim-b-%")}), Recipients);
    QCOMPARE(count(db, byNode, {id, QStringLiteral("sim-a-%")}), sentByA); // nothing more from the dead node
    QCOMPARE(count(db, QStringLiteral("SELECT COUNT(DISTINCT gateway_message_id) FROM messages WHERE campaign_id = ?"), {id}),
             Recipients);
    // The account was debited once, for the whole campaign, and nothing was refunded.
    QCOMPARE(count(db, QStringLiteral("SELECT COUNT(*) FROM wallet_transactions WHERE user_id = ? AND type = 'debit'"), {client.id}), 1);
    QCOMPARE(count(db, QStringLiteral("SELECT COUNT(*) FROM wallet_transactions WHERE user_id = ? AND category = 'refund'"), {client.id}),
             0);
    QCOMPARE(count(db, QStringLiteral("SELECT amount FROM wallet_transactions WHERE user_id = ? AND reference = ?"),
                   {client.id, QStringLiteral("campaign:%1").arg(id)}),
             Recipients * PricePerSegment);
    QCOMPARE(apiB.balance(client.token), startingBalance - Recipients * PricePerSegment);
}

void NodesTest::aQueueClaimOutlastsWhatItsGatewayMayHoldAMessage()
{
    SilentSmsc smsc;
    QVERIFY(smsc.isListening());
    TestDatabase database;
    QVERIFY2(database.isValid(), qPrintable(database.error()));
    std::unique_ptr<ApplianceProcess> appliance = node(database, QStringLiteral("slow"));
    appliance->setEnv(QStringLiteral("OGENE_QUEUE_CLAIM_SECONDS"), QStringLiteral("5"));
    appliance->setGateways({QJsonObject{{QStringLiteral("name"), QStringLiteral("silent")},
                                        {QStringLiteral("type"), QStringLiteral("smpp")},
                                        {QStringLiteral("host"), QStringLiteral("127.0.0.1")},
                                        {QStringLiteral("port"), smsc.serverPort()},
                                        {QStringLiteral("system_id"), QStringLiteral("ogene")},
                                        {QStringLiteral("response_timeout_seconds"), 300}}});
    QVERIFY2(appliance->start(), qPrintable(appliance->output()));
    ApiClient api(appliance->baseUrl());
    const QString admin = api.adminToken();
    const ApiReply routes = api.put(QStringLiteral("/api/admin/routes"),
                                    {{QStringLiteral("default"), QJsonArray{QStringLiteral("silent")}},
                                     {QStringLiteral("routes"), QJsonArray{}}},
                                    admin);
    QVERIFY2(routes.status == 200, qPrintable(routes.describe()));
    QTRY_COMPARE_WITH_TIMEOUT(gatewayState(api, admin, QStringLiteral("silent")), QStringLiteral("up"), 10000);
    const ApiClient::Account client = api.readyClient(admin, QStringLiteral("10"));
    const qint64 id = api.sendSms(client.token, phone(1), QStringLiteral("Ogene"), QStringLiteral("held"));
    QVERIFY(id > 0);

    // The SMSC never answers, so the gateway may hold the message for its 20 s wait and up to
    // twice its 300 s response timeout: the claim must last longer than that, whatever
    // QUEUE_CLAIM_SECONDS says, or a second node would take the message and send it again.
    QSqlDatabase db = database.connection();
    QTRY_VERIFY_WITH_TIMEOUT(count(db, QStringLiteral("SELECT claimed_until FROM messages WHERE id = ?"), {id}) > 0, 10000);
    const qint64 claimedFor = count(db, QStringLiteral("SELECT claimed_until - updated_at FROM messages WHERE id = ?"), {id});
    QVERIFY2(claimedFor >= (20 + 2 * 300) * 1000, qPrintable(QString::number(claimedFor)));
    QCOMPARE(api.messageStatus(client.token, id), QStringLiteral("queued"));
}

void NodesTest::aNotificationClaimOutlastsItsPostAndASlowPostIsCutOff()
{
    TricklingEndpoint endpoint;
    QVERIFY(endpoint.isListening());
    TestDatabase database;
    QVERIFY2(database.isValid(), qPrintable(database.error()));
    QSqlDatabase db = database.connection();
    std::unique_ptr<ApplianceProcess> appliance = node(database, QStringLiteral("hooks"));
    // A post may last up to twice its timeout (then it is cut off) and its result takes a moment to
    // record: with 60 s, the claim is 150 s, past the 120 s it never goes under.
    appliance->setEnv(QStringLiteral("OGENE_WEBHOOK_TIMEOUT_MS"), QStringLiteral("60000"));
    QVERIFY2(appliance->start(), qPrintable(appliance->output()));
    ApiClient::Account client;
    {
        ApiClient api(appliance->baseUrl());
        client = api.readyClient(api.adminToken(), QStringLiteral("10"));
        const ApiReply put = api.put(QStringLiteral("/api/client/webhooks"),
                                     {{QStringLiteral("url"), endpoint.url()},
                                      {QStringLiteral("events"), QJsonArray{QStringLiteral("message.sent")}}},
                                     client.token);
        QVERIFY2(put.status == 200, qPrintable(put.describe()));
        QVERIFY(api.sendSms(client.token, phone(2), QStringLiteral("Ogene"), QStringLiteral("notify me")) > 0);
    }
    const QString claimedFor = QStringLiteral("SELECT MAX(claimed_until - updated_at) FROM webhook_deliveries");
    QTRY_VERIFY_WITH_TIMEOUT(count(db, claimedFor) > 0, 10000);
    QVERIFY2(count(db, claimedFor) >= 2 * 60000 + 30000, qPrintable(QString::number(count(db, claimedFor))));
    appliance->stop();

    // With a 1 s timeout, the endpoint that never stops answering a byte at a time is cut off at
    // 2 s and the attempt recorded as failed; without the cut the post would last over an hour.
    appliance->setEnv(QStringLiteral("OGENE_WEBHOOK_TIMEOUT_MS"), QStringLiteral("1000"));
    QVERIFY2(appliance->start(), qPrintable(appliance->output()));
    ApiClient api(appliance->baseUrl());
    const qint64 id = api.sendSms(client.token, phone(3), QStringLiteral("Ogene"), QStringLiteral("notify me too"));
    QVERIFY(id > 0);
    const QString attempts = QStringLiteral("SELECT COUNT(*) FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id "
                                            "WHERE d.message_id = ?");
    QTRY_COMPARE_WITH_TIMEOUT(count(db, attempts, {id}), 1, 15000);
    QCOMPARE(count(db, QStringLiteral("SELECT a.status_code FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id "
                                      "WHERE d.message_id = ?"),
                   {id}),
             500);
    QVERIFY(!scalar(db, QStringLiteral("SELECT a.error FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id "
                                       "WHERE d.message_id = ?"),
                    {id})
                 .toString()
                 .isEmpty());
    QCOMPARE(scalar(db, QStringLiteral("SELECT status FROM webhook_deliveries WHERE message_id = ?"), {id}).toString(),
             QStringLiteral("pending"));
}

void NodesTest::aReceiptClaimOutlastsTheClientsAnswerTime()
{
    TestDatabase database;
    QVERIFY2(database.isValid(), qPrintable(database.error()));
    std::unique_ptr<ApplianceProcess> appliance = node(database, QStringLiteral("receipts"));
    appliance->setEnv(QStringLiteral("OGENE_SMPP_RESPONSE_TIMEOUT_SECONDS"), QStringLiteral("120"));
    QVERIFY2(appliance->start(), qPrintable(appliance->output()));
    ApiClient api(appliance->baseUrl());
    const QString admin = api.adminToken();
    const ApiClient::Account client = api.readyClient(admin, QStringLiteral("10"), QStringLiteral("Acme"));
    QCOMPARE(api.post(QStringLiteral("/api/admin/users/%1/smpp-access").arg(client.id), {{QStringLiteral("approved"), true}}, admin).status,
             200);
    const ApiReply generated = api.post(QStringLiteral("/api/client/credentials/smpp/generate"), {}, client.token);
    QVERIFY2(generated.status == 201 || generated.status == 200, qPrintable(generated.describe()));
    const qint64 credential = generated.data().value(QStringLiteral("id")).toInteger();

    // A transceiver that asks for a receipt and then never answers the deliver_sm that brings it.
    SmppTestClient session(appliance->smppPort());
    QCOMPARE(session.bind(CommandId::BindTransceiver, generated.data().value(QStringLiteral("smpp_username")).toString(),
                          generated.data().value(QStringLiteral("smpp_password")).toString()),
             quint32(CommandStatus::ESME_ROK));
    QCOMPARE(session.submit(SmppTestClient::textMessage(QStringLiteral("Acme"), QStringLiteral("2348031234567"), "receipt please", 1)).status,
             quint32(CommandStatus::ESME_ROK));

    // The client has 120 s to answer before its session is closed and the receipt offered again:
    // the claim outlasts that, so another node where the credential is bound does not send it too.
    QSqlDatabase db = database.connection();
    const QString claimedFor = QStringLiteral("SELECT receipt_claimed_until - completed_at FROM messages WHERE receipt_credential_id = ? "
                                              "AND receipt_claimed_until > 0");
    QTRY_VERIFY_WITH_TIMEOUT(count(db, claimedFor, {credential}) > 0, 10000);
    QVERIFY2(count(db, claimedFor, {credential}) >= 120000 + 30000 - 1000, qPrintable(QString::number(count(db, claimedFor, {credential}))));
}

QTEST_GUILESS_MAIN(NodesTest)
#include "tst_nodes.moc"
