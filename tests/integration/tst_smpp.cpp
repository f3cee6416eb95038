// The SMPP 3.4 server against a real appliance: credentials over REST, bind rules, submit_sm
// charged like a REST send, delivery receipts, throttling, long messages and protocol errors.
#include "applianceprocess.h"
#include "apiclient.h"
#include "smpptestclient.h"
#include "testdatabase.h"

#include "smpp/pducodec.h"

#include <ogene/money.h>

#include <QSqlQuery>
#include <QtTest>

using namespace ogene::smpp;
using namespace ogene::smpp::CommandStatus;

class SmppTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void credentialsNeedApprovalAndShowThePasswordOnce();
    void credentialRoutesRefuseBadInput();
    void bindRefusesWrongCredentialsAndCloses();
    void bindNeedsAccessAndAnActiveAccount();
    void bindsPerCredentialAreLimited();
    void submitIsChargedAndVisibleOverRest();
    void submitErrorsHaveTheirStatuses();
    void throttleAnswersThrottled();
    void receiptFollowsTheFinalState();
    void receiptWaitsForAReceiverToBind();
    void resetPasswordUnbindsLiveSessions();
    void longMessagePartsBecomeOneMessage();
    void protocolErrorsGetGenericNack();

private:
    struct SmppAccount
    {
        ApiClient::Account client;
        QString systemId;
        QString password;
        qint64 credentialId = 0;
    };
    SmppAccount smppAccount(const QString &amount = QStringLiteral("100.00"), std::optional<int> perSecond = std::nullopt);
    qint64 balanceOf(const QString &token);

    TestDatabase m_database;
    std::unique_ptr<ApplianceProcess> m_appliance;
    std::unique_ptr<ApiClient> m_api;
    QString m_admin;
};

void SmppTest::initTestCase()
{
    QVERIFY2(m_database.isValid(), qPrintable(m_database.error()));
    m_appliance = std::make_unique<ApplianceProcess>(m_database.url());
    m_appliance->setEnv(QStringLiteral("OGENE_SIMULATOR_DELIVERY_DELAY_MS"), QStringLiteral("100"));
    m_appliance->setEnv(QStringLiteral("OGENE_SMPP_MAX_BINDS_PER_CREDENTIAL"), QStringLiteral("3"));
    QVERIFY2(m_appliance->start(), qPrintable(m_appliance->output()));
    QVERIFY(m_appliance->smppPort() != 0);
    m_api = std::make_unique<ApiClient>(m_appliance->baseUrl());
    m_admin = m_api->adminToken();
    QVERIFY(!m_admin.isEmpty());
}

SmppTest::SmppAccount SmppTest::smppAccount(const QString &amount, std::optional<int> perSecond)
{
    SmppAccount account;
    account.client = m_api->readyClient(m_admin, amount, QStringLiteral("Acme"));
    QJsonObject access{{QStringLiteral("approved"), true}};
    if (perSecond)
        access.insert(QStringLiteral("submit_per_second"), *perSecond);
    const ApiReply approved = m_api->post(QStringLiteral("/api/admin/users/%1/smpp-access").arg(account.client.id), access, m_admin);
    if (approved.status != 200)
        qWarning("smpp-access: %s", qPrintable(approved.describe()));
    const ApiReply generated = m_api->post(QStringLiteral("/api/client/credentials/smpp/generate"), {}, account.client.token);
    account.systemId = generated.data().value(QStringLiteral("smpp_username")).toString();
    account.password = generated.data().value(QStringLiteral("smpp_password")).toString();
    account.credentialId = generated.data().value(QStringLiteral("id")).toInteger();
    return account;
}

// In minor units (kobo), -1 when the answer has none.
qint64 SmppTest::balanceOf(const QString &token)
{
    return ogene::Money::fromJson(m_api->get(QStringLiteral("/api/client/wallet/balance"), token).data().value(QStringLiteral("balance")))
        .value_or(-1);
}

