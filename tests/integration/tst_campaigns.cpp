// Bulk campaigns: creation and its rules, the one debit and the refunds, the lifecycle, the worker
// that turns recipients into messages (also across kill -9), and the scheduler.
#include "apiclient.h"
#include "applianceprocess.h"
#include "testdatabase.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QSqlError>
#include <QSqlQuery>
#include <QTcpSocket>
#include <QTest>

#include <memory>

namespace {

constexpr int SettleTimeoutMs = 30000;
constexpr qint64 PricePerSegment = 400; // NGN 4.00 by default

const auto phone = &ApiClient::phone;
const auto phones = &ApiClient::phones;
const auto manualCampaign = [](const QJsonArray &numbers, const QString &name = QStringLiteral("Promo")) {
    return ApiClient::manualCampaign(numbers, name);
};

QString isoIn(qint64 ms)
{
    return QDateTime::currentDateTimeUtc().addMSecs(ms).toString(Qt::ISODateWithMs);
}

qint64 epochMs(const QJsonValue &value)
{
    const QDateTime instant = QDateTime::fromString(value.toString(), Qt::ISODateWithMs);
    return instant.isValid() ? instant.toMSecsSinceEpoch() : -1;
}

} // namespace

class CampaignsTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();

    // Creation.
    void manualCampaignIsChargedOnceAndEveryRecipientGetsAMessage();
    void recipientsFromEverySourceAreCountedOnce();
    void contactsGroupsAndAllSendToTheAccountsContacts();
    void senderMayBeGivenByItsNumericId();
    void badCreateFieldsAre422_data();
    void badCreateFieldsAre422();
    void noValidRecipientIs422();
    void anotherAccountsContactsOrGroupsAre422();
    void bodyOverTheDefaultLimitIsAcceptedOnlyOnTheCampaignRoute();

    // Money.
    void tooLittleBalanceCreatesNothing();
    void tooLittleBalanceLeavesADraftADraft();

    // Lifecycle.
    void draftIsQueuedOnceAndOnlyADraftIsDeleted();
    void cancellingAScheduledCampaignRefundsEverything();
    void cancellingAProcessingCampaignRefundsWhatWasNotDispatched();
    void anotherAccountsCampaignIs404();
    void listShowsTheAccountsCampaigns();

    // Worker and scheduler.
    void scheduledCampaignStartsWithinASecondOfItsTime();
    void scheduledCampaignStartsAfterARestart();
    void killedMidCampaignSendsEveryRecipientExactlyOnce();

private:
    qint64 balanceOf(const QString &token);
    QJsonObject campaign(const QString &token, qint64 id);
    // Sends only a request head announcing a body of length bytes; answers the status line's code.
    int statusForAnnouncedBody(const QString &path, qint64 length, const QString &token);
    ApiReply create(const QJsonObject &body, const QString &token) { return m_api->post(QStringLiteral("/api/client/bulk-sms"), body, token); }

    TestDatabase m_database;
    std::unique_ptr<ApplianceProcess> m_appliance;
    std::unique_ptr<ApiClient> m_api;
    QString m_admin;
};

void CampaignsTest::initTestCase()
{
    QVERIFY2(m_database.isValid(), qPrintable(m_database.error()));
    m_appliance = std::make_unique<ApplianceProcess>(m_database.url());
    m_appliance->setEnv(QStringLiteral("OGENE_SIMULATOR_DELIVERY_DELAY_MS"), QStringLiteral("100"));
    QVERIFY2(m_appliance->start(), qPrintable(m_appliance->output()));
    m_api = std::make_unique<ApiClient>(m_appliance->baseUrl());
    m_admin = m_api->adminToken();
    QVERIFY(!m_admin.isEmpty());
}

qint64 CampaignsTest::balanceOf(const QString &token)
{
    const ApiReply reply = m_api->get(QStringLiteral("/api/client/balance"), token);
    return reply.status == 200 ? qRound64(reply.json.value(QStringLiteral("balance")).toDouble() * 100) : -1;
}

int CampaignsTest::statusForAnnouncedBody(const QString &path, qint64 length, const QString &token)
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, m_appliance->port());
    if (!socket.waitForConnected(5000))
        return -1;
    socket.write(QStringLiteral("POST %1 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer %2\r\nContent-Type: application/json\r\n"
                                "Content-Length: %3\r\n\r\n")
                     .arg(path, token)
                     .arg(length)
                     .toLatin1());
    QByteArray answer;
    while (!answer.contains("\r\n") && socket.waitForReadyRead(5000))
        answer += socket.readAll();
    const QList<QByteArray> statusLine = answer.left(answer.indexOf("\r\n")).split(' ');
    return statusLine.size() >= 2 ? statusLine.at(1).toInt() : -1;
}

QJsonObject CampaignsTest::campaign(const QString &token, qint64 id)
{
    return m_api->get(QStringLiteral("/api/client/bulk-sms/%1").arg(id), token).data();
}

