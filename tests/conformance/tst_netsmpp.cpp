// Ogene's SMPP server against Perl's Net::SMPP (Debian's libnet-smpp-perl), a client we did not
// write: it binds each way, submits, receives the delivery receipt and unbinds, and meets every
// error status the server documents. Each check runs netsmpp-session.pl, which drives Net::SMPP
// and prints the PDUs that came back; REST and the database then show what the server did with them.
#include "apiclient.h"
#include "applianceprocess.h"
#include "netsmppsession.h"
#include "smppclient.h"
#include "testdatabase.h"

#include <QProcess>
#include <QRegularExpression>
#include <QSqlQuery>
#include <QTest>

namespace {
// SMPP 3.4 command_status values (section 5.1.3).
constexpr int ESME_ROK = 0x00;
constexpr int ESME_RINVCMDID = 0x03;
constexpr int ESME_RINVBNDSTS = 0x04;
constexpr int ESME_RALYBND = 0x05;
constexpr int ESME_RINVSRCADR = 0x0A;
constexpr int ESME_RINVDSTADR = 0x0B;
constexpr int ESME_RBINDFAIL = 0x0D;
constexpr int ESME_RINVPASWD = 0x0E;
constexpr int ESME_RINVSYSID = 0x0F;
constexpr int ESME_RSUBMITFAIL = 0x45;
constexpr int ESME_RTHROTTLED = 0x58;
constexpr int MessageStateDelivered = 2;
constexpr int MessageStateUndeliverable = 5;

const QString Sender = QStringLiteral("Acme");
const QString Recipient = QStringLiteral("08031234567");
const QString RecipientE164 = QStringLiteral("+2348031234567");

// A text of `length` characters, all in the GSM 7-bit alphabet at their ASCII code points.
QString gsmText(int length)
{
    QString text;
    for (int i = 0; text.size() < length; ++i)
        text += QStringLiteral("Part %1 of a long message from Net::SMPP. ").arg(i);
    return text.left(length);
}
} // namespace

#define RUN_SESSION(session, steps) \
    QVERIFY2((session).run(steps), qPrintable((session).error() + QStringLiteral("\n") + (session).transcript()))

class NetSmppTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void credentialTellsWhereToBind();
    void bindsEachWayAndUnbinds_data();
    void bindsEachWayAndUnbinds();
    void transceiverSubmitsAndReceivesItsReceipt();
    void receiptWaitsForAReceiverToBind();
    void failedMessageGetsAnUndelivReceipt();
    void refusedBindsSayWhyAndClose_data();
    void refusedBindsSayWhyAndClose();
    void secondBindOnOneConnectionIsRefused();
    void refusedSubmitsSayWhyAndChargeNothing_data();
    void refusedSubmitsSayWhyAndChargeNothing();
    void submitsOverTheAccountRateAreThrottled();
    void longMessageBecomesOneMessage_data();
    void longMessageBecomesOneMessage();
    void textKeepsItsCharacters_data();
    void textKeepsItsCharacters();
    void enquireLinkIsAnsweredAndUnknownCommandsNacked();

private:
    NetSmppSession session() const { return NetSmppSession(QStringLiteral("127.0.0.1"), m_appliance->smppPort()); }
    SmppClient newClient(const SmppClient::Options &options = {});
    QJsonObject message(const SmppClient &client, const QString &messageId);
    qint64 messageCount(qint64 userId);

    TestDatabase m_database;
    std::unique_ptr<ApplianceProcess> m_appliance;
    std::unique_ptr<ApiClient> m_api;
    QString m_admin;
    // The client most checks share: it never asks for receipts, so none wait for its binds, and
    // the checks that charge it compare before and after.
    SmppClient m_client;
};