void SmppTest::credentialsNeedApprovalAndShowThePasswordOnce()
{
    const ApiClient::Account client = m_api->readyClient(m_admin, QStringLiteral("10.00"));
    const ApiReply refused = m_api->post(QStringLiteral("/api/client/credentials/smpp/generate"), {}, client.token);
    QCOMPARE(refused.status, 403);
    QVERIFY(refused.isErrorEnvelope());

    QCOMPARE(m_api->post(QStringLiteral("/api/admin/users/%1/smpp-access").arg(client.id), {{QStringLiteral("approved"), true}}, m_admin)
                 .status,
             200);
    const ApiReply generated = m_api->post(QStringLiteral("/api/client/credentials/smpp/generate"), {}, client.token);
    QCOMPARE(generated.status, 201);
    const QJsonObject record = generated.data();
    const QString password = record.value(QStringLiteral("smpp_password")).toString();
    QVERIFY(!password.isEmpty() && password.size() <= 8);
    const QString username = record.value(QStringLiteral("smpp_username")).toString();
    QVERIFY(!username.isEmpty() && username.size() <= 15);
    QCOMPARE(record.value(QStringLiteral("status")).toString(), QStringLiteral("active"));
    const QJsonObject connection = record.value(QStringLiteral("connection_info")).toObject();
    QCOMPARE(connection.value(QStringLiteral("host")).toString(), QStringLiteral("127.0.0.1"));
    QCOMPARE(connection.value(QStringLiteral("port")).toInt(), int(m_appliance->smppPort()));
    QCOMPARE(connection.value(QStringLiteral("bind_type")).toString(), QStringLiteral("transceiver"));

    // The password is stored hashed and never listed again.
    QSqlQuery query(m_database.connection());
    query.prepare(QStringLiteral("SELECT password_hash FROM smpp_credentials WHERE system_id = ?"));
    query.addBindValue(username);
    QVERIFY(query.exec() && query.next());
    QVERIFY(!query.value(0).toString().contains(password));

    SmppTestClient session(m_appliance->smppPort());
    QCOMPARE(session.bind(CommandId::BindTransceiver, username, password), ESME_ROK);
    const ApiReply listed = m_api->get(QStringLiteral("/api/client/credentials/smpp"), client.token);
    QCOMPARE(listed.status, 200);
    QCOMPARE(listed.list().size(), 1);
    const QJsonObject item = listed.list().first().toObject();
    QVERIFY(!item.contains(QStringLiteral("smpp_password")));
    QCOMPARE(item.value(QStringLiteral("smpp_username")).toString(), username);
    QCOMPARE(item.value(QStringLiteral("live_sessions")).toInt(), 1);

    // Another account sees none of it.
    const ApiClient::Account other = m_api->readyClient(m_admin, QStringLiteral("1.00"));
    QCOMPARE(m_api->get(QStringLiteral("/api/client/credentials/smpp"), other.token).list().size(), 0);
}

void SmppTest::credentialRoutesRefuseBadInput()
{
    const SmppAccount account = smppAccount();
    const ApiClient::Account other = m_api->readyClient(m_admin, QStringLiteral("1.00"));
    const QString reset = QStringLiteral("/api/client/credentials/smpp/reset-password");
    QCOMPARE(m_api->post(reset, {}, account.client.token).status, 422);
    QCOMPARE(m_api->post(reset, {{QStringLiteral("credential_id"), QStringLiteral("x")}}, account.client.token).status, 422);
    QCOMPARE(m_api->post(reset, {{QStringLiteral("credential_id"), account.credentialId}}, other.token).status, 404);
    QCOMPARE(m_api->post(reset, {{QStringLiteral("credential_id"), 99999999}}, account.client.token).status, 404);
    QCOMPARE(m_api->post(reset, {{QStringLiteral("credential_id"), account.credentialId}}, QString()).status, 401);
    const QString access = QStringLiteral("/api/admin/users/%1/smpp-access").arg(account.client.id);
    QCOMPARE(m_api->post(access, {}, m_admin).status, 422);
    QCOMPARE(m_api->post(access, {{QStringLiteral("approved"), QStringLiteral("yes")}}, m_admin).status, 422);
    QCOMPARE(m_api->post(access, {{QStringLiteral("approved"), true}, {QStringLiteral("submit_per_second"), 0}}, m_admin).status, 422);
    QCOMPARE(m_api->post(access, {{QStringLiteral("approved"), true}}, account.client.token).status, 403);
    QCOMPARE(m_api->post(QStringLiteral("/api/admin/users/99999999/smpp-access"), {{QStringLiteral("approved"), true}}, m_admin).status, 404);
}

