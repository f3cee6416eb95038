// Carrier routing rules that need no network: receipt ids in hex or decimal, source TON/NPI by the
// sender's shape, the route table's longest prefix, and the gateway definitions file.
#include "carriers/carriermessageid.h"
#include "carriers/gatewaydefinitions.h"
#include "carriers/kannelhttpgateway.h"
#include "carriers/sourceaddress.h"
#include "routing/routetable.h"

#include <QTemporaryDir>
#include <QUrlQuery>
#include <QTest>

namespace {

bool sameMessage(const QString &submitted, const QString &receipted)
{
    const QStringList forms = ogene::CarrierMessageId::forms(submitted);
    for (const QString &form : ogene::CarrierMessageId::forms(receipted)) {
        if (forms.contains(form))
            return true;
    }
    return false;
}

} // namespace

class CarriersTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void receiptIdMatchesInEitherBase_data();
    void receiptIdMatchesInEitherBase();
    void differentIdsDoNotMatch();
    void spellingsCoverBothCases();
    void sourceAddressFollowsTheSenderShape_data();
    void sourceAddressFollowsTheSenderShape();
    void sourceAddressTonNpiIsConfigurable();
    void longestPrefixWins();
    void definitionsReadEveryField();
    void definitionsRefuseMistakes_data();
    void definitionsRefuseMistakes();
    void kannelQueryCarriesTheDlrUrlWithKannelsPlaceholders();
};

void CarriersTest::receiptIdMatchesInEitherBase_data()
{
    QTest::addColumn<QString>("submitted");
    QTest::addColumn<QString>("receipted");
    QTest::newRow("same") << "12345678" << "12345678";
    QTest::newRow("hex answer, decimal receipt") << "12345678" << "305419896";
    QTest::newRow("decimal answer, hex receipt") << "305419896" << "12345678";
    QTest::newRow("hex case") << "1A2B3C" << "1a2b3c";
    QTest::newRow("hex letters, decimal receipt") << "1A2B3C" << "1715004";
    QTest::newRow("leading zeros") << "000123" << "123";
    QTest::newRow("spaces") << " abc " << "ABC";
    QTest::newRow("not a number") << "msg-77" << "MSG-77";
}

void CarriersTest::receiptIdMatchesInEitherBase()
{
    QFETCH(QString, submitted);
    QFETCH(QString, receipted);
    QVERIFY(sameMessage(submitted, receipted));
}

void CarriersTest::differentIdsDoNotMatch()
{
    QVERIFY(!sameMessage(QStringLiteral("12345678"), QStringLiteral("12345679")));
    QVERIFY(!sameMessage(QStringLiteral("abc"), QStringLiteral("abd")));
    QVERIFY(ogene::CarrierMessageId::forms(QString()).isEmpty());
}

void CarriersTest::spellingsCoverBothCases()
{
    const QStringList spellings = ogene::CarrierMessageId::spellings(QStringLiteral("305419896"));
    QVERIFY(spellings.contains(QStringLiteral("305419896")));
    QVERIFY(spellings.contains(QStringLiteral("12345678")));
    const QStringList hex = ogene::CarrierMessageId::spellings(QStringLiteral("1715004"));
    QVERIFY(hex.contains(QStringLiteral("1a2b3c")));
    QVERIFY(hex.contains(QStringLiteral("1A2B3C")));
}

void CarriersTest::sourceAddressFollowsTheSenderShape_data()
{
    QTest::addColumn<QString>("sender");
    QTest::addColumn<int>("ton");
    QTest::addColumn<int>("npi");
    QTest::addColumn<QString>("address");
    QTest::newRow("alphanumeric") << "Acme" << 5 << 0 << "Acme";
    QTest::newRow("letters and digits") << "Shop24" << 5 << 0 << "Shop24";
    QTest::newRow("international with plus") << "+2348031234567" << 1 << 1 << "2348031234567";
    QTest::newRow("international digits") << "2348031234567" << 1 << 1 << "2348031234567";
    QTest::newRow("short code") << "32811" << 3 << 0 << "32811";
}

void CarriersTest::sourceAddressFollowsTheSenderShape()
{
    QFETCH(QString, sender);
    QFETCH(int, ton);
    QFETCH(int, npi);
    QFETCH(QString, address);
    const ogene::smpp::SmeAddress source = ogene::SourceAddress::of(sender, ogene::SmppGatewaySettings{});
    QCOMPARE(int(source.ton), ton);
    QCOMPARE(int(source.npi), npi);
    QCOMPARE(QString::fromLatin1(source.address), address);
}

void CarriersTest::sourceAddressTonNpiIsConfigurable()
{
    ogene::SmppGatewaySettings settings;
    settings.alphanumericTon = 0;
    settings.alphanumericNpi = 1;
    const ogene::smpp::SmeAddress source = ogene::SourceAddress::of(QStringLiteral("Acme"), settings);
    QCOMPARE(int(source.ton), 0);
    QCOMPARE(int(source.npi), 1);
}

void CarriersTest::longestPrefixWins()
{
    ogene::RouteTable table;
    table.setDefault({QStringLiteral("fallback")});
    table.addRoute({QStringLiteral("+234"), {QStringLiteral("nigeria")}});
    table.addRoute({QStringLiteral("+234803"), {QStringLiteral("mtn"), QStringLiteral("nigeria")}});
    table.addRoute({QStringLiteral("+2348"), {QStringLiteral("mobile")}});
    QCOMPARE(table.gatewaysFor(QStringLiteral("+2348031234567")), QStringList({QStringLiteral("mtn"), QStringLiteral("nigeria")}));
    QCOMPARE(table.gatewaysFor(QStringLiteral("+2348051234567")), QStringList{QStringLiteral("mobile")});
    QCOMPARE(table.gatewaysFor(QStringLiteral("+2341234567")), QStringList{QStringLiteral("nigeria")});
    QCOMPARE(table.gatewaysFor(QStringLiteral("+14155550100")), QStringList{QStringLiteral("fallback")});
}