void CampaignsTest::manualCampaignIsChargedOnceAndEveryRecipientGetsAMessage()
{
    const ApiClient::Account client = m_api->readyClient(m_admin, QStringLiteral("1000"));
    const ApiReply reply = create(manualCampaign(phones(1000, 30)), client.token);
    QVERIFY2(reply.status == 201, qPrintable(reply.describe()));
    QCOMPARE(reply.json.value(QStringLiteral("success")).toBool(), true);
    QVERIFY(!reply.message().isEmpty());
    const QJsonObject record = reply.data();
    const qint64 id = record.value(QStringLiteral("id")).toInteger();
    QCOMPARE(record.value(QStringLiteral("status")).toString(), QStringLiteral("queued"));
    QCOMPARE(record.value(QStringLiteral("total_recipients")).toInt(), 30);
    QCOMPARE(record.value(QStringLiteral("total_cost")).toDouble(), 30 * 4.0);
    QVERIFY(record.value(QStringLiteral("scheduled_at")).isNull());
    QCOMPARE(balanceOf(client.token), 100000 - 30 * PricePerSegment);

    QTRY_COMPARE_WITH_TIMEOUT(campaign(client.token, id).value(QStringLiteral("delivered")).toInt(), 30, SettleTimeoutMs);
    // The worker marks it completed on its next look once no message of it is queued.
    QTRY_COMPARE_WITH_TIMEOUT(campaign(client.token, id).value(QStringLiteral("status")).toString(), QStringLiteral("completed"), 5000);
    const QJsonObject done = campaign(client.token, id);
    QCOMPARE(done.value(QStringLiteral("status")).toString(), QStringLiteral("completed"));
    QCOMPARE(done.value(QStringLiteral("sent")).toInt(), 30);
    QCOMPARE(done.value(QStringLiteral("failed")).toInt(), 0);
    QCOMPARE(done.value(QStringLiteral("total_cost")).toDouble(), 30 * 4.0);

    // Each recipient is an ordinary Message, listed by campaign, and none was charged on its own.
    const ApiReply messages = m_api->get(QStringLiteral("/api/client/sms/messages?per_page=100&campaign_id=%1").arg(id), client.token);
    QCOMPARE(messages.list().size(), 30);
    QCOMPARE(messages.list().first().toObject().value(QStringLiteral("cost")).toString(), QStringLiteral("4.00"));
    QCOMPARE(messages.list().first().toObject().value(QStringLiteral("message_text")).toString(), QStringLiteral("Half price today only"));
    QSqlDatabase db = m_database.connection();
    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(*) FROM wallet_transactions WHERE user_id = ? AND type = 'debit'"), {client.id}).toInt(), 1);
    QCOMPARE(scalar(db, QStringLiteral("SELECT amount FROM wallet_transactions WHERE user_id = ? AND reference = ?"),
                    {client.id, QStringLiteral("campaign:%1").arg(id)})
                 .toLongLong(),
             30 * PricePerSegment);
    QCOMPARE(balanceOf(client.token), 100000 - 30 * PricePerSegment);
}

void CampaignsTest::recipientsFromEverySourceAreCountedOnce()
{
    const ApiClient::Account client = m_api->readyClient(m_admin, QStringLiteral("1000"));
    QJsonObject body = manualCampaign(QJsonArray{phone(2001), phone(2002), QStringLiteral("12"), 42});
    body.insert(QStringLiteral("manual_numbers"), QStringLiteral("08030002001, 2348030002003\n+234 803 000 2004;not-a-phone\n\n"));
    body.insert(QStringLiteral("draft"), true);
    const ApiReply reply = create(body, client.token);
    QVERIFY2(reply.status == 201, qPrintable(reply.describe()));
    QCOMPARE(reply.data().value(QStringLiteral("status")).toString(), QStringLiteral("draft"));
    QCOMPARE(reply.data().value(QStringLiteral("total_recipients")).toInt(), 4);
    QCOMPARE(reply.data().value(QStringLiteral("invalid_recipients")).toInt(), 3);
    const QJsonArray sample = reply.data().value(QStringLiteral("invalid_sample")).toArray();
    QCOMPARE(sample.size(), 3);
    QVERIFY(sample.contains(QStringLiteral("not-a-phone")));
    // A draft costs nothing yet.
    QCOMPARE(balanceOf(client.token), 100000);
}

