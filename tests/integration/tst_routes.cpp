// Routes and gateways: GET/PUT /api/admin/routes, GET /api/admin/gateways, and how a message picks
// its gateway: the longest matching prefix, then the first gateway of the route that is up.
#include "apiclient.h"
#include "applianceprocess.h"
#include "testdatabase.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

namespace {

constexpr int SettleTimeoutMs = 15000;
const QString Down = QStringLiteral("nowhere"); // an SMPP gateway whose SMSC never answers

QJsonObject table(const QJsonArray &defaultRoute, const QJsonArray &routes = {})
{
    return {{QStringLiteral("default"), defaultRoute}, {QStringLiteral("routes"), routes}};
}

QJsonObject route(const QString &prefix, const QJsonArray &gateways)
{
    return {{QStringLiteral("prefix"), prefix}, {QStringLiteral("gateways"), gateways}};
}

} // namespace

class RoutesTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void tableStartsEmpty();
    void putReplacesTheTableLongestPrefixFirst();
    void badTablesAre422AndChangeNothing_data();
    void badTablesAre422AndChangeNothing();
    void bodyThatIsNotAnObjectIs400();
    void routesNeedAnAdmin();
    void gatewaysShowEachGatewayAndItsState();
    void messagePassesOverADownGatewayToTheNextOfItsRoute();
    void messageWhoseRouteHasNoGatewayUpWaitsQueued();
    void brokenGatewaysFileStopsStartWithExit2();
    void routeWhoseGatewaysAreNoLongerConfiguredWaitsInsteadOfGoingElsewhere();

private:
    QTemporaryDir m_dir;
    TestDatabase m_database;
    std::unique_ptr<ApplianceProcess> m_appliance;
    std::unique_ptr<ApiClient> m_api;
    QString m_admin;
    ApiClient::Account m_client;
};

void RoutesTest::initTestCase()
{
    // Nothing listens on this port: the gateway stays down and keeps trying.
    const QJsonObject nowhere{{QStringLiteral("name"), Down},
                              {QStringLiteral("type"), QStringLiteral("smpp")},
                              {QStringLiteral("host"), QStringLiteral("127.0.0.1")},
                              {QStringLiteral("port"), ApplianceProcess::freePort()},
                              {QStringLiteral("system_id"), QStringLiteral("ogene")},
                              {QStringLiteral("reconnect_min_ms"), 100},
                              {QStringLiteral("reconnect_max_ms"), 500}};
    QVERIFY2(m_database.isValid(), qPrintable(m_database.error()));
    m_appliance = std::make_unique<ApplianceProcess>(m_database.url());
    m_appliance->setGateways({nowhere});
    m_appliance->setEnv(QStringLiteral("OGENE_SIMULATOR_DELIVERY_DELAY_MS"), QStringLiteral("100"));
    QVERIFY2(m_appliance->start(), qPrintable(m_appliance->output()));
    m_api = std::make_unique<ApiClient>(m_appliance->baseUrl());
    m_admin = m_api->adminToken();
    QVERIFY(!m_admin.isEmpty());
    m_client = m_api->readyClient(m_admin, QStringLiteral("100"));
    QVERIFY(!m_client.token.isEmpty());
}

void RoutesTest::tableStartsEmpty()
{
    const ApiReply reply = m_api->get(QStringLiteral("/api/admin/routes"), m_admin);
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.data().value(QStringLiteral("default")).toArray(), QJsonArray());
    QCOMPARE(reply.data().value(QStringLiteral("routes")).toArray(), QJsonArray());
}

void RoutesTest::putReplacesTheTableLongestPrefixFirst()
{
    const QJsonObject body = table({QStringLiteral("simulator")},
                                   {route(QStringLiteral("+234"), {QStringLiteral("simulator")}),
                                    route(QStringLiteral("+234803"), {Down, QStringLiteral("simulator")})});
    const ApiReply put = m_api->put(QStringLiteral("/api/admin/routes"), body, m_admin);
    QVERIFY2(put.status == 200, qPrintable(put.describe()));
    const ApiReply get = m_api->get(QStringLiteral("/api/admin/routes"), m_admin);
    QCOMPARE(get.status, 200);
    const QJsonArray routes = get.data().value(QStringLiteral("routes")).toArray();
    QCOMPARE(routes.size(), 2);
    QCOMPARE(routes.at(0).toObject().value(QStringLiteral("prefix")).toString(), QStringLiteral("+234803"));
    QCOMPARE(routes.at(0).toObject().value(QStringLiteral("gateways")).toArray(), QJsonArray({Down, QStringLiteral("simulator")}));
    QCOMPARE(routes.at(1).toObject().value(QStringLiteral("prefix")).toString(), QStringLiteral("+234"));
    QCOMPARE(get.data().value(QStringLiteral("default")).toArray(), QJsonArray{QStringLiteral("simulator")});
}