void CarriersTest::definitionsReadEveryField()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("gateways.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"gateways": [{"name": "carrier-a", "type": "smpp", "host": "127.0.0.1", "port": 2776,
        "system_id": "ogene", "password": "pw", "bind": "pair", "window": 50, "submit_per_second": 300,
        "alphanumeric_ton": 1, "webhook_secret": "s"}]})");
    file.close();
    QString error;
    const auto definitions = ogene::GatewayDefinitions::readFile(path, &error);
    QVERIFY2(definitions, qPrintable(error));
    QCOMPARE(definitions->smpp.size(), 1);
    const ogene::SmppGatewaySettings &gateway = definitions->smpp.first();
    QCOMPARE(gateway.name, QStringLiteral("carrier-a"));
    QCOMPARE(gateway.port, quint16(2776));
    QCOMPARE(gateway.bind, ogene::SmppGatewaySettings::Bind::Pair);
    QCOMPARE(gateway.window, 50);
    QCOMPARE(gateway.submitPerSecond, 300);
    QCOMPARE(int(gateway.alphanumericTon), 1);
    QCOMPARE(int(gateway.alphanumericNpi), 0);
    QVERIFY(ogene::GatewayDefinitions::readFile(QString(), &error)->smpp.isEmpty());
}

void CarriersTest::definitionsRefuseMistakes_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("mentions");
    const QByteArray base = R"("type": "smpp", "host": "h", "system_id": "s")";
    QTest::newRow("not json") << QByteArray("{") << "gateways";
    QTest::newRow("no list") << QByteArray("{}") << "gateways";
    QTest::newRow("bad name") << R"({"gateways": [{"name": "Bad Name", )" + base + "}]}" << "name";
    QTest::newRow("simulator taken") << R"({"gateways": [{"name": "simulator", )" + base + "}]}" << "taken";
    QTest::newRow("twice") << R"({"gateways": [{"name": "a", )" + base + R"(}, {"name": "a", )" + base + "}]}" << "taken";
    QTest::newRow("unknown type") << QByteArray(R"({"gateways": [{"name": "a", "type": "fax"}]})") << "type";
    QTest::newRow("no host") << QByteArray(R"({"gateways": [{"name": "a", "type": "smpp", "system_id": "s"}]})") << "host";
    QTest::newRow("long system_id") << QByteArray(R"({"gateways": [{"name": "a", "type": "smpp", "host": "h", "system_id": "sixteen-chars-xx"}]})")
                                    << "system_id";
    QTest::newRow("window zero") << R"({"gateways": [{"name": "a", )" + base + R"(, "window": 0}]})" << "window";
    QTest::newRow("bad bind") << R"({"gateways": [{"name": "a", )" + base + R"(, "bind": "receiver"}]})" << "bind";
}

void CarriersTest::definitionsRefuseMistakes()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, mentions);
    QTemporaryDir dir;
    QFile file(dir.filePath(QStringLiteral("gateways.json")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(json);
    file.close();
    QString error;
    QVERIFY(!ogene::GatewayDefinitions::readFile(file.fileName(), &error));
    QVERIFY2(error.contains(mentions), qPrintable(error));
}

void CarriersTest::kannelQueryCarriesTheDlrUrlWithKannelsPlaceholders()
{
    ogene::KannelGatewaySettings settings;
    settings.name = QStringLiteral("kannel");
    settings.username = QStringLiteral("ogene");
    settings.password = QStringLiteral("p&ss");
    settings.dlrBaseUrl = QStringLiteral("http://ogene.local:8080");
    settings.webhookSecret = QStringLiteral("s3cret");
    ogene::KannelHttpGateway gateway(settings);
    ogene::OutboundMessage message;
    message.id = 42;
    message.recipient = QStringLiteral("+2348031234567");
    message.sender = QStringLiteral("Acme");
    message.text = QStringLiteral("hi & bye");
    const QUrlQuery query(QString::fromLatin1(gateway.query(message)));
    QCOMPARE(query.queryItemValue(QStringLiteral("password"), QUrl::FullyDecoded), QStringLiteral("p&ss"));
    QCOMPARE(query.queryItemValue(QStringLiteral("text"), QUrl::FullyDecoded), QStringLiteral("hi & bye"));
    QCOMPARE(query.queryItemValue(QStringLiteral("to"), QUrl::FullyDecoded), QStringLiteral("+2348031234567"));
    QCOMPARE(query.queryItemValue(QStringLiteral("coding")), QStringLiteral("0"));
    QCOMPARE(query.queryItemValue(QStringLiteral("dlr-mask")), QStringLiteral("19"));
    QCOMPARE(query.queryItemValue(QStringLiteral("dlr-url"), QUrl::FullyDecoded),
             QStringLiteral("http://ogene.local:8080/api/webhooks/kannel/dlr?secret=s3cret&msgid=42&type=%d&reply=%A"));
    message.text = QStringLiteral("Ẹ káàbọ̀");
    QCOMPARE(QUrlQuery(QString::fromLatin1(gateway.query(message))).queryItemValue(QStringLiteral("coding")), QStringLiteral("2"));
}

QTEST_GUILESS_MAIN(CarriersTest)
#include "tst_carriers.moc"