void CampaignsTest::contactsGroupsAndAllSendToTheAccountsContacts()
{
    const ApiClient::Account client = m_api->readyClient(m_admin, QStringLiteral("1000"));
    QList<qint64> contacts;
    for (int i = 0; i < 3; ++i)
        contacts.append(m_api->post(QStringLiteral("/api/client/contacts"), {{QStringLiteral("phone"), phone(3000 + i)}}, client.token)
                            .data()
                            .value(QStringLiteral("id"))
                            .toInteger());
    const qint64 group =
        m_api->post(QStringLiteral("/api/client/groups"), {{QStringLiteral("name"), QStringLiteral("G")}}, client.token).data().value(QStringLiteral("id")).toInteger();
    QCOMPARE(m_api->post(QStringLiteral("/api/client/groups/%1/contacts").arg(group), {{QStringLiteral("contact_ids"), QJsonArray{contacts[0], contacts[1]}}},
                         client.token)
                 .status,
             200);

    const auto draftOf = [&](const QString &type, const QString &field, const QJsonArray &ids) {
        QJsonObject body{{QStringLiteral("name"), type}, {QStringLiteral("sender_id"), QStringLiteral("Ogene")},
                         {QStringLiteral("message_text"), QStringLiteral("Hi")}, {QStringLiteral("recipient_type"), type},
                         {QStringLiteral("draft"), true}, {QStringLiteral("phone_numbers"), QJsonArray{phone(3000), phone(3999)}}};
        if (!field.isEmpty())
            body.insert(field, ids);
        const ApiReply reply = create(body, client.token);
        if (reply.status != 201)
            qWarning() << reply.describe();
        return reply.data().value(QStringLiteral("total_recipients")).toInt();
    };
    // Contacts and groups add to phone_numbers, and a number in both counts once.
    QCOMPARE(draftOf(QStringLiteral("contacts"), QStringLiteral("contact_ids"), QJsonArray{contacts[0], contacts[2]}), 3);
    QCOMPARE(draftOf(QStringLiteral("groups"), QStringLiteral("group_ids"), QJsonArray{group}), 3);
    QCOMPARE(draftOf(QStringLiteral("all"), QString(), {}), 4);
}

void CampaignsTest::senderMayBeGivenByItsNumericId()
{
    const ApiClient::Account client = m_api->createClient(m_admin);
    QCOMPARE(m_api->credit(m_admin, client.id, QStringLiteral("100")), 200);
    const qint64 senderId = m_api->approvedSender(m_admin, client, QStringLiteral("Shop"));
    QVERIFY(senderId > 0);
    QJsonObject body = manualCampaign(phones(4000, 2));
    body.insert(QStringLiteral("sender_id"), senderId);
    const ApiReply byNumber = create(body, client.token);
    QVERIFY2(byNumber.status == 201, qPrintable(byNumber.describe()));
    QCOMPARE(byNumber.data().value(QStringLiteral("sender_id_value")).toString(), QStringLiteral("Shop"));
    body.insert(QStringLiteral("sender_id"), QString::number(senderId));
    QCOMPARE(create(body, client.token).status, 201);
    body.insert(QStringLiteral("sender_id"), QStringLiteral("shop"));
    QCOMPARE(create(body, client.token).status, 201);
}

void CampaignsTest::badCreateFieldsAre422_data()
{
    QTest::addColumn<QJsonObject>("body");
    QTest::addColumn<QString>("field");
    const QJsonObject good = manualCampaign(phones(5000, 2));
    const auto with = [&](const QString &key, const QJsonValue &value) {
        QJsonObject body = good;
        if (value.isUndefined())
            body.remove(key);
        else
            body.insert(key, value);
        return body;
    };
    QTest::newRow("no name") << with(QStringLiteral("name"), QJsonValue::Undefined) << QStringLiteral("name");
    QTest::newRow("long name") << with(QStringLiteral("name"), QString(256, QLatin1Char('n'))) << QStringLiteral("name");
    QTest::newRow("no sender") << with(QStringLiteral("sender_id"), QJsonValue::Undefined) << QStringLiteral("sender_id");
    QTest::newRow("unknown sender") << with(QStringLiteral("sender_id"), QStringLiteral("Nobody")) << QStringLiteral("sender_id");
    QTest::newRow("unknown sender id") << with(QStringLiteral("sender_id"), 999999) << QStringLiteral("sender_id");
    QTest::newRow("no text") << with(QStringLiteral("message_text"), QJsonValue::Undefined) << QStringLiteral("message_text");
    QTest::newRow("long text") << with(QStringLiteral("message_text"), QString(1001, QLatin1Char('t'))) << QStringLiteral("message_text");
    QTest::newRow("no type") << with(QStringLiteral("recipient_type"), QJsonValue::Undefined) << QStringLiteral("recipient_type");
    QTest::newRow("bad type") << with(QStringLiteral("recipient_type"), QStringLiteral("everyone")) << QStringLiteral("recipient_type");
    QTest::newRow("contacts without ids") << with(QStringLiteral("recipient_type"), QStringLiteral("contacts")) << QStringLiteral("contact_ids");
    QTest::newRow("groups without ids") << with(QStringLiteral("recipient_type"), QStringLiteral("groups")) << QStringLiteral("group_ids");
    QTest::newRow("ids not numbers") << with(QStringLiteral("contact_ids"), QJsonArray{QStringLiteral("a")}) << QStringLiteral("contact_ids");
    QTest::newRow("phone_numbers not a list") << with(QStringLiteral("phone_numbers"), QStringLiteral("+2348030005000")) << QStringLiteral("phone_numbers");
    QTest::newRow("manual_numbers not text") << with(QStringLiteral("manual_numbers"), 5) << QStringLiteral("manual_numbers");
    QTest::newRow("manual without numbers") << with(QStringLiteral("phone_numbers"), QJsonValue::Undefined) << QStringLiteral("manual_numbers");
    QTest::newRow("past schedule") << with(QStringLiteral("scheduled_at"), isoIn(-60000)) << QStringLiteral("scheduled_at");
    QTest::newRow("bad schedule") << with(QStringLiteral("scheduled_at"), QStringLiteral("tomorrow")) << QStringLiteral("scheduled_at");
    QTest::newRow("draft not boolean") << with(QStringLiteral("draft"), QStringLiteral("yes")) << QStringLiteral("draft");
}