void RoutesTest::badTablesAre422AndChangeNothing_data()
{
    QTest::addColumn<QJsonObject>("body");
    QTest::addColumn<QString>("field");
    const QJsonArray sim{QStringLiteral("simulator")};
    QTest::newRow("no default") << QJsonObject{{QStringLiteral("routes"), QJsonArray()}} << "default";
    QTest::newRow("empty default") << table({}) << "default";
    QTest::newRow("unknown gateway") << table({QStringLiteral("carrier-x")}) << "default";
    QTest::newRow("gateway twice") << table({QStringLiteral("simulator"), QStringLiteral("simulator")}) << "default";
    QTest::newRow("nine gateways") << table({"a", "b", "c", "d", "e", "f", "g", "h", "i"}) << "default";
    QTest::newRow("routes not an array") << QJsonObject{{QStringLiteral("default"), sim}, {QStringLiteral("routes"), 5}} << "routes";
    QTest::newRow("prefix without plus") << table(sim, {route(QStringLiteral("234"), sim)}) << "routes.0";
    QTest::newRow("prefix too long") << table(sim, {route(QStringLiteral("+123456789012345"), sim)}) << "routes.0";
    QTest::newRow("prefix twice") << table(sim, {route(QStringLiteral("+1"), sim), route(QStringLiteral("+1"), sim)}) << "routes.1";
    QTest::newRow("route without gateways") << table(sim, {route(QStringLiteral("+1"), {})}) << "routes.0";
    QJsonArray many;
    for (int i = 0; i < 1001; ++i)
        many.append(route(QStringLiteral("+1%1").arg(i), sim));
    QTest::newRow("1001 routes") << table(sim, many) << "routes";
}

void RoutesTest::badTablesAre422AndChangeNothing()
{
    QFETCH(QJsonObject, body);
    QFETCH(QString, field);
    const QJsonObject before = m_api->get(QStringLiteral("/api/admin/routes"), m_admin).data();
    const ApiReply reply = m_api->put(QStringLiteral("/api/admin/routes"), body, m_admin);
    QCOMPARE(reply.status, 422);
    QVERIFY(reply.isErrorEnvelope());
    QVERIFY2(reply.errors().contains(field), qPrintable(reply.describe()));
    QCOMPARE(m_api->get(QStringLiteral("/api/admin/routes"), m_admin).data(), before);
}

void RoutesTest::bodyThatIsNotAnObjectIs400()
{
    const ApiReply reply = m_api->send("PUT", QStringLiteral("/api/admin/routes"), "[1,2]", m_admin);
    QCOMPARE(reply.status, 400);
    QVERIFY(reply.isErrorEnvelope());
}

void RoutesTest::routesNeedAnAdmin()
{
    for (const QString &path : {QStringLiteral("/api/admin/routes"), QStringLiteral("/api/admin/gateways")}) {
        const ApiReply anonymous = m_api->get(path);
        QCOMPARE(anonymous.status, 401);
        QVERIFY(anonymous.isErrorEnvelope());
        const ApiReply client = m_api->get(path, m_client.token);
        QCOMPARE(client.status, 403);
        QVERIFY(client.isErrorEnvelope());
    }
    const ApiReply put = m_api->put(QStringLiteral("/api/admin/routes"), table({QStringLiteral("simulator")}), m_client.token);
    QCOMPARE(put.status, 403);
    QVERIFY(put.isErrorEnvelope());
}

void RoutesTest::gatewaysShowEachGatewayAndItsState()
{
    QJsonObject simulator, down;
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            for (const QJsonValue &value : m_api->get(QStringLiteral("/api/admin/gateways"), m_admin).list()) {
                const QJsonObject gateway = value.toObject();
                (gateway.value(QStringLiteral("name")).toString() == Down ? down : simulator) = gateway;
            }
            return !down.value(QStringLiteral("last_error")).toString().isEmpty();
        }(),
        SettleTimeoutMs);
    QCOMPARE(simulator.value(QStringLiteral("name")).toString(), QStringLiteral("simulator"));
    QCOMPARE(simulator.value(QStringLiteral("type")).toString(), QStringLiteral("simulator"));
    QCOMPARE(simulator.value(QStringLiteral("state")).toString(), QStringLiteral("up"));
    QCOMPARE(down.value(QStringLiteral("type")).toString(), QStringLiteral("smpp"));
    QVERIFY(down.value(QStringLiteral("state")).toString() != QLatin1String("up"));
    QVERIFY2(down.value(QStringLiteral("last_error")).toString().contains(QLatin1String("127.0.0.1")),
             qPrintable(down.value(QStringLiteral("last_error")).toString()));
    for (const char *field : {"in_flight", "sent_per_second", "sent_total"})
        QVERIFY2(simulator.contains(QLatin1String(field)), field);
}