void SmppTest::bindRefusesWrongCredentialsAndCloses()
{
    const SmppAccount account = smppAccount();
    {
        SmppTestClient session(m_appliance->smppPort());
        QCOMPARE(session.bind(CommandId::BindTransceiver, account.systemId, QStringLiteral("wrong")), ESME_RINVPASWD);
        QVERIFY(session.waitForClose());
    }
    {
        SmppTestClient session(m_appliance->smppPort());
        QCOMPARE(session.bind(CommandId::BindTransmitter, QStringLiteral("nobody"), account.password), ESME_RINVSYSID);
        QVERIFY(session.waitForClose());
    }
    {
        // SMPP 3.4 4.1.2: an error response has no body, and every refusal waits its pause.
        SmppTestClient session(m_appliance->smppPort());
        BindBody bind;
        bind.systemId = account.systemId.toLatin1();
        bind.password = "wrong";
        QElapsedTimer waited;
        waited.start();
        session.send(Pdu::request(CommandId::BindTransceiver, 0, bind));
        const std::optional<Pdu> answer = session.next(10000);
        QVERIFY(answer);
        QCOMPARE(answer->header.commandStatus, ESME_RINVPASWD);
        QVERIFY(std::holds_alternative<std::monostate>(answer->body));
        QVERIFY(waited.elapsed() >= 900);
    }
    SmppTestClient session(m_appliance->smppPort());
    session.send(Pdu::request(CommandId::Unbind, 0));
    const std::optional<Pdu> early = session.next();
    QVERIFY(early);
    QCOMPARE(early->header.commandStatus, ESME_RINVBNDSTS); // unbind is for bound sessions only
    QCOMPARE(session.bind(CommandId::BindTransmitter, account.systemId, account.password), ESME_ROK);
    QCOMPARE(session.bind(CommandId::BindReceiver, account.systemId, account.password), ESME_RALYBND);
}

void SmppTest::bindNeedsAccessAndAnActiveAccount()
{
    const SmppAccount account = smppAccount();
    SmppTestClient live(m_appliance->smppPort());
    QCOMPARE(live.bind(CommandId::BindTransceiver, account.systemId, account.password), ESME_ROK);

    // Suspending the account unbinds its live session, and it cannot bind again.
    QCOMPARE(m_api->post(QStringLiteral("/api/admin/users/%1/suspend").arg(account.client.id), {}, m_admin).status, 200);
    const std::optional<Pdu> unbind = live.next(5000);
    QVERIFY(unbind);
    QCOMPARE(unbind->command(), CommandId::Unbind);
    {
        SmppTestClient session(m_appliance->smppPort());
        QElapsedTimer waited;
        waited.start();
        QCOMPARE(session.bind(CommandId::BindTransceiver, account.systemId, account.password), ESME_RBINDFAIL);
        QVERIFY(waited.elapsed() >= 900); // refused for the account, after the same pause as a wrong password
        QVERIFY(session.waitForClose());
    }
    QCOMPARE(m_api->post(QStringLiteral("/api/admin/users/%1/reactivate").arg(account.client.id), {}, m_admin).status, 200);

    // Without SMPP access: refused too.
    QCOMPARE(m_api->post(QStringLiteral("/api/admin/users/%1/smpp-access").arg(account.client.id),
                         {{QStringLiteral("approved"), false}}, m_admin)
                 .status,
             200);
    SmppTestClient session(m_appliance->smppPort());
    QCOMPARE(session.bind(CommandId::BindTransceiver, account.systemId, account.password), ESME_RBINDFAIL);
}