void NetSmppTest::initTestCase()
{
    QProcess probe;
    probe.start(QStringLiteral("perl"), {QStringLiteral("-MNet::SMPP"), QStringLiteral("-MJSON::PP"), QStringLiteral("-e1")});
    QVERIFY2(probe.waitForFinished(10000) && probe.exitStatus() == QProcess::NormalExit && probe.exitCode() == 0,
             "Perl's Net::SMPP is missing: install libnet-smpp-perl (scripts/install-deps.sh --with-tests)");
    QVERIFY2(m_database.isValid(), qPrintable(m_database.error()));
    m_appliance = std::make_unique<ApplianceProcess>(m_database.url());
    // Receipts within a fraction of a second, so that a check waits for the real thing briefly.
    m_appliance->setEnv(QStringLiteral("OGENE_SIMULATOR_DELIVERY_DELAY_MS"), QStringLiteral("200"));
    QVERIFY2(m_appliance->start(), qPrintable(m_appliance->output()));
    QVERIFY2(m_appliance->smppPort() != 0, "the appliance did not say where its SMPP server listens");
    m_api = std::make_unique<ApiClient>(m_appliance->baseUrl());
    m_admin = m_api->adminToken();
    QVERIFY(!m_admin.isEmpty());
    m_client = newClient();
    QVERIFY2(m_client.error.isEmpty(), qPrintable(m_client.error));
}

SmppClient NetSmppTest::newClient(const SmppClient::Options &options)
{
    return SmppClient::create(*m_api, m_admin, options);
}

QJsonObject NetSmppTest::message(const SmppClient &client, const QString &messageId)
{
    return m_api->get(QStringLiteral("/api/client/sms/status/%1").arg(messageId), client.account.token).data();
}

qint64 NetSmppTest::messageCount(qint64 userId)
{
    QSqlQuery query(m_database.connection());
    query.prepare(QStringLiteral("SELECT COUNT(*) FROM messages WHERE user_id = ?"));
    query.addBindValue(userId);
    if (!query.exec() || !query.next())
        return -1;
    return query.value(0).toLongLong();
}

void NetSmppTest::credentialTellsWhereToBind()
{
    const SmppClient &client = m_client;
    QCOMPARE(client.password.size(), 8); // SMPP 3.4 allows at most 8 characters
    QCOMPARE(client.connectionInfo.value(QStringLiteral("host")).toString(), QStringLiteral("127.0.0.1"));
    QCOMPARE(client.connectionInfo.value(QStringLiteral("port")).toInt(), int(m_appliance->smppPort()));
    QCOMPARE(client.connectionInfo.value(QStringLiteral("bind_type")).toString(), QStringLiteral("transceiver"));
}

void NetSmppTest::bindsEachWayAndUnbinds_data()
{
    QTest::addColumn<QString>("mode");
    QTest::newRow("transmitter") << "transmitter";
    QTest::newRow("receiver") << "receiver";
    QTest::newRow("transceiver") << "transceiver";
}

void NetSmppTest::bindsEachWayAndUnbinds()
{
    QFETCH(QString, mode);
    const SmppClient &client = m_client;
    NetSmppSession smpp = session();
    RUN_SESSION(smpp, QJsonArray({NetSmppSession::connect(), NetSmppSession::bind(mode, client.systemId, client.password),
                                  NetSmppSession::step(QStringLiteral("unbind")), NetSmppSession::step(QStringLiteral("closed"))}));
    const QJsonObject bind = smpp.answer(QStringLiteral("bind"));
    QCOMPARE(bind.value(QStringLiteral("command")).toString(), QStringLiteral("bind_%1_resp").arg(mode));
    QCOMPARE(bind.value(QStringLiteral("status")).toInt(), ESME_ROK);
    QCOMPARE(bind.value(QStringLiteral("system_id")).toString(), QStringLiteral("Ogene"));
    const QJsonObject unbind = smpp.answer(QStringLiteral("unbind"));
    QCOMPARE(unbind.value(QStringLiteral("command")).toString(), QStringLiteral("unbind_resp"));
    QCOMPARE(unbind.value(QStringLiteral("status")).toInt(), ESME_ROK);
    QVERIFY2(smpp.answer(QStringLiteral("closed")).value(QStringLiteral("closed")).toBool(), qPrintable(smpp.transcript()));
    QVERIFY2(smpp.answers(QStringLiteral("unexpected")).isEmpty(), qPrintable(smpp.transcript()));
    QVERIFY2(smpp.answers(QStringLiteral("unsolicited")).isEmpty(), qPrintable(smpp.transcript()));
}

