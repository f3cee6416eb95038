// HTTPS and SMPP over TLS on a real appliance, with a CA and server certificate the suite makes
// with openssl: openssl s_client against both ports, the project's own clients (ApiClient, the
// SMPP test client) trusting that CA, a handshake that never finishes is dropped without holding
// anyone up, plain listeners turned off, and bad certificate settings stopping start-up (exit 2).
#include "apiclient.h"
#include "applianceprocess.h"
#include "smpptestclient.h"
#include "testcertificates.h"
#include "testdatabase.h"

#include "smpp/pducodec.h"

#include <QElapsedTimer>
#include <QTcpSocket>
#include <QFile>
#include <QNetworkReply>
#include <QProcess>
#include <QtTest>

#include <functional>

using namespace ogene::smpp;
using namespace ogene::smpp::CommandStatus;

class TlsTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void opensslClientGetsHealthOverHttps();
    void opensslClientBindsOverSmppTls();
    void apiClientTrustingTheCaWorksAndAnUntrustedOneIsRefused();
    void smppClientOverTlsBindsSubmitsAndGetsItsReceipt();
    void connectionInfoNamesThePlainSmppPort();
    void aStalledHandshakeIsDroppedAndHoldsNoOneUp();
    void tlsBelow12IsRefused();
    void plainListenersCanBeTurnedOff();
    void badTlsSettingsStopStartWithOneLineAndExit2();

private:
    struct SmppAccount
    {
        ApiClient::Account client;
        QString systemId;
        QString password;
    };
    SmppAccount smppAccount();
    // Runs openssl s_client against a port, writes `input`, and answers what the server sent back
    // once `enough` says so (or after 10 s). The certificate must verify against the test CA.
    QByteArray sClient(quint16 port, const QByteArray &input, const std::function<bool(const QByteArray &)> &enough,
                       const QStringList &extra = {});

    TestCertificates m_certificates;
    TestDatabase m_database;
    std::unique_ptr<ApplianceProcess> m_appliance;
    std::unique_ptr<ApiClient> m_api;
    QString m_admin;
};

void TlsTest::initTestCase()
{
    QVERIFY2(m_certificates.isValid(), qPrintable(m_certificates.error()));
    QVERIFY2(m_database.isValid(), qPrintable(m_database.error()));
    m_appliance = std::make_unique<ApplianceProcess>(m_database.url());
    m_appliance->useTls(m_certificates);
    m_appliance->setEnv(QStringLiteral("OGENE_TLS_HANDSHAKE_TIMEOUT"), QStringLiteral("3"));
    m_appliance->setEnv(QStringLiteral("OGENE_SIMULATOR_DELIVERY_DELAY_MS"), QStringLiteral("100"));
    QVERIFY2(m_appliance->start(), qPrintable(m_appliance->output()));
    QVERIFY(m_appliance->httpsPort() != 0);
    QVERIFY(m_appliance->smppTlsPort() != 0);
    QVERIFY(m_appliance->port() != 0); // plain listeners stay on unless turned off
    m_api = std::make_unique<ApiClient>(m_appliance->httpsBaseUrl());
    m_api->trust(m_certificates.ca());
    m_admin = m_api->adminToken();
    QVERIFY(!m_admin.isEmpty());
}

TlsTest::SmppAccount TlsTest::smppAccount()
{
    SmppAccount account;
    account.client = m_api->readyClient(m_admin, QStringLiteral("100.00"), QStringLiteral("Acme"));
    const ApiReply approved = m_api->post(QStringLiteral("/api/admin/users/%1/smpp-access").arg(account.client.id),
                                          {{QStringLiteral("approved"), true}}, m_admin);
    if (approved.status != 200)
        qWarning("smpp-access: %s", qPrintable(approved.describe()));
    const ApiReply generated = m_api->post(QStringLiteral("/api/client/credentials/smpp/generate"), {}, account.client.token);
    account.systemId = generated.data().value(QStringLiteral("smpp_username")).toString();
    account.password = generated.data().value(QStringLiteral("smpp_password")).toString();
    return account;
}

QByteArray TlsTest::sClient(quint16 port, const QByteArray &input, const std::function<bool(const QByteArray &)> &enough,
                            const QStringList &extra)
{
    QProcess client;
    client.start(QStringLiteral("openssl"), QStringList{QStringLiteral("s_client"), QStringLiteral("-connect"),
                                                        QStringLiteral("127.0.0.1:%1").arg(port), QStringLiteral("-CAfile"),
                                                        m_certificates.caPath(), QStringLiteral("-verify_return_error"),
                                                        QStringLiteral("-verify_ip"), QStringLiteral("127.0.0.1"),
                                                        QStringLiteral("-quiet")}
                                                + extra);
    if (!client.waitForStarted(5000))
        return {};
    client.write(input);
    QByteArray received;
    QElapsedTimer waited;
    waited.start();
    while (!enough(received) && client.state() == QProcess::Running && waited.elapsed() < 10000) {
        client.waitForReadyRead(100);
        received += client.readAllStandardOutput();
    }
    received += client.readAllStandardOutput();
    client.kill();
    client.waitForFinished(5000);
    return received;
}