void SmppTest::bindsPerCredentialAreLimited()
{
    const SmppAccount account = smppAccount();
    std::vector<std::unique_ptr<SmppTestClient>> sessions;
    for (int i = 0; i < 3; ++i) {
        sessions.push_back(std::make_unique<SmppTestClient>(m_appliance->smppPort()));
        QCOMPARE(sessions.back()->bind(CommandId::BindTransmitter, account.systemId, account.password), ESME_ROK);
    }
    SmppTestClient fourth(m_appliance->smppPort());
    QCOMPARE(fourth.bind(CommandId::BindTransmitter, account.systemId, account.password), ESME_RBINDFAIL);
    QCOMPARE(m_api->get(QStringLiteral("/api/client/credentials/smpp"), account.client.token).list().first().toObject().value(
                 QStringLiteral("live_sessions")).toInt(),
             3);
}

void SmppTest::submitIsChargedAndVisibleOverRest()
{
    const SmppAccount account = smppAccount(QStringLiteral("100.00"));
    SmppTestClient session(m_appliance->smppPort());
    QCOMPARE(session.bind(CommandId::BindTransmitter, account.systemId, account.password), ESME_ROK);
    const SmppTestClient::SubmitAnswer answer =
        session.submit(SmppTestClient::textMessage(QStringLiteral("Acme"), QStringLiteral("08031234567"), "Hello over SMPP"));
    QCOMPARE(answer.status, ESME_ROK);
    bool numeric = false;
    const qint64 id = answer.messageId.toLongLong(&numeric);
    QVERIFY(numeric);

    const ApiReply status = m_api->get(QStringLiteral("/api/client/sms/status/%1").arg(id), account.client.token);
    QCOMPARE(status.status, 200);
    QCOMPARE(status.data().value(QStringLiteral("recipient_phone")).toString(), QStringLiteral("+2348031234567"));
    QCOMPARE(status.data().value(QStringLiteral("message_text")).toString(), QStringLiteral("Hello over SMPP"));
    QCOMPARE(status.data().value(QStringLiteral("cost")).toString(), QStringLiteral("4.00"));
    QCOMPARE(balanceOf(account.client.token), qint64(9600));

    // UCS-2 and Latin-1 texts arrive as the client meant them.
    ShortMessageBody ucs2 = SmppTestClient::textMessage(QStringLiteral("Acme"), QStringLiteral("2348031234567"), {});
    ucs2.dataCoding = DataCoding::Ucs2;
    ucs2.shortMessage = QByteArray::fromHex("004f006b00e90020d83dde00"); // "Oké 😀"
    const SmppTestClient::SubmitAnswer ucs2Answer = session.submit(ucs2);
    QCOMPARE(ucs2Answer.status, ESME_ROK);
    const ApiReply ucs2Status = m_api->get(QStringLiteral("/api/client/sms/status/%1").arg(QString::fromLatin1(ucs2Answer.messageId)),
                                           account.client.token);
    QCOMPARE(ucs2Status.data().value(QStringLiteral("message_text")).toString(), QStringLiteral("Oké \U0001F600"));
    QCOMPARE(ucs2Status.data().value(QStringLiteral("encoding")).toString(), QStringLiteral("ucs2"));
}