void NetSmppTest::transceiverSubmitsAndReceivesItsReceipt()
{
    const SmppClient client = newClient();
    QVERIFY2(client.error.isEmpty(), qPrintable(client.error));
    const QString text = QStringLiteral("Hello from Net::SMPP, with a receipt");
    NetSmppSession smpp = session();
    RUN_SESSION(smpp, QJsonArray({NetSmppSession::connect(),
                                  NetSmppSession::bind(QStringLiteral("transceiver"), client.systemId, client.password),
                                  NetSmppSession::submit(Sender, Recipient, text, {{QStringLiteral("registered_delivery"), 1}}),
                                  NetSmppSession::step(QStringLiteral("receipt")), NetSmppSession::step(QStringLiteral("unbind"))}));

    const QJsonObject submitted = smpp.answer(QStringLiteral("submit"));
    QCOMPARE(submitted.value(QStringLiteral("command")).toString(), QStringLiteral("submit_sm_resp"));
    QCOMPARE(submitted.value(QStringLiteral("status")).toInt(), ESME_ROK);
    const QString messageId = submitted.value(QStringLiteral("message_id")).toString();
    QVERIFY2(QRegularExpression(QStringLiteral("^[1-9][0-9]*$")).match(messageId).hasMatch(), qPrintable(messageId));

    // The message_id is the Message's id: REST shows the same message, priced and charged.
    const QJsonObject stored = message(client, messageId);
    QCOMPARE(stored.value(QStringLiteral("recipient_phone")).toString(), RecipientE164);
    QCOMPARE(stored.value(QStringLiteral("sender_id_value")).toString(), Sender);
    QCOMPARE(stored.value(QStringLiteral("message_text")).toString(), text);
    QCOMPARE(stored.value(QStringLiteral("segments_count")).toInt(), 1);
    QCOMPARE(stored.value(QStringLiteral("cost")).toString(), QStringLiteral("4.00"));
    QCOMPARE(stored.value(QStringLiteral("status")).toString(), QStringLiteral("delivered"));
    QCOMPARE(client.balance(*m_api), qint64(9600));

    const QJsonObject receipt = smpp.answer(QStringLiteral("receipt"));
    QVERIFY2(!receipt.contains(QStringLiteral("error")), qPrintable(smpp.transcript()));
    QCOMPARE(receipt.value(QStringLiteral("command")).toString(), QStringLiteral("deliver_sm"));
    QCOMPARE(receipt.value(QStringLiteral("esm_class")).toInt(), 0x04);
    QCOMPARE(receipt.value(QStringLiteral("source_addr")).toString(), QStringLiteral("2348031234567"));
    QCOMPARE(receipt.value(QStringLiteral("destination_addr")).toString(), Sender);
    const QRegularExpression format(QStringLiteral("^id:%1 sub:001 dlvrd:001 submit date:\\d{10} done date:\\d{10} "
                                                   "stat:DELIVRD err:000 text:Hello from Net::SMPP$")
                                        .arg(messageId));
    QVERIFY2(format.match(receipt.value(QStringLiteral("short_message")).toString()).hasMatch(),
             qPrintable(receipt.value(QStringLiteral("short_message")).toString()));
    QCOMPARE(receipt.value(QStringLiteral("receipted_message_id")).toString(), messageId);
    // receipted_message_id is a C-octet string: its value carries the terminating NUL.
    QVERIFY2(receipt.value(QStringLiteral("receipted_message_id_hex")).toString().endsWith(QStringLiteral("00")),
             qPrintable(receipt.value(QStringLiteral("receipted_message_id_hex")).toString()));
    QCOMPARE(receipt.value(QStringLiteral("message_state")).toInt(), MessageStateDelivered);
    QCOMPARE(smpp.answer(QStringLiteral("unbind")).value(QStringLiteral("status")).toInt(), ESME_ROK);
    QVERIFY2(smpp.answers(QStringLiteral("unsolicited")).isEmpty(), qPrintable(smpp.transcript()));
}