void CampaignsTest::badCreateFieldsAre422()
{
    QFETCH(QJsonObject, body);
    QFETCH(QString, field);
    static ApiClient::Account client = m_api->readyClient(m_admin, QStringLiteral("100"));
    const ApiReply reply = create(body, client.token);
    QCOMPARE(reply.status, 422);
    QVERIFY(reply.isErrorEnvelope());
    QVERIFY2(reply.errors().contains(field), qPrintable(reply.describe()));
    QCOMPARE(balanceOf(client.token), 10000);
    QCOMPARE(m_api->get(QStringLiteral("/api/client/bulk-sms"), client.token).list().size(), 0);
}

void CampaignsTest::noValidRecipientIs422()
{
    const ApiClient::Account client = m_api->readyClient(m_admin, QStringLiteral("100"));
    QJsonObject body = manualCampaign(QJsonArray{QStringLiteral("123"), QStringLiteral("nope")});
    const ApiReply reply = create(body, client.token);
    QCOMPARE(reply.status, 422);
    QVERIFY(reply.isErrorEnvelope());
    QVERIFY(reply.errors().contains(QStringLiteral("recipients")));
    // A body that is not JSON is a 400 with the envelope.
    const ApiReply garbage = m_api->send("POST", QStringLiteral("/api/client/bulk-sms"), "{not json", client.token);
    QCOMPARE(garbage.status, 400);
    QVERIFY(garbage.isErrorEnvelope());
    QVERIFY(garbage.errors().contains(QStringLiteral("body")));
}

void CampaignsTest::anotherAccountsContactsOrGroupsAre422()
{
    const ApiClient::Account client = m_api->readyClient(m_admin, QStringLiteral("100"));
    const ApiClient::Account other = m_api->readyClient(m_admin, QStringLiteral("100"));
    const qint64 theirContact =
        m_api->post(QStringLiteral("/api/client/contacts"), {{QStringLiteral("phone"), phone(6000)}}, other.token).data().value(QStringLiteral("id")).toInteger();
    const qint64 theirGroup =
        m_api->post(QStringLiteral("/api/client/groups"), {{QStringLiteral("name"), QStringLiteral("Theirs")}}, other.token).data().value(QStringLiteral("id")).toInteger();
    QJsonObject body = manualCampaign({});
    body.remove(QStringLiteral("phone_numbers"));
    body.insert(QStringLiteral("recipient_type"), QStringLiteral("contacts"));
    body.insert(QStringLiteral("contact_ids"), QJsonArray{theirContact});
    ApiReply reply = create(body, client.token);
    QCOMPARE(reply.status, 422);
    QVERIFY(reply.errors().contains(QStringLiteral("contact_ids")));
    body.insert(QStringLiteral("recipient_type"), QStringLiteral("groups"));
    body.insert(QStringLiteral("group_ids"), QJsonArray{theirGroup});
    reply = create(body, client.token);
    QCOMPARE(reply.status, 422);
    QVERIFY(reply.errors().contains(QStringLiteral("group_ids")));
    // Another account's sender ID, by its number, is not this account's.
    const qint64 theirSender = m_api->approvedSender(m_admin, other, QStringLiteral("Theirs"));
    QJsonObject bySender = manualCampaign(phones(6100, 1));
    bySender.insert(QStringLiteral("sender_id"), theirSender);
    reply = create(bySender, client.token);
    QCOMPARE(reply.status, 422);
    QVERIFY(reply.errors().contains(QStringLiteral("sender_id")));
}

void CampaignsTest::bodyOverTheDefaultLimitIsAcceptedOnlyOnTheCampaignRoute()
{
    const ApiClient::Account client = m_api->readyClient(m_admin, QStringLiteral("400000"));
    constexpr int Recipients = 80000; // about 1.4 MB of JSON, over the default 1 MiB
    const ApiReply reply = create(manualCampaign(phones(100000, Recipients)), client.token);
    QVERIFY2(reply.status == 201, qPrintable(reply.describe()));
    QCOMPARE(reply.data().value(QStringLiteral("total_recipients")).toInt(), Recipients);
    // Only the head is sent: the server refuses on the announced length, route by route.
    QCOMPARE(statusForAnnouncedBody(QStringLiteral("/api/client/contacts"), 2 * 1024 * 1024, client.token), 413);
    QCOMPARE(statusForAnnouncedBody(QStringLiteral("/api/client/bulk-sms"), 65 * 1024 * 1024, client.token), 413);
    const qint64 id = reply.data().value(QStringLiteral("id")).toInteger();
    QCOMPARE(m_api->post(QStringLiteral("/api/client/bulk-sms/%1/cancel").arg(id), {}, client.token).status, 200);
}