void RoutesTest::messagePassesOverADownGatewayToTheNextOfItsRoute()
{
    const ApiReply put = m_api->put(QStringLiteral("/api/admin/routes"),
                                    table({Down}, {route(QStringLiteral("+234803"), {Down, QStringLiteral("simulator")})}), m_admin);
    QVERIFY2(put.status == 200, qPrintable(put.describe()));
    const ApiReply sent = m_api->post(QStringLiteral("/api/client/sms/send"),
                                      {{QStringLiteral("recipient"), QStringLiteral("+2348031234567")},
                                       {QStringLiteral("sender_id"), QStringLiteral("Ogene")},
                                       {QStringLiteral("message"), QStringLiteral("routed")}},
                                      m_client.token);
    QCOMPARE(sent.status, 201);
    const qint64 id = qint64(sent.data().value(QStringLiteral("message_id")).toDouble());
    QTRY_COMPARE_WITH_TIMEOUT(
        m_api->get(QStringLiteral("/api/client/sms/status/%1").arg(id), m_client.token).data().value(QStringLiteral("status")).toString(),
        QStringLiteral("delivered"), SettleTimeoutMs);
}

void RoutesTest::messageWhoseRouteHasNoGatewayUpWaitsQueued()
{
    // +234805… takes the default route, whose only gateway is down: the message waits.
    const ApiReply sent = m_api->post(QStringLiteral("/api/client/sms/send"),
                                      {{QStringLiteral("recipient"), QStringLiteral("+2348051234567")},
                                       {QStringLiteral("sender_id"), QStringLiteral("Ogene")},
                                       {QStringLiteral("message"), QStringLiteral("waiting")}},
                                      m_client.token);
    QCOMPARE(sent.status, 201);
    const qint64 id = qint64(sent.data().value(QStringLiteral("message_id")).toDouble());
    QTest::qWait(1500);
    const QJsonObject message = m_api->get(QStringLiteral("/api/client/sms/status/%1").arg(id), m_client.token).data();
    QCOMPARE(message.value(QStringLiteral("status")).toString(), QStringLiteral("queued"));
    QCOMPARE(message.value(QStringLiteral("failure_reason")).toString(), QStringLiteral("No gateway is up"));
}

void RoutesTest::brokenGatewaysFileStopsStartWithExit2()
{
    QFile file(m_dir.filePath(QStringLiteral("broken.json")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"gateways": [{"name": "a", "type": "smpp"}]})");
    file.close();
    QProcessEnvironment bad;
    bad.insert(QStringLiteral("OGENE_GATEWAYS_FILE"), file.fileName());
    const ApplianceProcess::CommandResult result = m_appliance->runCommand({}, bad);
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains(QLatin1String("OGENE_GATEWAYS_FILE")) && result.err.contains(QLatin1String("host")),
             qPrintable(result.err));
}

void RoutesTest::routeWhoseGatewaysAreNoLongerConfiguredWaitsInsteadOfGoingElsewhere()
{
    const ApiReply put = m_api->put(QStringLiteral("/api/admin/routes"), table({Down}), m_admin);
    QVERIFY2(put.status == 200, qPrintable(put.describe()));
    // The same database, and a configuration that no longer has that gateway.
    m_appliance->stop();
    m_appliance = std::make_unique<ApplianceProcess>(m_database.url());
    m_appliance->setEnv(QStringLiteral("OGENE_SIMULATOR_DELIVERY_DELAY_MS"), QStringLiteral("100"));
    QVERIFY2(m_appliance->start(), qPrintable(m_appliance->output()));
    m_api = std::make_unique<ApiClient>(m_appliance->baseUrl());
    const ApiReply sent = m_api->post(QStringLiteral("/api/client/sms/send"),
                                      {{QStringLiteral("recipient"), QStringLiteral("+2348051234568")},
                                       {QStringLiteral("sender_id"), QStringLiteral("Ogene")},
                                       {QStringLiteral("message"), QStringLiteral("not to the simulator")}},
                                      m_client.token);
    QCOMPARE(sent.status, 201);
    const qint64 id = qint64(sent.data().value(QStringLiteral("message_id")).toDouble());
    QTest::qWait(1500);
    const QJsonObject message = m_api->message(m_client.token, id);
    QCOMPARE(message.value(QStringLiteral("status")).toString(), QStringLiteral("queued"));
    QCOMPARE(message.value(QStringLiteral("failure_reason")).toString(),
             QStringLiteral("No gateway of its route is configured on this node"));
}

QTEST_GUILESS_MAIN(RoutesTest)
#include "tst_routes.moc"