void NetSmppTest::receiptWaitsForAReceiverToBind()
{
    const SmppClient client = newClient();
    QVERIFY2(client.error.isEmpty(), qPrintable(client.error));
    NetSmppSession transmitter = session();
    RUN_SESSION(transmitter, QJsonArray({NetSmppSession::connect(),
                                         NetSmppSession::bind(QStringLiteral("transmitter"), client.systemId, client.password),
                                         NetSmppSession::submit(Sender, Recipient, QStringLiteral("Receipt for later"),
                                                                {{QStringLiteral("registered_delivery"), 1}}),
                                         NetSmppSession::step(QStringLiteral("unbind"))}));
    const QJsonObject submitted = transmitter.answer(QStringLiteral("submit"));
    QCOMPARE(submitted.value(QStringLiteral("status")).toInt(), ESME_ROK);
    const QString messageId = submitted.value(QStringLiteral("message_id")).toString();
    // A transmitter bind never gets a deliver_sm.
    QVERIFY2(transmitter.answers(QStringLiteral("unsolicited")).isEmpty(), qPrintable(transmitter.transcript()));

    // The message is delivered while nobody who can take its receipt is bound.
    QTRY_COMPARE_WITH_TIMEOUT(message(client, messageId).value(QStringLiteral("status")).toString(), QStringLiteral("delivered"), 10000);

    NetSmppSession receiver = session();
    RUN_SESSION(receiver, QJsonArray({NetSmppSession::connect(),
                                      NetSmppSession::bind(QStringLiteral("receiver"), client.systemId, client.password),
                                      NetSmppSession::step(QStringLiteral("receipt")), NetSmppSession::step(QStringLiteral("unbind"))}));
    QCOMPARE(receiver.answer(QStringLiteral("bind")).value(QStringLiteral("status")).toInt(), ESME_ROK);
    const QJsonObject receipt = receiver.answer(QStringLiteral("receipt"));
    QVERIFY2(!receipt.contains(QStringLiteral("error")), qPrintable(receiver.transcript()));
    QCOMPARE(receipt.value(QStringLiteral("esm_class")).toInt(), 0x04);
    QCOMPARE(receipt.value(QStringLiteral("receipted_message_id")).toString(), messageId);
    QVERIFY2(receipt.value(QStringLiteral("short_message")).toString().startsWith(QStringLiteral("id:%1 ").arg(messageId)),
             qPrintable(receipt.value(QStringLiteral("short_message")).toString()));
    QVERIFY(receipt.value(QStringLiteral("short_message")).toString().contains(QStringLiteral(" stat:DELIVRD ")));
    QCOMPARE(receiver.answer(QStringLiteral("unbind")).value(QStringLiteral("status")).toInt(), ESME_ROK);
    QVERIFY2(receiver.answers(QStringLiteral("unsolicited")).isEmpty(), qPrintable(receiver.transcript()));
}