void CampaignsTest::tooLittleBalanceCreatesNothing()
{
    const ApiClient::Account client = m_api->readyClient(m_admin, QStringLiteral("10"));
    const ApiReply reply = create(manualCampaign(phones(7000, 3)), client.token);
    QCOMPARE(reply.status, 422);
    QVERIFY(reply.isErrorEnvelope());
    QCOMPARE(reply.errors().value(QStringLiteral("required")).toString(), QStringLiteral("12.00"));
    QCOMPARE(reply.errors().value(QStringLiteral("available")).toString(), QStringLiteral("10.00"));
    QCOMPARE(m_api->get(QStringLiteral("/api/client/bulk-sms"), client.token).list().size(), 0);
    QCOMPARE(balanceOf(client.token), 1000);
}

void CampaignsTest::tooLittleBalanceLeavesADraftADraft()
{
    const ApiClient::Account client = m_api->readyClient(m_admin, QStringLiteral("10"));
    QJsonObject body = manualCampaign(phones(7100, 3));
    body.insert(QStringLiteral("draft"), true);
    const qint64 id = create(body, client.token).data().value(QStringLiteral("id")).toInteger();
    QVERIFY(id > 0);
    const ApiReply queued = m_api->post(QStringLiteral("/api/client/bulk-sms/%1/queue").arg(id), {}, client.token);
    QCOMPARE(queued.status, 422);
    QVERIFY(queued.errors().contains(QStringLiteral("required")));
    QCOMPARE(campaign(client.token, id).value(QStringLiteral("status")).toString(), QStringLiteral("draft"));
    QCOMPARE(balanceOf(client.token), 1000);

    // Funded, the same draft goes.
    QCOMPARE(m_api->credit(m_admin, client.id, QStringLiteral("10")), 200);
    QCOMPARE(m_api->post(QStringLiteral("/api/client/bulk-sms/%1/queue").arg(id), {}, client.token).status, 200);
    QCOMPARE(balanceOf(client.token), 2000 - 3 * PricePerSegment);
}

void CampaignsTest::draftIsQueuedOnceAndOnlyADraftIsDeleted()
{
    const ApiClient::Account client = m_api->readyClient(m_admin, QStringLiteral("100"));
    QJsonObject body = manualCampaign(phones(8000, 2));
    body.insert(QStringLiteral("draft"), true);
    const qint64 keep = create(body, client.token).data().value(QStringLiteral("id")).toInteger();
    const qint64 drop = create(body, client.token).data().value(QStringLiteral("id")).toInteger();
    QVERIFY(keep > 0 && drop > 0);

    const ApiReply queued = m_api->post(QStringLiteral("/api/client/bulk-sms/%1/queue").arg(keep), {}, client.token);
    QVERIFY2(queued.status == 200, qPrintable(queued.describe()));
    QCOMPARE(balanceOf(client.token), 10000 - 2 * PricePerSegment);
    const ApiReply again = m_api->post(QStringLiteral("/api/client/bulk-sms/%1/queue").arg(keep), {}, client.token);
    QCOMPARE(again.status, 422);
    QVERIFY(again.isErrorEnvelope());
    QVERIFY2(again.message().contains(QLatin1String("queued")) || again.message().contains(QLatin1String("processing"))
                 || again.message().contains(QLatin1String("completed")),
             qPrintable(again.describe()));
    QVERIFY(again.errors().contains(QStringLiteral("status")));
    QCOMPARE(balanceOf(client.token), 10000 - 2 * PricePerSegment);
    const ApiReply deleteQueued = m_api->del(QStringLiteral("/api/client/bulk-sms/%1").arg(keep), client.token);
    QCOMPARE(deleteQueued.status, 422);
    QVERIFY(deleteQueued.errors().contains(QStringLiteral("status")));

    QCOMPARE(m_api->del(QStringLiteral("/api/client/bulk-sms/%1").arg(drop), client.token).status, 200);
    QCOMPARE(m_api->get(QStringLiteral("/api/client/bulk-sms/%1").arg(drop), client.token).status, 404);
    const ApiReply cancelDraft = m_api->post(QStringLiteral("/api/client/bulk-sms/%1/cancel").arg(keep + drop + 1000), {}, client.token);
    QCOMPARE(cancelDraft.status, 404);

    // A completed campaign cannot be cancelled either.
    QTRY_COMPARE_WITH_TIMEOUT(campaign(client.token, keep).value(QStringLiteral("status")).toString(), QStringLiteral("completed"), SettleTimeoutMs);
    const ApiReply cancelDone = m_api->post(QStringLiteral("/api/client/bulk-sms/%1/cancel").arg(keep), {}, client.token);
    QCOMPARE(cancelDone.status, 422);
    QVERIFY(cancelDone.message().contains(QLatin1String("completed")));
}