void TlsTest::opensslClientGetsHealthOverHttps()
{
    const QByteArray request = "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
    const QByteArray answer = sClient(m_appliance->httpsPort(), request, [](const QByteArray &received) {
        return received.contains("\r\n\r\n") && received.endsWith('}');
    });
    QVERIFY2(answer.startsWith("HTTP/1.1 200"), answer.constData());
    QVERIFY2(answer.contains("\"status\""), answer.constData());
}

void TlsTest::opensslClientBindsOverSmppTls()
{
    const SmppAccount account = smppAccount();
    BindBody bind;
    bind.systemId = account.systemId.toLatin1();
    bind.password = account.password.toLatin1();
    const QByteArray pdu = PduCodec::encode(Pdu::request(CommandId::BindTransceiver, 7, bind));
    const QByteArray answer = sClient(m_appliance->smppTlsPort(), pdu, [](const QByteArray &received) {
        return PduCodec::frame(received).status == Frame::Status::Complete;
    });
    const Frame frame = PduCodec::frame(answer);
    QCOMPARE(frame.status, Frame::Status::Complete);
    const DecodeResult decoded = PduCodec::decode(QByteArrayView(answer).first(frame.length));
    QVERIFY(decoded.ok());
    QCOMPARE(decoded.pdu->command(), CommandId::BindTransceiverResp);
    QCOMPARE(decoded.pdu->header.sequenceNumber, quint32(7));
    QCOMPARE(decoded.pdu->header.commandStatus, ESME_ROK);
}

void TlsTest::apiClientTrustingTheCaWorksAndAnUntrustedOneIsRefused()
{
    const ApiClient::Account client = m_api->readyClient(m_admin, QStringLiteral("10.00"), QStringLiteral("Acme"));
    QVERIFY(!client.token.isEmpty());
    QVERIFY(m_api->sendSms(client.token, QStringLiteral("2348031234567"), QStringLiteral("Acme"), QStringLiteral("Hello over HTTPS")) > 0);
    const ApiReply balance = m_api->get(QStringLiteral("/api/client/balance"), client.token);
    QCOMPARE(balance.status, 200);

    // The system's authorities do not know the test CA: the certificate is refused, nothing answered.
    ApiClient untrusting(m_appliance->httpsBaseUrl());
    const ApiReply refused = untrusting.get(QStringLiteral("/api/health"));
    QCOMPARE(refused.status, 0);
    QCOMPARE(refused.networkError, int(QNetworkReply::SslHandshakeFailedError));

    // Plain HTTP to the HTTPS port gets no HTTP answer.
    ApiClient plainToTls(QStringLiteral("http://127.0.0.1:%1").arg(m_appliance->httpsPort()));
    QCOMPARE(plainToTls.get(QStringLiteral("/api/health")).status, 0);
}

void TlsTest::smppClientOverTlsBindsSubmitsAndGetsItsReceipt()
{
    const SmppAccount account = smppAccount();
    SmppTestClient session(m_appliance->smppTlsPort(), m_certificates.ca());
    QVERIFY(session.isEncrypted());
    QCOMPARE(session.bind(CommandId::BindTransceiver, account.systemId, account.password), ESME_ROK);
    const SmppTestClient::SubmitAnswer answer =
        session.submit(SmppTestClient::textMessage(QStringLiteral("Acme"), QStringLiteral("2348031234567"), "Receipt over TLS", 1));
    QCOMPARE(answer.status, ESME_ROK);
    QVERIFY(!answer.messageId.isEmpty());
    const std::optional<Pdu> receipt = session.nextReceipt();
    QVERIFY(receipt);
    const auto &body = std::get<ShortMessageBody>(receipt->body);
    QCOMPARE(body.esmClass, quint8(0x04));
    QVERIFY2(body.shortMessage.startsWith("id:" + answer.messageId + ' '), body.shortMessage.constData());
    QVERIFY2(body.shortMessage.contains("stat:DELIVRD"), body.shortMessage.constData());

    // A client that does not trust the certificate gets no session.
    SmppTestClient untrusting(m_appliance->smppTlsPort(), {});
    QVERIFY(!untrusting.isEncrypted());
}