void NetSmppTest::failedMessageGetsAnUndelivReceipt()
{
    // An appliance of its own whose carrier simulator fails every message.
    TestDatabase database;
    QVERIFY2(database.isValid(), qPrintable(database.error()));
    ApplianceProcess failing(database.url());
    failing.setEnv(QStringLiteral("OGENE_SIMULATOR_DELIVERY_DELAY_MS"), QStringLiteral("200"));
    failing.setEnv(QStringLiteral("OGENE_SIMULATOR_FAILURE_PERCENT"), QStringLiteral("100"));
    QVERIFY2(failing.start(), qPrintable(failing.output()));
    ApiClient api(failing.baseUrl());
    const SmppClient client = SmppClient::create(api, api.adminToken());
    QVERIFY2(client.error.isEmpty(), qPrintable(client.error));

    // registered_delivery 2 asks for a receipt on failure only: this one fails, so it comes.
    NetSmppSession smpp(QStringLiteral("127.0.0.1"), failing.smppPort());
    RUN_SESSION(smpp, QJsonArray({NetSmppSession::connect(),
                                  NetSmppSession::bind(QStringLiteral("transceiver"), client.systemId, client.password),
                                  NetSmppSession::submit(Sender, Recipient, QStringLiteral("This one fails"),
                                                         {{QStringLiteral("registered_delivery"), 2}}),
                                  NetSmppSession::step(QStringLiteral("receipt")), NetSmppSession::step(QStringLiteral("unbind"))}));
    const QString messageId = smpp.answer(QStringLiteral("submit")).value(QStringLiteral("message_id")).toString();
    QVERIFY2(!messageId.isEmpty(), qPrintable(smpp.transcript()));
    const QJsonObject receipt = smpp.answer(QStringLiteral("receipt"));
    QVERIFY2(!receipt.contains(QStringLiteral("error")), qPrintable(smpp.transcript()));
    QCOMPARE(receipt.value(QStringLiteral("receipted_message_id")).toString(), messageId);
    const QRegularExpression format(QStringLiteral("^id:%1 sub:001 dlvrd:000 submit date:\\d{10} done date:\\d{10} "
                                                   "stat:UNDELIV err:\\d{3} text:This one fails$")
                                        .arg(messageId));
    QVERIFY2(format.match(receipt.value(QStringLiteral("short_message")).toString()).hasMatch(),
             qPrintable(receipt.value(QStringLiteral("short_message")).toString()));
    QCOMPARE(receipt.value(QStringLiteral("message_state")).toInt(), MessageStateUndeliverable);
    // A carrier's failure is not refunded: the carrier charged for the attempt.
    QCOMPARE(client.balance(api), qint64(9600));
}

void NetSmppTest::refusedBindsSayWhyAndClose_data()
{
    QTest::addColumn<QString>("systemId");
    QTest::addColumn<QString>("password");
    QTest::addColumn<int>("status");
    QTest::addColumn<bool>("paused");

    QTest::newRow("wrong system_id") << "nobody42" << m_client.password << ESME_RINVSYSID << true;
    QTest::newRow("wrong password") << m_client.systemId << QStringLiteral("wrong-pw").left(8) << ESME_RINVPASWD << true;

    const SmppClient withdrawn = newClient();
    QVERIFY2(withdrawn.error.isEmpty(), qPrintable(withdrawn.error));
    QCOMPARE(m_api->post(QStringLiteral("/api/admin/users/%1/smpp-access").arg(withdrawn.account.id),
                         {{QStringLiteral("approved"), false}}, m_admin).status,
             200);
    QTest::newRow("no SMPP access") << withdrawn.systemId << withdrawn.password << ESME_RBINDFAIL << false;

    const SmppClient suspended = newClient();
    QVERIFY2(suspended.error.isEmpty(), qPrintable(suspended.error));
    QCOMPARE(m_api->post(QStringLiteral("/api/admin/users/%1/suspend").arg(suspended.account.id), {}, m_admin).status, 200);
    QTest::newRow("suspended account") << suspended.systemId << suspended.password << ESME_RBINDFAIL << false;
}