void CampaignsTest::cancellingAScheduledCampaignRefundsEverything()
{
    const ApiClient::Account client = m_api->readyClient(m_admin, QStringLiteral("100"));
    QJsonObject body = manualCampaign(phones(9000, 5));
    body.insert(QStringLiteral("scheduled_at"), isoIn(3600 * 1000));
    const ApiReply reply = create(body, client.token);
    QVERIFY2(reply.status == 201, qPrintable(reply.describe()));
    const qint64 id = reply.data().value(QStringLiteral("id")).toInteger();
    QCOMPARE(reply.data().value(QStringLiteral("status")).toString(), QStringLiteral("queued"));
    QVERIFY(epochMs(reply.data().value(QStringLiteral("scheduled_at"))) > QDateTime::currentMSecsSinceEpoch());
    QCOMPARE(balanceOf(client.token), 10000 - 5 * PricePerSegment);

    const ApiReply cancelled = m_api->post(QStringLiteral("/api/client/bulk-sms/%1/cancel").arg(id), {}, client.token);
    QVERIFY2(cancelled.status == 200, qPrintable(cancelled.describe()));
    QCOMPARE(cancelled.data().value(QStringLiteral("status")).toString(), QStringLiteral("cancelled"));
    QCOMPARE(cancelled.data().value(QStringLiteral("total_cost")).toDouble(), 0.0);
    QCOMPARE(balanceOf(client.token), 10000);
    QSqlDatabase db = m_database.connection();
    QCOMPARE(scalar(db, QStringLiteral("SELECT amount FROM wallet_transactions WHERE user_id = ? AND category = 'refund'"), {client.id}).toLongLong(),
             5 * PricePerSegment);
    const ApiReply twice = m_api->post(QStringLiteral("/api/client/bulk-sms/%1/cancel").arg(id), {}, client.token);
    QCOMPARE(twice.status, 422);
    QVERIFY(twice.message().contains(QLatin1String("cancelled")));
    QCOMPARE(balanceOf(client.token), 10000);
    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(*) FROM messages WHERE campaign_id = ?"), {id}).toInt(), 0);
}

void CampaignsTest::cancellingAProcessingCampaignRefundsWhatWasNotDispatched()
{
    // An appliance whose worker expands one small chunk at a time and whose simulator takes its
    // time: a campaign is caught half way.
    TestDatabase database;
    QVERIFY2(database.isValid(), qPrintable(database.error()));
    ApplianceProcess appliance(database.url());
    appliance.setEnv(QStringLiteral("OGENE_CAMPAIGN_CHUNK_SIZE"), QStringLiteral("1"));
    QVERIFY2(appliance.start(), qPrintable(appliance.output()));
    ApiClient api(appliance.baseUrl());
    const ApiClient::Account client = api.readyClient(api.adminToken(), QStringLiteral("100000"));
    constexpr int Recipients = 20000;
    const ApiReply reply = api.post(QStringLiteral("/api/client/bulk-sms"), manualCampaign(phones(10000, Recipients)), client.token);
    QVERIFY2(reply.status == 201, qPrintable(reply.describe()));
    const qint64 id = reply.data().value(QStringLiteral("id")).toInteger();
    QSqlDatabase db = database.connection();
    QTRY_VERIFY_WITH_TIMEOUT(scalar(db, QStringLiteral("SELECT COUNT(*) FROM messages WHERE campaign_id = ?"), {id}).toInt() > 0, SettleTimeoutMs);
    const ApiReply cancelled = api.post(QStringLiteral("/api/client/bulk-sms/%1/cancel").arg(id), {}, client.token);
    QVERIFY2(cancelled.status == 200, qPrintable(cancelled.describe()));
    QTest::qWait(1500); // let claims in flight settle

    // Every message that exists was dispatched or cancelled; the wallet paid for the dispatched only.
    const qint64 dispatched = scalar(db, QStringLiteral("SELECT COUNT(*) FROM messages WHERE campaign_id = ? AND sent_at IS NOT NULL"), {id}).toLongLong();
    const qint64 queued = scalar(db, QStringLiteral("SELECT COUNT(*) FROM messages WHERE campaign_id = ? AND status = 'queued'"), {id}).toLongLong();
    QVERIFY2(dispatched < Recipients, "the campaign finished before it could be cancelled");
    QCOMPARE(queued, 0);
    const qint64 balance = qRound64(api.get(QStringLiteral("/api/client/balance"), client.token).json.value(QStringLiteral("balance")).toDouble() * 100);
    QCOMPARE(balance, 10000000 - dispatched * PricePerSegment);
    const QJsonObject record = api.get(QStringLiteral("/api/client/bulk-sms/%1").arg(id), client.token).data();
    QCOMPARE(record.value(QStringLiteral("status")).toString(), QStringLiteral("cancelled"));
    QCOMPARE(qRound64(record.value(QStringLiteral("total_cost")).toDouble() * 100), dispatched * PricePerSegment);
    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(*) FROM wallet_transactions WHERE user_id = ? AND category = 'refund'"), {client.id}).toInt(), 1);
    // Nothing more is expanded after the cancel.
    const qint64 messages = scalar(db, QStringLiteral("SELECT COUNT(*) FROM messages WHERE campaign_id = ?"), {id}).toLongLong();
    QTest::qWait(500);
    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(*) FROM messages WHERE campaign_id = ?"), {id}).toLongLong(), messages);
}

