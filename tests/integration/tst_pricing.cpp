// Pricing: the admin price list (defaults per currency, prefix prices where the longest match wins),
// what a send costs under it, validation of updates, the admin role requirement, prices kept across
// a restart, and default prices taken from the configuration.
#include "apiclient.h"
#include "applianceprocess.h"
#include "testdatabase.h"

#include <QJsonDocument>
#include <QTest>

namespace {

// A wallet or send-result amount shown as a JSON number, in minor units.
qint64 minorUnits(const QJsonValue &value)
{
    return qRound64(value.toDouble() * 100);
}

const QString NigerianNumber = QStringLiteral("+2348031234567");

} // namespace

class PricingTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void defaultsAreTheConfiguredPricesWithNoPrefixes();
    void oneSegmentCostsTheDefaultPrice_data();
    void oneSegmentCostsTheDefaultPrice();
    void eachSegmentCostsTheDefaultPrice();
    void changedDefaultAppliesToTheNextSend();
    void longestMatchingPrefixWins();
    void prefixesOfOneCurrencyDoNotPriceAnother();
    void prefixesArrayReplacesEveryPrefixAndDefaultsAloneKeepThem();
    void zeroPriceMakesSendsFree();
    void updateRefusesBadInput_data();
    void updateRefusesBadInput();
    void clientGets403();
    void pricesSurviveARestart();
    void configuredDefaultPriceIsCharged();

private:
    ApiReply putPricing(const QJsonObject &body);
    QJsonObject currentPricing();
    ApiReply sendSms(const ApiClient::Account &client, const QString &recipient = NigerianNumber,
                     const QString &text = QStringLiteral("Pricing suite"));
    void connectTo(ApplianceProcess &appliance);

    TestDatabase m_database;
    std::unique_ptr<ApplianceProcess> m_appliance;
    std::unique_ptr<ApiClient> m_api;
    QString m_adminToken;
};

void PricingTest::initTestCase()
{
    QVERIFY2(m_database.isValid(), qPrintable(m_database.error()));
    m_appliance = std::make_unique<ApplianceProcess>(m_database.url());
    QVERIFY2(m_appliance->start(), qPrintable(m_appliance->output()));
    connectTo(*m_appliance);
    QVERIFY(!m_adminToken.isEmpty());
}

void PricingTest::connectTo(ApplianceProcess &appliance)
{
    m_api = std::make_unique<ApiClient>(appliance.baseUrl());
    m_adminToken = m_api->adminToken();
}

// Every test starts from the shipped prices and no prefixes.
void PricingTest::cleanup()
{
    const ApiReply reset = putPricing({{QStringLiteral("defaults"), QJsonObject{{QStringLiteral("NGN"), QStringLiteral("4.00")},
                                                                                {QStringLiteral("USD"), QStringLiteral("0.02")}}},
                                       {QStringLiteral("prefixes"), QJsonArray{}}});
    QVERIFY2(reset.status == 200, qPrintable(reset.describe()));
}

ApiReply PricingTest::putPricing(const QJsonObject &body)
{
    return m_api->put(QStringLiteral("/api/admin/pricing"), body, m_adminToken);
}

QJsonObject PricingTest::currentPricing()
{
    const ApiReply reply = m_api->get(QStringLiteral("/api/admin/pricing"), m_adminToken);
    return reply.status == 200 ? reply.data() : QJsonObject();
}

ApiReply PricingTest::sendSms(const ApiClient::Account &client, const QString &recipient, const QString &text)
{
    return m_api->post(QStringLiteral("/api/client/sms/send"),
                       {{QStringLiteral("recipient"), recipient},
                        {QStringLiteral("sender_id"), QStringLiteral("Ogene")},
                        {QStringLiteral("message"), text}},
                       client.token);
}

void PricingTest::defaultsAreTheConfiguredPricesWithNoPrefixes()
{
    const ApiReply reply = m_api->get(QStringLiteral("/api/admin/pricing"), m_adminToken);
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.json.value(QStringLiteral("success")), QJsonValue(true));
    const QJsonObject expected{
        {QStringLiteral("defaults"), QJsonObject{{QStringLiteral("NGN"), QStringLiteral("4.00")}, {QStringLiteral("USD"), QStringLiteral("0.02")}}},
        {QStringLiteral("prefixes"), QJsonArray{}}};
    QVERIFY2(reply.data() == expected, qPrintable(reply.describe()));
}