void NetSmppTest::refusedBindsSayWhyAndClose()
{
    QFETCH(QString, systemId);
    QFETCH(QString, password);
    QFETCH(int, status);
    QFETCH(bool, paused);
    NetSmppSession smpp = session();
    RUN_SESSION(smpp, QJsonArray({NetSmppSession::connect(), NetSmppSession::bind(QStringLiteral("transceiver"), systemId, password),
                                  NetSmppSession::step(QStringLiteral("closed"), {{QStringLiteral("timeout"), 5}})}));
    const QJsonObject bind = smpp.answer(QStringLiteral("bind"));
    QCOMPARE(bind.value(QStringLiteral("command")).toString(), QStringLiteral("bind_transceiver_resp"));
    QCOMPARE(bind.value(QStringLiteral("status")).toInt(), status);
    // A guessed credential costs the guesser a pause before the answer.
    if (paused)
        QVERIFY2(bind.value(QStringLiteral("ms")).toInt() >= 900, qPrintable(smpp.transcript()));
    QVERIFY2(smpp.answer(QStringLiteral("closed")).value(QStringLiteral("closed")).toBool(), qPrintable(smpp.transcript()));
}

void NetSmppTest::secondBindOnOneConnectionIsRefused()
{
    const SmppClient &client = m_client;
    NetSmppSession smpp = session();
    RUN_SESSION(smpp, QJsonArray({NetSmppSession::connect(),
                                  NetSmppSession::bind(QStringLiteral("transmitter"), client.systemId, client.password),
                                  NetSmppSession::bind(QStringLiteral("transmitter"), client.systemId, client.password),
                                  NetSmppSession::step(QStringLiteral("unbind"))}));
    const QList<QJsonObject> binds = smpp.answers(QStringLiteral("bind"));
    QCOMPARE(binds.size(), 2);
    QCOMPARE(binds.at(0).value(QStringLiteral("status")).toInt(), ESME_ROK);
    QCOMPARE(binds.at(1).value(QStringLiteral("status")).toInt(), ESME_RALYBND);
    // The first bind still stands.
    QCOMPARE(smpp.answer(QStringLiteral("unbind")).value(QStringLiteral("status")).toInt(), ESME_ROK);
}

void NetSmppTest::refusedSubmitsSayWhyAndChargeNothing_data()
{
    QTest::addColumn<bool>("poor"); // a client whose wallet cannot pay for one message
    QTest::addColumn<QString>("mode"); // empty: no bind at all
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("destination");
    QTest::addColumn<int>("status");
    QTest::newRow("unknown sender") << false << "transmitter" << "Nobody" << Recipient << ESME_RINVSRCADR;
    QTest::newRow("bad destination") << false << "transceiver" << Sender << "12345" << ESME_RINVDSTADR;
    QTest::newRow("insufficient balance") << true << "transmitter" << Sender << Recipient << ESME_RSUBMITFAIL;
    QTest::newRow("before bind") << false << "" << Sender << Recipient << ESME_RINVBNDSTS;
    QTest::newRow("on a receiver bind") << false << "receiver" << Sender << Recipient << ESME_RINVBNDSTS;
}

void NetSmppTest::refusedSubmitsSayWhyAndChargeNothing()
{
    QFETCH(bool, poor);
    QFETCH(QString, mode);
    QFETCH(QString, source);
    QFETCH(QString, destination);
    QFETCH(int, status);
    SmppClient client = m_client;
    if (poor) {
        SmppClient::Options options;
        options.amount = QStringLiteral("2.00"); // one message costs 4.00
        client = newClient(options);
        QVERIFY2(client.error.isEmpty(), qPrintable(client.error));
    }
    const qint64 balance = client.balance(*m_api);
    const qint64 messages = messageCount(client.account.id);
    QVERIFY(balance > 0 && messages >= 0);

    QJsonArray steps{NetSmppSession::connect()};
    if (!mode.isEmpty())
        steps.append(NetSmppSession::bind(mode, client.systemId, client.password));
    steps.append(NetSmppSession::submit(source, destination, QStringLiteral("This one is refused")));
    NetSmppSession smpp = session();
    RUN_SESSION(smpp, steps);
    if (!mode.isEmpty())
        QCOMPARE(smpp.answer(QStringLiteral("bind")).value(QStringLiteral("status")).toInt(), ESME_ROK);
    const QJsonObject submitted = smpp.answer(QStringLiteral("submit"));
    QCOMPARE(submitted.value(QStringLiteral("command")).toString(), QStringLiteral("submit_sm_resp"));
    QCOMPARE(submitted.value(QStringLiteral("status")).toInt(), status);
    QCOMPARE(submitted.value(QStringLiteral("message_id")).toString(), QString());
    QCOMPARE(client.balance(*m_api), balance);
    QCOMPARE(messageCount(client.account.id), messages);
}