void SmppTest::submitErrorsHaveTheirStatuses()
{
    const SmppAccount account = smppAccount(QStringLiteral("4.00"));
    SmppTestClient receiver(m_appliance->smppPort());
    QCOMPARE(receiver.bind(CommandId::BindReceiver, account.systemId, account.password), ESME_ROK);
    QCOMPARE(receiver.submit(SmppTestClient::textMessage(QStringLiteral("Acme"), QStringLiteral("2348031234567"), "x")).status,
             ESME_RINVBNDSTS);
    SmppTestClient unbound(m_appliance->smppPort());
    QCOMPARE(unbound.submit(SmppTestClient::textMessage(QStringLiteral("Acme"), QStringLiteral("2348031234567"), "x")).status,
             ESME_RINVBNDSTS);

    SmppTestClient session(m_appliance->smppPort());
    QCOMPARE(session.bind(CommandId::BindTransceiver, account.systemId, account.password), ESME_ROK);
    QCOMPARE(session.submit(SmppTestClient::textMessage(QStringLiteral("Unknown"), QStringLiteral("2348031234567"), "x")).status,
             ESME_RINVSRCADR);
    QCOMPARE(session.submit(SmppTestClient::textMessage(QStringLiteral("Acme"), QStringLiteral("12"), "x")).status, ESME_RINVDSTADR);
    ShortMessageBody badCoding = SmppTestClient::textMessage(QStringLiteral("Acme"), QStringLiteral("2348031234567"), "x");
    badCoding.dataCoding = 0x05;
    QCOMPARE(session.submit(badCoding).status, ESME_RINVDCS);
    // 4.00 pays for one message, not two.
    QCOMPARE(session.submit(SmppTestClient::textMessage(QStringLiteral("Acme"), QStringLiteral("2348031234567"), "one")).status, ESME_ROK);
    QCOMPARE(session.submit(SmppTestClient::textMessage(QStringLiteral("Acme"), QStringLiteral("2348031234567"), "two")).status,
             ESME_RSUBMITFAIL);
    QCOMPARE(balanceOf(account.client.token), qint64(0));
    QSqlQuery query(m_database.connection());
    query.prepare(QStringLiteral("SELECT COUNT(*) FROM messages WHERE user_id = ?"));
    query.addBindValue(account.client.id);
    QVERIFY(query.exec() && query.next());
    QCOMPARE(query.value(0).toInt(), 1); // refusals leave no message behind
}

void SmppTest::throttleAnswersThrottled()
{
    const SmppAccount account = smppAccount(QStringLiteral("1000.00"), 3);
    SmppTestClient session(m_appliance->smppPort());
    QCOMPARE(session.bind(CommandId::BindTransmitter, account.systemId, account.password), ESME_ROK);
    // Ten at once, within one second at 3 per second: the rest are throttled, and not charged.
    QList<quint32> sequences;
    for (int i = 0; i < 10; ++i)
        sequences.append(session.send(Pdu::request(CommandId::SubmitSm, 0,
                                                   SmppTestClient::textMessage(QStringLiteral("Acme"), QStringLiteral("2348031234567"), "burst"))));
    int accepted = 0, throttled = 0;
    for (int i = 0; i < 10; ++i) {
        const std::optional<Pdu> answer = session.nextResponse();
        QVERIFY(answer);
        if (answer->header.commandStatus == ESME_ROK)
            ++accepted;
        else if (answer->header.commandStatus == ESME_RTHROTTLED)
            ++throttled;
    }
    QVERIFY2(accepted >= 3 && accepted <= 6, qPrintable(QString::number(accepted))); // a second boundary may fall inside the burst
    QCOMPARE(accepted + throttled, 10);
    QCOMPARE(balanceOf(account.client.token), qint64(100000 - 400 * accepted));
}