void PricingTest::oneSegmentCostsTheDefaultPrice_data()
{
    QTest::addColumn<QString>("currency");
    QTest::addColumn<qint64>("price");
    QTest::newRow("NGN") << QStringLiteral("NGN") << Q_INT64_C(400);
    QTest::newRow("USD") << QStringLiteral("USD") << Q_INT64_C(2);
}

void PricingTest::oneSegmentCostsTheDefaultPrice()
{
    QFETCH(QString, currency);
    QFETCH(qint64, price);
    const ApiClient::Account client = m_api->readyClient(m_adminToken, QStringLiteral("10.00"), QStringLiteral("Ogene"), currency);
    const ApiReply reply = sendSms(client);
    QCOMPARE(reply.status, 201);
    QCOMPARE(reply.data().value(QStringLiteral("segments")).toInt(), 1);
    QVERIFY(reply.data().value(QStringLiteral("cost")).isDouble());
    QCOMPARE(minorUnits(reply.data().value(QStringLiteral("cost"))), price);
    QCOMPARE(minorUnits(reply.data().value(QStringLiteral("new_balance"))), 1000 - price);
    const ApiReply balance = m_api->get(QStringLiteral("/api/client/balance"), client.token);
    QVERIFY2(balance.status == 200, qPrintable(balance.describe()));
    QCOMPARE(minorUnits(balance.json.value(QStringLiteral("balance"))), 1000 - price);

    // The stored message shows the same cost, as a decimal string, in the wallet's currency.
    const qint64 id = reply.data().value(QStringLiteral("message_id")).toInteger();
    const ApiReply status = m_api->get(QStringLiteral("/api/client/sms/status/%1").arg(id), client.token);
    QCOMPARE(status.status, 200);
    QCOMPARE(status.data().value(QStringLiteral("cost")).toString(), currency == QLatin1String("NGN") ? QStringLiteral("4.00") : QStringLiteral("0.02"));
    QCOMPARE(status.data().value(QStringLiteral("currency")).toString(), currency);
}

void PricingTest::eachSegmentCostsTheDefaultPrice()
{
    const ApiClient::Account client = m_api->readyClient(m_adminToken, QStringLiteral("20.00"));
    ApiReply reply = sendSms(client, NigerianNumber, QString(160, QLatin1Char('a')));
    QCOMPARE(reply.status, 201);
    QCOMPARE(reply.data().value(QStringLiteral("segments")).toInt(), 1);
    QCOMPARE(minorUnits(reply.data().value(QStringLiteral("cost"))), 400);

    reply = sendSms(client, NigerianNumber, QString(161, QLatin1Char('a')));
    QCOMPARE(reply.status, 201);
    QCOMPARE(reply.data().value(QStringLiteral("segments")).toInt(), 2);
    QCOMPARE(minorUnits(reply.data().value(QStringLiteral("cost"))), 800);
    QCOMPARE(minorUnits(reply.data().value(QStringLiteral("new_balance"))), 2000 - 400 - 800);
}