void NetSmppTest::submitsOverTheAccountRateAreThrottled()
{
    SmppClient::Options options;
    options.submitPerSecond = 1;
    const SmppClient client = newClient(options);
    QVERIFY2(client.error.isEmpty(), qPrintable(client.error));
    NetSmppSession smpp = session();
    RUN_SESSION(smpp, QJsonArray({NetSmppSession::connect(),
                                  NetSmppSession::bind(QStringLiteral("transmitter"), client.systemId, client.password),
                                  NetSmppSession::submit(Sender, Recipient, QStringLiteral("burst"), {{QStringLiteral("count"), 5}}),
                                  NetSmppSession::step(QStringLiteral("unbind"))}));
    const QList<QJsonObject> answers = smpp.answers(QStringLiteral("submit"));
    QCOMPARE(answers.size(), 5);
    int accepted = 0;
    int throttled = 0;
    for (const QJsonObject &answer : answers) {
        const int status = answer.value(QStringLiteral("status")).toInt();
        QVERIFY2(status == ESME_ROK || status == ESME_RTHROTTLED, qPrintable(smpp.transcript()));
        (status == ESME_ROK ? accepted : throttled) += 1;
    }
    // One a second: the burst, sent within milliseconds, spans at most two seconds.
    QVERIFY2(accepted >= 1 && accepted <= 2, qPrintable(smpp.transcript()));
    QCOMPARE(throttled, 5 - accepted);
    QCOMPARE(messageCount(client.account.id), qint64(accepted));
    QCOMPARE(client.balance(*m_api), qint64(10000 - 400 * accepted));
}

void NetSmppTest::longMessageBecomesOneMessage_data()
{
    QTest::addColumn<QJsonObject>("extra");
    QTest::addColumn<int>("answers");
    const QJsonObject udh{{QStringLiteral("method"), QStringLiteral("udh")}, {QStringLiteral("size"), 153}, {QStringLiteral("reference"), 42}};
    const QJsonObject sar{{QStringLiteral("method"), QStringLiteral("sar")}, {QStringLiteral("size"), 153}, {QStringLiteral("reference"), 4242}};
    QTest::newRow("UDH, esm_class 0x40") << QJsonObject{{QStringLiteral("split"), udh}} << 2;
    QTest::newRow("SAR TLVs") << QJsonObject{{QStringLiteral("split"), sar}} << 2;
    QTest::newRow("message_payload") << QJsonObject{{QStringLiteral("payload"), true}} << 1;
}

void NetSmppTest::longMessageBecomesOneMessage()
{
    QFETCH(QJsonObject, extra);
    QFETCH(int, answers);
    const SmppClient &client = m_client;
    const qint64 balance = client.balance(*m_api);
    const qint64 messages = messageCount(client.account.id);
    const QString text = gsmText(200);
    NetSmppSession smpp = session();
    RUN_SESSION(smpp, QJsonArray({NetSmppSession::connect(),
                                  NetSmppSession::bind(QStringLiteral("transmitter"), client.systemId, client.password),
                                  NetSmppSession::submit(Sender, Recipient, text, extra), NetSmppSession::step(QStringLiteral("unbind"))}));
    const QList<QJsonObject> submitted = smpp.answers(QStringLiteral("submit"));
    QCOMPARE(submitted.size(), answers);
    const QString messageId = submitted.first().value(QStringLiteral("message_id")).toString();
    QVERIFY2(!messageId.isEmpty(), qPrintable(smpp.transcript()));
    for (const QJsonObject &answer : submitted) {
        QCOMPARE(answer.value(QStringLiteral("status")).toInt(), ESME_ROK);
        QCOMPARE(answer.value(QStringLiteral("message_id")).toString(), messageId); // every part names the whole
    }
    QCOMPARE(messageCount(client.account.id), messages + 1);
    const QJsonObject stored = message(client, messageId);
    QCOMPARE(stored.value(QStringLiteral("message_text")).toString(), text);
    QCOMPARE(stored.value(QStringLiteral("segments_count")).toInt(), 2);
    QCOMPARE(stored.value(QStringLiteral("cost")).toString(), QStringLiteral("8.00"));
    QCOMPARE(client.balance(*m_api), balance - 800);
}