void SmppTest::receiptFollowsTheFinalState()
{
    const SmppAccount account = smppAccount();
    SmppTestClient session(m_appliance->smppPort());
    QCOMPARE(session.bind(CommandId::BindTransceiver, account.systemId, account.password), ESME_ROK);
    const SmppTestClient::SubmitAnswer answer = session.submit(
        SmppTestClient::textMessage(QStringLiteral("Acme"), QStringLiteral("2348031234567"), "Receipt please, this is long", 1));
    QCOMPARE(answer.status, ESME_ROK);
    const std::optional<Pdu> receipt = session.nextReceipt();
    QVERIFY(receipt);
    const auto &body = std::get<ShortMessageBody>(receipt->body);
    QCOMPARE(body.esmClass, quint8(0x04));
    QCOMPARE(body.sourceAddr, QByteArray("2348031234567"));
    QCOMPARE(body.destinationAddr, QByteArray("Acme"));
    static const QRegularExpression format(QStringLiteral(
        "^id:(\\d+) sub:001 dlvrd:001 submit date:\\d{10} done date:\\d{10} stat:DELIVRD err:000 text:(.*)$"));
    const QRegularExpressionMatch match = format.match(QString::fromLatin1(body.shortMessage));
    QVERIFY2(match.hasMatch(), body.shortMessage.constData());
    QCOMPARE(match.captured(1).toLatin1(), answer.messageId);
    QCOMPARE(match.captured(2), QStringLiteral("Receipt please, this"));
    QCOMPARE(findTlv(body.tlvs, TlvTag::ReceiptedMessageId)->toCString(), answer.messageId);
    QCOMPARE(findTlv(body.tlvs, TlvTag::MessageState)->toInteger(), std::optional<quint32>(2));

    // Answered once: marked sent, not sent again.
    QTRY_COMPARE_WITH_TIMEOUT(
        [&] {
            QSqlQuery query(m_database.connection());
            query.prepare(QStringLiteral("SELECT receipt_state FROM messages WHERE id = ?"));
            query.addBindValue(answer.messageId.toLongLong());
            return query.exec() && query.next() ? query.value(0).toString() : QString();
        }(),
        QStringLiteral("sent"), 5000);
    QVERIFY(!session.next(1000));
}

void SmppTest::receiptWaitsForAReceiverToBind()
{
    const SmppAccount account = smppAccount();
    QByteArray messageId;
    {
        SmppTestClient transmitter(m_appliance->smppPort());
        QCOMPARE(transmitter.bind(CommandId::BindTransmitter, account.systemId, account.password), ESME_ROK);
        const SmppTestClient::SubmitAnswer answer = transmitter.submit(
            SmppTestClient::textMessage(QStringLiteral("Acme"), QStringLiteral("2348031234567"), "later", 1));
        QCOMPARE(answer.status, ESME_ROK);
        messageId = answer.messageId;
        // The transmitter gets no receipt, and the message is delivered meanwhile.
        QTRY_COMPARE_WITH_TIMEOUT(m_api->get(QStringLiteral("/api/client/sms/status/%1").arg(QString::fromLatin1(messageId)),
                                             account.client.token)
                                      .data()
                                      .value(QStringLiteral("status"))
                                      .toString(),
                                  QStringLiteral("delivered"), 10000);
        QVERIFY(!transmitter.next(500));
    }
    // It waited in the store; restarting the appliance loses nothing.
    m_appliance->stop();
    QVERIFY2(m_appliance->start(), qPrintable(m_appliance->output()));
    m_api = std::make_unique<ApiClient>(m_appliance->baseUrl());
    SmppTestClient receiver(m_appliance->smppPort());
    QCOMPARE(receiver.bind(CommandId::BindReceiver, account.systemId, account.password), ESME_ROK);
    const std::optional<Pdu> receipt = receiver.next(10000);
    QVERIFY(receipt);
    QCOMPARE(receipt->command(), CommandId::DeliverSm);
    QVERIFY(std::get<ShortMessageBody>(receipt->body).shortMessage.startsWith("id:" + messageId + ' '));
}

void SmppTest::resetPasswordUnbindsLiveSessions()
{
    const SmppAccount account = smppAccount();
    SmppTestClient live(m_appliance->smppPort());
    QCOMPARE(live.bind(CommandId::BindTransceiver, account.systemId, account.password), ESME_ROK);
    const ApiReply reset = m_api->post(QStringLiteral("/api/client/credentials/smpp/reset-password"),
                                       {{QStringLiteral("credential_id"), account.credentialId}}, account.client.token);
    QCOMPARE(reset.status, 200);
    const QString newPassword = reset.data().value(QStringLiteral("smpp_password")).toString();
    QVERIFY(!newPassword.isEmpty() && newPassword.size() <= 8 && newPassword != account.password);
    const std::optional<Pdu> unbind = live.next(5000);
    QVERIFY(unbind);
    QCOMPARE(unbind->command(), CommandId::Unbind);
    {
        SmppTestClient old(m_appliance->smppPort());
        QCOMPARE(old.bind(CommandId::BindTransceiver, account.systemId, account.password), ESME_RINVPASWD);
    }
    SmppTestClient fresh(m_appliance->smppPort());
    QCOMPARE(fresh.bind(CommandId::BindTransceiver, account.systemId, newPassword), ESME_ROK);
}