void CampaignsTest::anotherAccountsCampaignIs404()
{
    const ApiClient::Account owner = m_api->readyClient(m_admin, QStringLiteral("100"));
    const ApiClient::Account stranger = m_api->readyClient(m_admin, QStringLiteral("100"));
    QJsonObject body = manualCampaign(phones(11000, 1));
    body.insert(QStringLiteral("draft"), true);
    const qint64 id = create(body, owner.token).data().value(QStringLiteral("id")).toInteger();
    const QString path = QStringLiteral("/api/client/bulk-sms/%1").arg(id);
    for (const ApiReply &reply : {m_api->get(path, stranger.token), m_api->post(path + QStringLiteral("/queue"), {}, stranger.token),
                                  m_api->post(path + QStringLiteral("/cancel"), {}, stranger.token), m_api->del(path, stranger.token)}) {
        QCOMPARE(reply.status, 404);
        QVERIFY(reply.isErrorEnvelope());
    }
    QCOMPARE(campaign(owner.token, id).value(QStringLiteral("status")).toString(), QStringLiteral("draft"));
    QCOMPARE(balanceOf(stranger.token), 10000);
    QCOMPARE(m_api->get(QStringLiteral("/api/client/sms/messages?campaign_id=%1").arg(id), stranger.token).list().size(), 0);
}

void CampaignsTest::listShowsTheAccountsCampaigns()
{
    const ApiClient::Account client = m_api->readyClient(m_admin, QStringLiteral("100"));
    QJsonObject body = manualCampaign(phones(12000, 1), QStringLiteral("First"));
    body.insert(QStringLiteral("draft"), true);
    create(body, client.token);
    body.insert(QStringLiteral("name"), QStringLiteral("Second"));
    create(body, client.token);
    const ApiReply list = m_api->get(QStringLiteral("/api/client/bulk-sms"), client.token);
    QCOMPARE(list.status, 200);
    QCOMPARE(list.list().size(), 2);
    QCOMPARE(list.list().first().toObject().value(QStringLiteral("name")).toString(), QStringLiteral("Second"));
    QCOMPARE(list.json.value(QStringLiteral("meta")).toObject().value(QStringLiteral("total")).toInt(), 2);
    QCOMPARE(m_api->get(QStringLiteral("/api/client/bulk-sms?status=queued"), client.token).list().size(), 0);
    const ApiReply bad = m_api->get(QStringLiteral("/api/client/bulk-sms?status=sleeping"), client.token);
    QCOMPARE(bad.status, 422);
    QVERIFY(bad.errors().contains(QStringLiteral("status")));
}

void CampaignsTest::scheduledCampaignStartsWithinASecondOfItsTime()
{
    const ApiClient::Account client = m_api->readyClient(m_admin, QStringLiteral("100"));
    QJsonObject body = manualCampaign(phones(13000, 2));
    body.insert(QStringLiteral("scheduled_at"), isoIn(2000));
    const ApiReply reply = create(body, client.token);
    QVERIFY2(reply.status == 201, qPrintable(reply.describe()));
    const qint64 id = reply.data().value(QStringLiteral("id")).toInteger();
    const qint64 scheduledAt = epochMs(reply.data().value(QStringLiteral("scheduled_at")));
    QCOMPARE(campaign(client.token, id).value(QStringLiteral("status")).toString(), QStringLiteral("queued"));
    QTRY_VERIFY_WITH_TIMEOUT(epochMs(campaign(client.token, id).value(QStringLiteral("started_at"))) > 0, 10000);
    const qint64 startedAt = epochMs(campaign(client.token, id).value(QStringLiteral("started_at")));
    QVERIFY2(startedAt >= scheduledAt && startedAt - scheduledAt < 1000,
             qPrintable(QStringLiteral("started %1 ms after its time").arg(startedAt - scheduledAt)));
    QTRY_COMPARE_WITH_TIMEOUT(campaign(client.token, id).value(QStringLiteral("sent")).toInt(), 2, SettleTimeoutMs);
}