void NetSmppTest::textKeepsItsCharacters_data()
{
    QTest::addColumn<int>("dataCoding");
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("segments");
    QTest::newRow("GSM 7-bit unpacked") << 0 << "Plain text, 100% GSM: (ok)?" << 1;
    QTest::newRow("Latin-1") << 3 << QStringLiteral("Caf\u00e9 cr\u00e8me, s'il vous pla\u00eet") << 1;
    QTest::newRow("UCS-2") << 8 << QStringLiteral("\u1eb8 k\u00fa \u00e0\u00e1r\u1ecd\u0300 \u2014 \u4f60\u597d") << 1;
}

void NetSmppTest::textKeepsItsCharacters()
{
    QFETCH(int, dataCoding);
    QFETCH(QString, text);
    QFETCH(int, segments);
    const SmppClient &client = m_client;
    NetSmppSession smpp = session();
    RUN_SESSION(smpp, QJsonArray({NetSmppSession::connect(),
                                  NetSmppSession::bind(QStringLiteral("transmitter"), client.systemId, client.password),
                                  NetSmppSession::submit(Sender, Recipient, text, {{QStringLiteral("data_coding"), dataCoding}}),
                                  NetSmppSession::step(QStringLiteral("unbind"))}));
    const QJsonObject submitted = smpp.answer(QStringLiteral("submit"));
    QCOMPARE(submitted.value(QStringLiteral("status")).toInt(), ESME_ROK);
    const QJsonObject stored = message(client, submitted.value(QStringLiteral("message_id")).toString());
    QCOMPARE(stored.value(QStringLiteral("message_text")).toString(), text);
    QCOMPARE(stored.value(QStringLiteral("segments_count")).toInt(), segments);
}

void NetSmppTest::enquireLinkIsAnsweredAndUnknownCommandsNacked()
{
    const SmppClient &client = m_client;
    NetSmppSession smpp = session();
    RUN_SESSION(smpp, QJsonArray({NetSmppSession::connect(),
                                  NetSmppSession::bind(QStringLiteral("transceiver"), client.systemId, client.password),
                                  NetSmppSession::step(QStringLiteral("enquire_link")),
                                  NetSmppSession::step(QStringLiteral("raw"), {{QStringLiteral("command_id"), 0x00000099}}),
                                  NetSmppSession::step(QStringLiteral("enquire_link")), NetSmppSession::step(QStringLiteral("unbind"))}));
    const QList<QJsonObject> links = smpp.answers(QStringLiteral("enquire_link"));
    QCOMPARE(links.size(), 2);
    for (const QJsonObject &link : links) {
        QCOMPARE(link.value(QStringLiteral("command")).toString(), QStringLiteral("enquire_link_resp"));
        QCOMPARE(link.value(QStringLiteral("status")).toInt(), ESME_ROK);
    }
    const QJsonObject nack = smpp.answer(QStringLiteral("raw"));
    QCOMPARE(nack.value(QStringLiteral("command")).toString(), QStringLiteral("generic_nack"));
    QCOMPARE(nack.value(QStringLiteral("status")).toInt(), ESME_RINVCMDID);
    QCOMPARE(smpp.answer(QStringLiteral("unbind")).value(QStringLiteral("status")).toInt(), ESME_ROK);
}

QTEST_GUILESS_MAIN(NetSmppTest)
#include "tst_netsmpp.moc"