void TlsTest::connectionInfoNamesThePlainSmppPort()
{
    const SmppAccount account = smppAccount();
    const ApiReply listed = m_api->get(QStringLiteral("/api/client/credentials/smpp"), account.client.token);
    QCOMPARE(listed.status, 200);
    const QJsonObject connection =
        listed.list().first().toObject().value(QStringLiteral("connection_info")).toObject();
    QCOMPARE(connection.value(QStringLiteral("port")).toInt(), int(m_appliance->smppPort()));
}

void TlsTest::aStalledHandshakeIsDroppedAndHoldsNoOneUp()
{
    for (const quint16 port : {m_appliance->httpsPort(), m_appliance->smppTlsPort()}) {
        // Connects and says nothing: no ClientHello ever comes.
        QTcpSocket stalled;
        stalled.connectToHost(QStringLiteral("127.0.0.1"), port);
        QVERIFY(stalled.waitForConnected(5000));

        // Meanwhile others are served: answered while the stalled one is still waiting.
        QCOMPARE(m_api->get(QStringLiteral("/api/health")).status, 200);
        QCOMPARE(stalled.state(), QAbstractSocket::ConnectedState);

        // After the 3 s handshake timeout the appliance closes it.
        QTRY_COMPARE_WITH_TIMEOUT(stalled.state(), QAbstractSocket::UnconnectedState, 15000);
    }
}

void TlsTest::tlsBelow12IsRefused()
{
    const QByteArray request = "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
    const auto anyAnswer = [](const QByteArray &received) { return !received.isEmpty(); };
    QVERIFY(sClient(m_appliance->httpsPort(), request, anyAnswer,
                    {QStringLiteral("-tls1_1"), QStringLiteral("-cipher"), QStringLiteral("DEFAULT:@SECLEVEL=0")})
                .isEmpty());
    // The same client at TLS 1.2 is answered.
    QVERIFY(sClient(m_appliance->httpsPort(), request, anyAnswer, {QStringLiteral("-tls1_2")}).startsWith("HTTP/1.1 200"));
}

void TlsTest::plainListenersCanBeTurnedOff()
{
    TestDatabase database;
    QVERIFY2(database.isValid(), qPrintable(database.error()));
    ApplianceProcess appliance(database.url());
    appliance.useTls(m_certificates);
    const quint16 httpPort = ApplianceProcess::freePort();
    const quint16 smppPort = ApplianceProcess::freePort();
    appliance.setEnv(QStringLiteral("OGENE_HTTP_LISTEN"), QStringLiteral("127.0.0.1:%1").arg(httpPort));
    appliance.setEnv(QStringLiteral("OGENE_SMPP_LISTEN"), QStringLiteral("127.0.0.1:%1").arg(smppPort));
    QVERIFY2(appliance.start(), qPrintable(appliance.output()));
    QCOMPARE(appliance.port(), httpPort);
    QCOMPARE(appliance.smppPort(), smppPort);
    appliance.stop();

    appliance.setEnv(QStringLiteral("OGENE_HTTP_LISTEN"), QStringLiteral("off"));
    appliance.setEnv(QStringLiteral("OGENE_SMPP_LISTEN"), QStringLiteral("off"));
    QVERIFY2(appliance.start(), qPrintable(appliance.output()));
    QCOMPARE(appliance.port(), quint16(0));
    QCOMPARE(appliance.smppPort(), quint16(0));
    ApiClient api(appliance.httpsBaseUrl());
    api.trust(m_certificates.ca());
    QCOMPARE(api.get(QStringLiteral("/api/health")).status, 200);
    QVERIFY(!api.adminToken().isEmpty());
    for (const quint16 port : {httpPort, smppPort}) {
        QTcpSocket plain;
        plain.connectToHost(QStringLiteral("127.0.0.1"), port);
        QVERIFY(!plain.waitForConnected(5000));
        QCOMPARE(plain.error(), QAbstractSocket::ConnectionRefusedError);
    }
    // With no plain SMPP port, connection_info names the TLS one.
    const ApiClient::Account client = api.readyClient(api.adminToken(), QStringLiteral("1.00"));
    const QString admin = api.adminToken();
    QCOMPARE(api.post(QStringLiteral("/api/admin/users/%1/smpp-access").arg(client.id), {{QStringLiteral("approved"), true}}, admin).status,
             200);
    const ApiReply generated = api.post(QStringLiteral("/api/client/credentials/smpp/generate"), {}, client.token);
    QCOMPARE(generated.status, 201);
    QCOMPARE(generated.data().value(QStringLiteral("connection_info")).toObject().value(QStringLiteral("port")).toInt(),
             int(appliance.smppTlsPort()));
}