void CampaignsTest::scheduledCampaignStartsAfterARestart()
{
    TestDatabase database;
    QVERIFY2(database.isValid(), qPrintable(database.error()));
    qint64 id = 0, scheduledAt = 0;
    ApiClient::Account client;
    {
        ApplianceProcess first(database.url());
        QVERIFY2(first.start(), qPrintable(first.output()));
        ApiClient api(first.baseUrl());
        client = api.readyClient(api.adminToken(), QStringLiteral("100"));
        QJsonObject body = manualCampaign(phones(14000, 3));
        body.insert(QStringLiteral("scheduled_at"), isoIn(5000));
        const ApiReply reply = api.post(QStringLiteral("/api/client/bulk-sms"), body, client.token);
        QVERIFY2(reply.status == 201, qPrintable(reply.describe()));
        id = reply.data().value(QStringLiteral("id")).toInteger();
        scheduledAt = epochMs(reply.data().value(QStringLiteral("scheduled_at")));
        first.kill();
    }
    ApplianceProcess second(database.url());
    QVERIFY2(second.start(), qPrintable(second.output()));
    ApiClient api(second.baseUrl());
    const QString path = QStringLiteral("/api/client/bulk-sms/%1").arg(id);
    QTRY_VERIFY_WITH_TIMEOUT(epochMs(api.get(path, client.token).data().value(QStringLiteral("started_at"))) > 0, 15000);
    const qint64 startedAt = epochMs(api.get(path, client.token).data().value(QStringLiteral("started_at")));
    QVERIFY2(startedAt >= scheduledAt && startedAt - scheduledAt < 1000,
             qPrintable(QStringLiteral("started %1 ms after its time").arg(startedAt - scheduledAt)));
    QTRY_COMPARE_WITH_TIMEOUT(api.get(path, client.token).data().value(QStringLiteral("sent")).toInt(), 3, SettleTimeoutMs);
}

void CampaignsTest::killedMidCampaignSendsEveryRecipientExactlyOnce()
{
    constexpr int Recipients = 30000;
    TestDatabase database;
    QVERIFY2(database.isValid(), qPrintable(database.error()));
    QSqlDatabase db = database.connection();
    qint64 id = 0;
    ApiClient::Account client;
    qint64 atKill = 0;
    {
        ApplianceProcess first(database.url());
        // Small chunks make many commits, so the kill lands in the middle of the expansion.
        first.setEnv(QStringLiteral("OGENE_CAMPAIGN_CHUNK_SIZE"), QStringLiteral("3"));
        QVERIFY2(first.start(), qPrintable(first.output()));
        ApiClient api(first.baseUrl());
        client = api.readyClient(api.adminToken(), QStringLiteral("200000"));
        const ApiReply reply = api.post(QStringLiteral("/api/client/bulk-sms"), manualCampaign(phones(20000, Recipients)), client.token);
        QVERIFY2(reply.status == 201, qPrintable(reply.describe()));
        id = reply.data().value(QStringLiteral("id")).toInteger();
        QTRY_VERIFY_WITH_TIMEOUT(scalar(db, QStringLiteral("SELECT COUNT(*) FROM messages WHERE campaign_id = ?"), {id}).toInt() >= 500,
                                 SettleTimeoutMs);
        first.kill(); // SIGKILL: no orderly shutdown
        atKill = scalar(db, QStringLiteral("SELECT COUNT(*) FROM messages WHERE campaign_id = ?"), {id}).toLongLong();
    }
    QVERIFY2(atKill < Recipients, qPrintable(QStringLiteral("the campaign was already expanded (%1 messages)").arg(atKill)));
    QCOMPARE(atKill % 3, 0); // whole chunks only

    ApplianceProcess second(database.url());
    second.setEnv(QStringLiteral("OGENE_SIMULATOR_DELIVERY_DELAY_MS"), QStringLiteral("100"));
    QVERIFY2(second.start(), qPrintable(second.output()));
    ApiClient api(second.baseUrl());
    const QString path = QStringLiteral("/api/client/bulk-sms/%1").arg(id);
    QTRY_COMPARE_WITH_TIMEOUT(api.get(path, client.token).data().value(QStringLiteral("status")).toString(), QStringLiteral("completed"), 120000);
    QTRY_COMPARE_WITH_TIMEOUT(api.get(path, client.token).data().value(QStringLiteral("sent")).toInt(), Recipients, 120000);

    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(*) FROM messages WHERE campaign_id = ?"), {id}).toInt(), Recipients);
    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(DISTINCT recipient_phone) FROM messages WHERE campaign_id = ?"), {id}).toInt(), Recipients);
    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(*) FROM wallet_transactions WHERE user_id = ? AND type = 'debit'"), {client.id}).toInt(), 1);
    QCOMPARE(scalar(db, QStringLiteral("SELECT SUM(cost) FROM messages WHERE campaign_id = ?"), {id}).toLongLong(), Recipients * PricePerSegment);
    const QJsonObject record = api.get(path, client.token).data();
    QCOMPARE(record.value(QStringLiteral("total_recipients")).toInt(), Recipients);
    QCOMPARE(qRound64(record.value(QStringLiteral("total_cost")).toDouble() * 100), Recipients * PricePerSegment);
    QCOMPARE(qRound64(api.get(QStringLiteral("/api/client/balance"), client.token).json.value(QStringLiteral("balance")).toDouble() * 100),
             20000000 - Recipients * PricePerSegment);
}

QTEST_GUILESS_MAIN(CampaignsTest)
#include "tst_campaigns.moc"