void PricingTest::changedDefaultAppliesToTheNextSend()
{
    const ApiClient::Account client = m_api->readyClient(m_adminToken, QStringLiteral("20.00"));
    QCOMPARE(minorUnits(sendSms(client).data().value(QStringLiteral("cost"))), 400);

    const ApiReply updated = putPricing({{QStringLiteral("defaults"), QJsonObject{{QStringLiteral("NGN"), QStringLiteral("5.00")}}}});
    QCOMPARE(updated.status, 200);
    QCOMPARE(updated.json.value(QStringLiteral("success")), QJsonValue(true));
    QCOMPARE(updated.data().value(QStringLiteral("defaults")).toObject().value(QStringLiteral("NGN")).toString(), QStringLiteral("5.00"));
    // A currency left out keeps its price.
    QCOMPARE(updated.data().value(QStringLiteral("defaults")).toObject().value(QStringLiteral("USD")).toString(), QStringLiteral("0.02"));
    QCOMPARE(currentPricing().value(QStringLiteral("defaults")).toObject().value(QStringLiteral("NGN")).toString(), QStringLiteral("5.00"));

    const ApiReply reply = sendSms(client);
    QCOMPARE(reply.status, 201);
    QCOMPARE(minorUnits(reply.data().value(QStringLiteral("cost"))), 500);
    QCOMPARE(minorUnits(reply.data().value(QStringLiteral("new_balance"))), 2000 - 400 - 500);

    // A number works as well as a string.
    QCOMPARE(putPricing({{QStringLiteral("defaults"), QJsonObject{{QStringLiteral("NGN"), 4.5}}}}).status, 200);
    QCOMPARE(minorUnits(sendSms(client).data().value(QStringLiteral("cost"))), 450);
}

void PricingTest::longestMatchingPrefixWins()
{
    const QJsonArray prefixes{
        QJsonObject{{QStringLiteral("currency"), QStringLiteral("NGN")}, {QStringLiteral("prefix"), QStringLiteral("+234803")}, {QStringLiteral("price"), QStringLiteral("3.50")}},
        QJsonObject{{QStringLiteral("currency"), QStringLiteral("NGN")}, {QStringLiteral("prefix"), QStringLiteral("+2348031")}, {QStringLiteral("price"), QStringLiteral("3.00")}}};
    const ApiReply updated = putPricing({{QStringLiteral("prefixes"), prefixes}});
    QCOMPARE(updated.status, 200);
    QCOMPARE(updated.data().value(QStringLiteral("prefixes")).toArray().size(), 2);
    const QJsonArray shown = currentPricing().value(QStringLiteral("prefixes")).toArray();
    QCOMPARE(shown.size(), 2);
    for (const QJsonValue &entry : prefixes)
        QVERIFY2(shown.contains(entry), QJsonDocument(shown).toJson().constData());
    // Prefix prices leave the defaults alone.
    QCOMPARE(currentPricing().value(QStringLiteral("defaults")).toObject().value(QStringLiteral("NGN")).toString(), QStringLiteral("4.00"));

    const ApiClient::Account client = m_api->readyClient(m_adminToken, QStringLiteral("50.00"));
    const struct
    {
        QString recipient;
        qint64 cost;
    } cases[] = {{QStringLiteral("+2348031234567"), 300}, {QStringLiteral("+2348039999999"), 350}, {QStringLiteral("+2348051234567"), 400},
                 {QStringLiteral("08031234567"), 300}};
    qint64 balance = 5000;
    for (const auto &[recipient, cost] : cases) {
        const ApiReply reply = sendSms(client, recipient);
        QVERIFY2(reply.status == 201, qPrintable(recipient + QLatin1Char(' ') + reply.describe()));
        QVERIFY2(minorUnits(reply.data().value(QStringLiteral("cost"))) == cost, qPrintable(recipient + QLatin1Char(' ') + reply.describe()));
        balance -= cost;
        QCOMPARE(minorUnits(reply.data().value(QStringLiteral("new_balance"))), balance);
    }

    // Per segment: two segments to the cheapest prefix.
    const ApiReply twoSegments = sendSms(client, NigerianNumber, QString(161, QLatin1Char('b')));
    QCOMPARE(twoSegments.status, 201);
    QCOMPARE(minorUnits(twoSegments.data().value(QStringLiteral("cost"))), 600);
}