void TlsTest::badTlsSettingsStopStartWithOneLineAndExit2()
{
    TestDatabase database;
    QVERIFY2(database.isValid(), qPrintable(database.error()));
    ApplianceProcess appliance(database.url());
    QFile garbage(m_certificates.path(QStringLiteral("garbage.pem")));
    QVERIFY(garbage.open(QIODevice::WriteOnly));
    garbage.write("-----BEGIN CERTIFICATE-----\nnot a certificate\n-----END CERTIFICATE-----\n");
    garbage.close();

    struct Case
    {
        const char *name;
        QList<QPair<QString, QString>> settings;
        const char *namedKey;
    };
    const QString certificate = m_certificates.certificatePath();
    const QString key = m_certificates.keyPath();
    const QString on = QStringLiteral("127.0.0.1:0");
    const QList<Case> cases = {
        {"no certificate", {{QStringLiteral("OGENE_HTTPS_LISTEN"), on}, {QStringLiteral("OGENE_TLS_PRIVATE_KEY"), key}}, "OGENE_TLS_CERTIFICATE"},
        {"missing certificate file",
         {{QStringLiteral("OGENE_SMPP_TLS_LISTEN"), on},
          {QStringLiteral("OGENE_TLS_CERTIFICATE"), m_certificates.path(QStringLiteral("nowhere.pem"))},
          {QStringLiteral("OGENE_TLS_PRIVATE_KEY"), key}},
         "OGENE_TLS_CERTIFICATE"},
        {"a folder for a certificate",
         {{QStringLiteral("OGENE_HTTPS_LISTEN"), on},
          {QStringLiteral("OGENE_TLS_CERTIFICATE"), m_certificates.path(QString())},
          {QStringLiteral("OGENE_TLS_PRIVATE_KEY"), key}},
         "OGENE_TLS_CERTIFICATE"},
        {"not a certificate",
         {{QStringLiteral("OGENE_HTTPS_LISTEN"), on},
          {QStringLiteral("OGENE_TLS_CERTIFICATE"), garbage.fileName()},
          {QStringLiteral("OGENE_TLS_PRIVATE_KEY"), key}},
         "OGENE_TLS_CERTIFICATE"},
        {"no key", {{QStringLiteral("OGENE_HTTPS_LISTEN"), on}, {QStringLiteral("OGENE_TLS_CERTIFICATE"), certificate}}, "OGENE_TLS_PRIVATE_KEY"},
        {"a certificate for a key",
         {{QStringLiteral("OGENE_HTTPS_LISTEN"), on},
          {QStringLiteral("OGENE_TLS_CERTIFICATE"), certificate},
          {QStringLiteral("OGENE_TLS_PRIVATE_KEY"), certificate}},
         "OGENE_TLS_PRIVATE_KEY"},
        {"another certificate's key",
         {{QStringLiteral("OGENE_HTTPS_LISTEN"), on},
          {QStringLiteral("OGENE_TLS_CERTIFICATE"), certificate},
          {QStringLiteral("OGENE_TLS_PRIVATE_KEY"), m_certificates.otherKeyPath()}},
         "OGENE_TLS_PRIVATE_KEY"},
        {"missing chain file",
         {{QStringLiteral("OGENE_HTTPS_LISTEN"), on},
          {QStringLiteral("OGENE_TLS_CERTIFICATE"), certificate},
          {QStringLiteral("OGENE_TLS_CHAIN"), m_certificates.path(QStringLiteral("nochain.pem"))},
          {QStringLiteral("OGENE_TLS_PRIVATE_KEY"), key}},
         "OGENE_TLS_CHAIN"},
        {"no REST listener at all", {{QStringLiteral("OGENE_HTTP_LISTEN"), QStringLiteral("off")}}, "OGENE_HTTP_LISTEN"},
        {"bad HTTPS address", {{QStringLiteral("OGENE_HTTPS_LISTEN"), QStringLiteral("everywhere:443")}}, "OGENE_HTTPS_LISTEN"},
    };
    for (const Case &bad : cases) {
        QProcessEnvironment environment;
        for (const auto &[name, value] : bad.settings)
            environment.insert(name, value);
        const ApplianceProcess::CommandResult result = appliance.runCommand({}, environment);
        QVERIFY2(result.exitCode == 2, bad.name);
        QVERIFY2(result.err.trimmed().count(QLatin1Char('\n')) == 0, qPrintable(result.err));
        QVERIFY2(result.err.startsWith(QLatin1String("ogene-appliance: ") + QLatin1String(bad.namedKey)),
                 qPrintable(QLatin1String(bad.name) + QLatin1String(": ") + result.err));
        QVERIFY2(!result.err.contains(QLatin1String("BEGIN")), qPrintable(result.err)); // no key material echoed
    }
}

QTEST_MAIN(TlsTest)
#include "tst_tls.moc"