void SmppTest::longMessagePartsBecomeOneMessage()
{
    const SmppAccount account = smppAccount();
    SmppTestClient session(m_appliance->smppPort());
    QCOMPARE(session.bind(CommandId::BindTransceiver, account.systemId, account.password), ESME_ROK);
    const QByteArray first(153, 'a'), second(40, 'b');
    QList<quint32> sequences;
    for (const auto &[sequence, text] : {std::pair<quint8, QByteArray>{1, first}, {2, second}}) {
        ShortMessageBody part = SmppTestClient::textMessage(QStringLiteral("Acme"), QStringLiteral("2348031234567"), {});
        part.esmClass = EsmClass::Udhi;
        part.shortMessage = QByteArray::fromHex("0500037702") + QByteArray(1, char(sequence)) + text;
        sequences.append(session.send(Pdu::request(CommandId::SubmitSm, 0, part)));
    }
    QByteArray messageId;
    for (int i = 0; i < 2; ++i) {
        const std::optional<Pdu> answer = session.nextResponse();
        QVERIFY(answer);
        QCOMPARE(answer->header.commandStatus, ESME_ROK);
        const QByteArray id = std::get<MessageIdRespBody>(answer->body).messageId;
        QVERIFY(messageId.isEmpty() || messageId == id); // both parts: the one message
        messageId = id;
    }
    const ApiReply status = m_api->get(QStringLiteral("/api/client/sms/status/%1").arg(QString::fromLatin1(messageId)),
                                       account.client.token);
    QCOMPARE(status.data().value(QStringLiteral("message_text")).toString(), QString::fromLatin1(first + second));
    QCOMPARE(status.data().value(QStringLiteral("segments_count")).toInt(), 2);
    QCOMPARE(status.data().value(QStringLiteral("cost")).toString(), QStringLiteral("8.00"));

    // message_payload carries a long text in one submit_sm.
    ShortMessageBody payload = SmppTestClient::textMessage(QStringLiteral("Acme"), QStringLiteral("2348031234567"), {});
    payload.tlvs.append(Tlv{TlvTag::MessagePayload, QByteArray(400, 'p')});
    const SmppTestClient::SubmitAnswer answer = session.submit(payload);
    QCOMPARE(answer.status, ESME_ROK);
    QCOMPARE(m_api->get(QStringLiteral("/api/client/sms/status/%1").arg(QString::fromLatin1(answer.messageId)), account.client.token)
                 .data()
                 .value(QStringLiteral("segments_count"))
                 .toInt(),
             3);
}

void SmppTest::protocolErrorsGetGenericNack()
{
    const SmppAccount account = smppAccount();
    SmppTestClient session(m_appliance->smppPort());
    QCOMPARE(session.bind(CommandId::BindTransceiver, account.systemId, account.password), ESME_ROK);
    session.send(Pdu::request(CommandId::EnquireLink, 0));
    std::optional<Pdu> answer = session.next();
    QVERIFY(answer);
    QCOMPARE(answer->command(), CommandId::EnquireLinkResp);

    session.sendRaw(QByteArray::fromHex("00000010000000990000000000000007")); // command id 0x99
    answer = session.next();
    QVERIFY(answer);
    QCOMPARE(answer->command(), CommandId::GenericNack);
    QCOMPARE(answer->header.commandStatus, ESME_RINVCMDID);
    QCOMPARE(answer->header.sequenceNumber, quint32(7));

    session.sendRaw(QByteArray::fromHex("00000008000000150000000000000001")); // command_length 8
    answer = session.next();
    QVERIFY(answer);
    QCOMPARE(answer->command(), CommandId::GenericNack);
    QCOMPARE(answer->header.commandStatus, ESME_RINVCMDLEN);
    QVERIFY(session.waitForClose());
}

QTEST_GUILESS_MAIN(SmppTest)
#include "tst_smpp.moc"