void PricingTest::prefixesOfOneCurrencyDoNotPriceAnother()
{
    QCOMPARE(putPricing({{QStringLiteral("prefixes"),
                          QJsonArray{QJsonObject{{QStringLiteral("currency"), QStringLiteral("NGN")},
                                                 {QStringLiteral("prefix"), QStringLiteral("+234")},
                                                 {QStringLiteral("price"), QStringLiteral("1.00")}},
                                     QJsonObject{{QStringLiteral("currency"), QStringLiteral("USD")},
                                                 {QStringLiteral("prefix"), QStringLiteral("+44")},
                                                 {QStringLiteral("price"), QStringLiteral("0.05")}}}}})
                 .status,
             200);
    const ApiClient::Account naira = m_api->readyClient(m_adminToken, QStringLiteral("10.00"));
    const ApiClient::Account dollar = m_api->readyClient(m_adminToken, QStringLiteral("10.00"), QStringLiteral("Ogene"), QStringLiteral("USD"));
    QCOMPARE(minorUnits(sendSms(naira).data().value(QStringLiteral("cost"))), 100);
    QCOMPARE(minorUnits(sendSms(dollar).data().value(QStringLiteral("cost"))), 2);
    QCOMPARE(minorUnits(sendSms(dollar, QStringLiteral("+447911123456")).data().value(QStringLiteral("cost"))), 5);
    QCOMPARE(minorUnits(sendSms(naira, QStringLiteral("+447911123456")).data().value(QStringLiteral("cost"))), 400);
}

void PricingTest::prefixesArrayReplacesEveryPrefixAndDefaultsAloneKeepThem()
{
    const auto entry = [](const QString &prefix, const QString &price) {
        return QJsonObject{{QStringLiteral("currency"), QStringLiteral("NGN")}, {QStringLiteral("prefix"), prefix}, {QStringLiteral("price"), price}};
    };
    QCOMPARE(putPricing({{QStringLiteral("prefixes"), QJsonArray{entry(QStringLiteral("+234803"), QStringLiteral("3.50"))}}}).status, 200);
    QCOMPARE(putPricing({{QStringLiteral("prefixes"), QJsonArray{entry(QStringLiteral("+234805"), QStringLiteral("2.00"))}}}).status, 200);
    QCOMPARE(currentPricing().value(QStringLiteral("prefixes")).toArray(), QJsonArray{entry(QStringLiteral("+234805"), QStringLiteral("2.00"))});

    QCOMPARE(putPricing({{QStringLiteral("defaults"), QJsonObject{{QStringLiteral("USD"), QStringLiteral("0.03")}}}}).status, 200);
    QCOMPARE(currentPricing().value(QStringLiteral("prefixes")).toArray(), QJsonArray{entry(QStringLiteral("+234805"), QStringLiteral("2.00"))});

    const ApiClient::Account client = m_api->readyClient(m_adminToken, QStringLiteral("10.00"));
    QCOMPARE(minorUnits(sendSms(client, QStringLiteral("+2348031234567")).data().value(QStringLiteral("cost"))), 400);
    QCOMPARE(minorUnits(sendSms(client, QStringLiteral("+2348051234567")).data().value(QStringLiteral("cost"))), 200);

    QCOMPARE(putPricing({{QStringLiteral("prefixes"), QJsonArray{}}}).status, 200);
    QVERIFY(currentPricing().value(QStringLiteral("prefixes")).toArray().isEmpty());
    QCOMPARE(minorUnits(sendSms(client, QStringLiteral("+2348051234567")).data().value(QStringLiteral("cost"))), 400);
}

void PricingTest::zeroPriceMakesSendsFree()
{
    QCOMPARE(putPricing({{QStringLiteral("defaults"), QJsonObject{{QStringLiteral("NGN"), QStringLiteral("0")}}}}).status, 200);
    QCOMPARE(currentPricing().value(QStringLiteral("defaults")).toObject().value(QStringLiteral("NGN")).toString(), QStringLiteral("0.00"));
    const ApiClient::Account client = m_api->readyClient(m_adminToken, QStringLiteral("1.00"));
    const ApiReply reply = sendSms(client);
    QCOMPARE(reply.status, 201);
    QCOMPARE(minorUnits(reply.data().value(QStringLiteral("cost"))), 0);
    QCOMPARE(minorUnits(reply.data().value(QStringLiteral("new_balance"))), 100);
}

void PricingTest::updateRefusesBadInput_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("field"); // the errors key, or its start ("prefixes." for an entry)

    QTest::newRow("empty object") << QByteArray("{}") << QStringLiteral("defaults");
    QTest::newRow("no body at all") << QByteArray() << QStringLiteral("defaults");
    QTest::newRow("default currency EUR") << QByteArray(R"({"defaults":{"EUR":"4.00"}})") << QStringLiteral("defaults.EUR");
    QTest::newRow("default price -1") << QByteArray(R"({"defaults":{"NGN":-1}})") << QStringLiteral("defaults.NGN");
    QTest::newRow("default price 1.001") << QByteArray(R"({"defaults":{"NGN":"1.001"}})") << QStringLiteral("defaults.NGN");
    QTest::newRow("default price abc") << QByteArray(R"({"defaults":{"NGN":"abc"}})") << QStringLiteral("defaults.NGN");
    QTest::newRow("default price over the limit") << QByteArray(R"({"defaults":{"NGN":"1000000.01"}})") << QStringLiteral("defaults.NGN");
    QTest::newRow("defaults not an object") << QByteArray(R"({"defaults":"4.00"})") << QStringLiteral("defaults");
    QTest::newRow("prefixes not an array") << QByteArray(R"({"prefixes":{"currency":"NGN","prefix":"+234","price":"1.00"}})")
                                           << QStringLiteral("prefixes");
    QTest::newRow("prefixes a string") << QByteArray(R"({"prefixes":"+234"})") << QStringLiteral("prefixes");
    QTest::newRow("prefix currency EUR") << QByteArray(R"({"prefixes":[{"currency":"EUR","prefix":"+234","price":"1.00"}]})")
                                         << QStringLiteral("prefixes.0");
    QTest::newRow("prefix without +") << QByteArray(R"({"prefixes":[{"currency":"NGN","prefix":"234803","price":"1.00"}]})")
                                      << QStringLiteral("prefixes.0");
    QTest::newRow("prefix with letters") << QByteArray(R"({"prefixes":[{"currency":"NGN","prefix":"+234abc","price":"1.00"}]})")
                                         << QStringLiteral("prefixes.0");
    QTest::newRow("prefix only +") << QByteArray(R"({"prefixes":[{"currency":"NGN","prefix":"+","price":"1.00"}]})")
                                   << QStringLiteral("prefixes.0");
    QTest::newRow("prefix price -1") << QByteArray(R"({"prefixes":[{"currency":"NGN","prefix":"+234","price":-1}]})")
                                     << QStringLiteral("prefixes.0");
    QTest::newRow("prefix price 1.001") << QByteArray(R"({"prefixes":[{"currency":"NGN","prefix":"+234","price":"1.001"}]})")
                                        << QStringLiteral("prefixes.0");
    QTest::newRow("prefix price missing") << QByteArray(R"({"prefixes":[{"currency":"NGN","prefix":"+234"}]})")
                                          << QStringLiteral("prefixes.0");
    QTest::newRow("second entry bad") << QByteArray(R"({"prefixes":[{"currency":"NGN","prefix":"+234","price":"1.00"},)"
                                                    R"({"currency":"NGN","prefix":"+235x","price":"1.00"}]})")
                                      << QStringLiteral("prefixes.1");
    QTest::newRow("good defaults, bad prefixes") << QByteArray(R"({"defaults":{"NGN":"9.00"},"prefixes":[{"currency":"NGN","prefix":"234","price":"1"}]})")
                                                 << QStringLiteral("prefixes.0");
}

void PricingTest::updateRefusesBadInput()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, field);
    const QJsonObject before = currentPricing();
    QVERIFY(!before.isEmpty());

    const ApiReply reply = m_api->send("PUT", QStringLiteral("/api/admin/pricing"), body, m_adminToken);
    QCOMPARE(reply.status, 422);
    QVERIFY(reply.isErrorEnvelope());
    QVERIFY2(reply.errors().contains(field), qPrintable(reply.describe()));
    // Nothing of a refused update is kept.
    QCOMPARE(currentPricing(), before);
}

void PricingTest::clientGets403()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    ApiReply reply = m_api->get(QStringLiteral("/api/admin/pricing"), client.token);
    QCOMPARE(reply.status, 403);
    QVERIFY(reply.isErrorEnvelope());
    reply = m_api->put(QStringLiteral("/api/admin/pricing"), {{QStringLiteral("defaults"), QJsonObject{{QStringLiteral("NGN"), QStringLiteral("0.01")}}}},
                       client.token);
    QCOMPARE(reply.status, 403);
    QCOMPARE(m_api->get(QStringLiteral("/api/admin/pricing")).status, 401);
    QCOMPARE(currentPricing().value(QStringLiteral("defaults")).toObject().value(QStringLiteral("NGN")).toString(), QStringLiteral("4.00"));
}

void PricingTest::pricesSurviveARestart()
{
    const QJsonObject update{
        {QStringLiteral("defaults"), QJsonObject{{QStringLiteral("NGN"), QStringLiteral("5.00")}, {QStringLiteral("USD"), QStringLiteral("0.03")}}},
        {QStringLiteral("prefixes"), QJsonArray{QJsonObject{{QStringLiteral("currency"), QStringLiteral("NGN")},
                                                            {QStringLiteral("prefix"), QStringLiteral("+2348031")},
                                                            {QStringLiteral("price"), QStringLiteral("3.00")}}}}};
    QCOMPARE(putPricing(update).status, 200);
    const QJsonObject before = currentPricing();

    m_appliance->stop();
    m_appliance = std::make_unique<ApplianceProcess>(m_database.url());
    QVERIFY2(m_appliance->start(), qPrintable(m_appliance->output()));
    connectTo(*m_appliance);
    QVERIFY(!m_adminToken.isEmpty());

    QCOMPARE(currentPricing(), before);
    QCOMPARE(before.value(QStringLiteral("defaults")).toObject().value(QStringLiteral("NGN")).toString(), QStringLiteral("5.00"));
    const ApiClient::Account client = m_api->readyClient(m_adminToken, QStringLiteral("10.00"));
    QCOMPARE(minorUnits(sendSms(client, QStringLiteral("+2348031234567")).data().value(QStringLiteral("cost"))), 300);
    QCOMPARE(minorUnits(sendSms(client, QStringLiteral("+2348051234567")).data().value(QStringLiteral("cost"))), 500);
}

void PricingTest::configuredDefaultPriceIsCharged()
{
    TestDatabase database;
    QVERIFY2(database.isValid(), qPrintable(database.error()));
    ApplianceProcess appliance(database.url());
    appliance.setEnv(QStringLiteral("OGENE_PRICE_NGN"), QStringLiteral("2.50"));
    QVERIFY2(appliance.start(), qPrintable(appliance.output()));
    ApiClient api(appliance.baseUrl());
    const QString admin = api.adminToken();
    QVERIFY(!admin.isEmpty());

    const ApiReply pricing = api.get(QStringLiteral("/api/admin/pricing"), admin);
    QCOMPARE(pricing.status, 200);
    QCOMPARE(pricing.data().value(QStringLiteral("defaults")).toObject().value(QStringLiteral("NGN")).toString(), QStringLiteral("2.50"));
    QCOMPARE(pricing.data().value(QStringLiteral("defaults")).toObject().value(QStringLiteral("USD")).toString(), QStringLiteral("0.02"));

    const ApiClient::Account client = api.readyClient(admin, QStringLiteral("10.00"));
    const auto send = [&](const QString &text) {
        return api.post(QStringLiteral("/api/client/sms/send"),
                        {{QStringLiteral("recipient"), NigerianNumber}, {QStringLiteral("sender_id"), QStringLiteral("Ogene")},
                         {QStringLiteral("message"), text}},
                        client.token);
    };
    ApiReply reply = send(QStringLiteral("Configured price"));
    QCOMPARE(reply.status, 201);
    QCOMPARE(minorUnits(reply.data().value(QStringLiteral("cost"))), 250);
    QCOMPARE(minorUnits(reply.data().value(QStringLiteral("new_balance"))), 750);
    reply = send(QString(161, QLatin1Char('c')));
    QCOMPARE(reply.status, 201);
    QCOMPARE(minorUnits(reply.data().value(QStringLiteral("cost"))), 500);
    appliance.stop();
}

QTEST_GUILESS_MAIN(PricingTest)
#include "tst_pricing.moc"
