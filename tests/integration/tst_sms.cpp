// Sending one SMS: validation, recipient forms, segments and cost, charging (also under 64
// concurrent clients), idempotency (also at the same moment), and the status and list routes.
#include "apiclient.h"
#include "applianceprocess.h"
#include "concurrentrequests.h"
#include "testdatabase.h"

#include <QJsonDocument>
#include <QSqlQuery>
#include <QTest>

class SmsTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void sendAnswersTheSendResult();
    void recipientFormsAllBecomeE164_data();
    void recipientFormsAllBecomeE164();
    void badInputIsRefusedAndLeavesNoTrace_data();
    void badInputIsRefusedAndLeavesNoTrace();
    void segmentsAndCostFollowTheText_data();
    void segmentsAndCostFollowTheText();
    void insufficientBalanceNamesRequiredAndAvailable();
    void concurrentSendsChargeExactlyTheWallet();
    void idempotencyKeyReplaysTheFirstAnswer();
    void idempotencyKeyWithAnotherBodyIsRefused();
    void idempotencyKeyHoldsUnderConcurrency();
    void statusShowsEveryFieldAndHidesOtherAccounts();
    void listIsNewestFirstAndFilters();
    void listRefusesBadFilters();

private:
    ApiReply send(const QString &token, const QString &recipient, const QString &message,
                  const QString &sender = QStringLiteral("Ogene"), const QByteArray &idempotencyKey = {});
    qint64 count(const QString &sql);
    void verifyLedgerMatchesBalance(qint64 userId);

    TestDatabase m_database;
    std::unique_ptr<ApplianceProcess> m_appliance;
    std::unique_ptr<ApiClient> m_api;
    QString m_admin;
};

void SmsTest::initTestCase()
{
    QString why;
    QVERIFY2(startSignedIn(m_database, m_appliance, m_api, m_admin, &why), qPrintable(why));
}

ApiReply SmsTest::send(const QString &token, const QString &recipient, const QString &message, const QString &sender,
                       const QByteArray &idempotencyKey)
{
    QList<QPair<QByteArray, QByteArray>> headers;
    if (!idempotencyKey.isEmpty())
        headers.append({"Idempotency-Key", idempotencyKey});
    const QJsonObject body{{QStringLiteral("recipient"), recipient}, {QStringLiteral("sender_id"), sender}, {QStringLiteral("message"), message}};
    return m_api->send("POST", QStringLiteral("/api/client/sms/send"), QJsonDocument(body).toJson(QJsonDocument::Compact), token, headers);
}

qint64 SmsTest::count(const QString &sql)
{
    QSqlQuery query(m_database.connection());
    if (!query.exec(sql) || !query.next())
        return -1;
    return query.value(0).toLongLong();
}

void SmsTest::verifyLedgerMatchesBalance(qint64 userId)
{
    const qint64 credits = count(QStringLiteral("SELECT COALESCE(SUM(amount), 0) FROM wallet_transactions WHERE user_id = %1 AND type = 'credit'").arg(userId));
    const qint64 debits = count(QStringLiteral("SELECT COALESCE(SUM(amount), 0) FROM wallet_transactions WHERE user_id = %1 AND type = 'debit'").arg(userId));
    const qint64 balance = count(QStringLiteral("SELECT balance FROM wallets WHERE user_id = %1").arg(userId));
    QCOMPARE(balance, credits - debits);
    QVERIFY(balance >= 0);
}

void SmsTest::sendAnswersTheSendResult()
{
    const ApiClient::Account client = m_api->readyClient(m_admin, QStringLiteral("100.00"));
    const ApiReply reply = send(client.token, QStringLiteral("+2348031234567"), QStringLiteral("Hello from Ogene"));
    QCOMPARE(reply.status, 201);
    QCOMPARE(reply.json.value(QStringLiteral("success")).toBool(), true);
    QVERIFY(!reply.message().isEmpty());
    const QJsonObject data = reply.data();
    QVERIFY(data.value(QStringLiteral("message_id")).toInteger() > 0);
    QCOMPARE(data.value(QStringLiteral("segments")).toInt(), 1);
    QVERIFY(data.value(QStringLiteral("cost")).isDouble());
    QCOMPARE(data.value(QStringLiteral("cost")).toDouble(), 4.0);
    QCOMPARE(data.value(QStringLiteral("status")).toString(), QStringLiteral("queued"));
    QCOMPARE(data.value(QStringLiteral("new_balance")).toDouble(), 96.0);
    QCOMPARE(m_api->get(QStringLiteral("/api/client/balance"), client.token).json.value(QStringLiteral("balance")).toDouble(), 96.0);
    // The sender ID matches whatever the letter case, and an API key sends like a token.
    const QString key = m_api->createApiKey(client.token);
    QCOMPARE(send(key, QStringLiteral("+2348031234567"), QStringLiteral("again"), QStringLiteral("OGENE")).status, 201);
    verifyLedgerMatchesBalance(client.id);
}

void SmsTest::recipientFormsAllBecomeE164_data()
{
    QTest::addColumn<QString>("recipient");
    QTest::newRow("plus") << "+2348031234567";
    QTest::newRow("country code") << "2348031234567";
    QTest::newRow("nigerian local") << "08031234567";
    QTest::newRow("spaced") << "+234 803 123 4567";
}

void SmsTest::recipientFormsAllBecomeE164()
{
    QFETCH(QString, recipient);
    const ApiClient::Account client = m_api->readyClient(m_admin, QStringLiteral("10.00"));
    const ApiReply reply = send(client.token, recipient, QStringLiteral("hi"));
    QCOMPARE(reply.status, 201);
    const ApiReply status = m_api->get(QStringLiteral("/api/client/sms/status/%1").arg(reply.data().value(QStringLiteral("message_id")).toInteger()), client.token);
    QCOMPARE(status.data().value(QStringLiteral("recipient_phone")).toString(), QStringLiteral("+2348031234567"));
}

void SmsTest::badInputIsRefusedAndLeavesNoTrace_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("field");
    QTest::newRow("not json") << QByteArray("recipient=1") << 400 << "body";
    QTest::newRow("missing recipient") << QByteArray(R"({"sender_id":"Ogene","message":"hi"})") << 422 << "recipient";
    QTest::newRow("implausible recipient") << QByteArray(R"({"recipient":"12345","sender_id":"Ogene","message":"hi"})") << 422 << "recipient";
    QTest::newRow("letters in recipient") << QByteArray(R"({"recipient":"+23480312abcde","sender_id":"Ogene","message":"hi"})") << 422 << "recipient";
    QTest::newRow("short nigerian") << QByteArray(R"({"recipient":"0803123456","sender_id":"Ogene","message":"hi"})") << 422 << "recipient";
    QTest::newRow("missing sender") << QByteArray(R"({"recipient":"+2348031234567","message":"hi"})") << 422 << "sender_id";
    QTest::newRow("sender too long") << QByteArray(R"({"recipient":"+2348031234567","sender_id":"OgeneOgeneXX","message":"hi"})") << 422 << "sender_id";
    QTest::newRow("unknown sender") << QByteArray(R"({"recipient":"+2348031234567","sender_id":"Nobody","message":"hi"})") << 422 << "sender_id";
    QTest::newRow("empty message") << QByteArray(R"({"recipient":"+2348031234567","sender_id":"Ogene","message":""})") << 422 << "message";
    QTest::newRow("message not text") << QByteArray(R"({"recipient":"+2348031234567","sender_id":"Ogene","message":5})") << 422 << "message";
    QTest::newRow("1601 characters") << (QByteArray(R"({"recipient":"+2348031234567","sender_id":"Ogene","message":")") + QByteArray(1601, 'a') + "\"}") << 422 << "message";
}

void SmsTest::badInputIsRefusedAndLeavesNoTrace()
{
    QFETCH(QByteArray, body);
    QFETCH(int, status);
    QFETCH(QString, field);
    const ApiClient::Account client = m_api->readyClient(m_admin, QStringLiteral("10.00"));
    const ApiReply reply = m_api->send("POST", QStringLiteral("/api/client/sms/send"), body, client.token);
    QCOMPARE(reply.status, status);
    QVERIFY(reply.isErrorEnvelope());
    QVERIFY2(reply.errors().contains(field), qPrintable(reply.describe()));
    QCOMPARE(count(QStringLiteral("SELECT COUNT(*) FROM messages WHERE user_id = %1").arg(client.id)), 0);
    QCOMPARE(count(QStringLiteral("SELECT balance FROM wallets WHERE user_id = %1").arg(client.id)), 1000);
    QCOMPARE(count(QStringLiteral("SELECT COUNT(*) FROM wallet_transactions WHERE user_id = %1 AND type = 'debit'").arg(client.id)), 0);
}

void SmsTest::segmentsAndCostFollowTheText_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("segments");
    QTest::newRow("160 gsm") << QString(160, QLatin1Char('a')) << 1;
    QTest::newRow("161 gsm") << QString(161, QLatin1Char('a')) << 2;
    QTest::newRow("extension chars count two") << QString(80, QLatin1Char('[')) + QLatin1Char('x') << 2;
    QTest::newRow("70 ucs2") << QString(70, QChar(0x05D0)) << 1;
    QTest::newRow("71 ucs2") << QString(71, QChar(0x05D0)) << 2;
    QTest::newRow("1600 gsm") << QString(1600, QLatin1Char('z')) << 11;
    // Characters that mean something to SQL or to a PostgreSQL array literal are stored as sent.
    QTest::newRow("quotes and NULL") << QStringLiteral("\"quoted\", 'single'; NULL\n-- not a comment") << 1;
    QTest::newRow("braces and backslashes") << QStringLiteral("{a,b} \\ \\\" }{") << 1;
    QTest::newRow("emoji beside quotes") << QStringLiteral("\U0001F44B \"NULL\", {\\}") << 1;
}

void SmsTest::segmentsAndCostFollowTheText()
{
    QFETCH(QString, text);
    QFETCH(int, segments);
    const ApiClient::Account client = m_api->readyClient(m_admin, QStringLiteral("100.00"));
    const ApiReply reply = send(client.token, QStringLiteral("+2348031234567"), text);
    QCOMPARE(reply.status, 201);
    QCOMPARE(reply.data().value(QStringLiteral("segments")).toInt(), segments);
    QCOMPARE(reply.data().value(QStringLiteral("cost")).toDouble(), 4.0 * segments);
    QCOMPARE(reply.data().value(QStringLiteral("new_balance")).toDouble(), 100.0 - 4.0 * segments);
    const ApiReply status = m_api->get(QStringLiteral("/api/client/sms/status/%1").arg(reply.data().value(QStringLiteral("message_id")).toInteger()), client.token);
    QCOMPARE(status.data().value(QStringLiteral("segments_count")).toInt(), segments);
    QCOMPARE(status.data().value(QStringLiteral("cost")).toString(), QStringLiteral("%1.00").arg(4 * segments));
    QCOMPARE(status.data().value(QStringLiteral("message_text")).toString(), text);
}

void SmsTest::insufficientBalanceNamesRequiredAndAvailable()
{
    const ApiClient::Account client = m_api->readyClient(m_admin, QStringLiteral("6.00"));
    QCOMPARE(send(client.token, QStringLiteral("+2348031234567"), QStringLiteral("one")).status, 201);
    const ApiReply refused = send(client.token, QStringLiteral("+2348031234567"), QStringLiteral("two"));
    QCOMPARE(refused.status, 422);
    QVERIFY(refused.isErrorEnvelope());
    QCOMPARE(refused.errors().value(QStringLiteral("required")).toString(), QStringLiteral("4.00"));
    QCOMPARE(refused.errors().value(QStringLiteral("available")).toString(), QStringLiteral("2.00"));
    QCOMPARE(count(QStringLiteral("SELECT COUNT(*) FROM messages WHERE user_id = %1").arg(client.id)), 1);
    QCOMPARE(count(QStringLiteral("SELECT balance FROM wallets WHERE user_id = %1").arg(client.id)), 200);
    verifyLedgerMatchesBalance(client.id);
}

void SmsTest::concurrentSendsChargeExactlyTheWallet()
{
    // A wallet worth exactly 40 messages, 64 clients at once: 40 accepted, 24 refused, nothing more.
    constexpr int Worth = 40, Clients = 64;
    const ApiClient::Account client = m_api->readyClient(m_admin, QStringLiteral("160.00"));
    ConcurrentRequests requests(m_appliance->port(), "POST", "/api/client/sms/send");
    for (int i = 0; i < Clients; ++i)
        requests.add({{QStringLiteral("recipient"), QStringLiteral("+23480312345%1").arg(10 + i)},
                      {QStringLiteral("sender_id"), QStringLiteral("Ogene")},
                      {QStringLiteral("message"), QStringLiteral("concurrent %1").arg(i)}},
                     {{"Authorization", "Bearer " + client.token.toUtf8()}});
    int accepted = 0, refused = 0;
    for (const ConcurrentRequests::Answer &answer : requests.run()) {
        if (answer.status == 201)
            ++accepted;
        else if (answer.status == 422 && answer.json.value(QStringLiteral("errors")).toObject().contains(QStringLiteral("available")))
            ++refused;
    }
    QCOMPARE(accepted, Worth);
    QCOMPARE(refused, Clients - Worth);
    QCOMPARE(count(QStringLiteral("SELECT balance FROM wallets WHERE user_id = %1").arg(client.id)), 0);
    QCOMPARE(count(QStringLiteral("SELECT COUNT(*) FROM messages WHERE user_id = %1").arg(client.id)), Worth);
    QCOMPARE(count(QStringLiteral("SELECT COUNT(*) FROM wallet_transactions WHERE user_id = %1 AND category = 'sms'").arg(client.id)), Worth);
    verifyLedgerMatchesBalance(client.id);
}

void SmsTest::idempotencyKeyReplaysTheFirstAnswer()
{
    const ApiClient::Account client = m_api->readyClient(m_admin, QStringLiteral("20.00"));
    const ApiReply first = send(client.token, QStringLiteral("+2348031234567"), QStringLiteral("once"), QStringLiteral("Ogene"), "order-1001");
    const ApiReply second = send(client.token, QStringLiteral("+2348031234567"), QStringLiteral("once"), QStringLiteral("Ogene"), "order-1001");
    QCOMPARE(first.status, 201);
    QCOMPARE(second.status, 201);
    QCOMPARE(second.data(), first.data());
    QCOMPARE(second.header("idempotent-replayed"), QByteArray("true"));
    QCOMPARE(count(QStringLiteral("SELECT COUNT(*) FROM messages WHERE user_id = %1").arg(client.id)), 1);
    QCOMPARE(count(QStringLiteral("SELECT balance FROM wallets WHERE user_id = %1").arg(client.id)), 1600);
    // Another key is another message; a key is per account.
    QCOMPARE(send(client.token, QStringLiteral("+2348031234567"), QStringLiteral("once"), QStringLiteral("Ogene"), "order-1002").status, 201);
    const ApiClient::Account other = m_api->readyClient(m_admin, QStringLiteral("20.00"));
    const ApiReply others = send(other.token, QStringLiteral("+2348031234567"), QStringLiteral("once"), QStringLiteral("Ogene"), "order-1001");
    QCOMPARE(others.status, 201);
    QVERIFY(others.data().value(QStringLiteral("message_id")) != first.data().value(QStringLiteral("message_id")));
    // Too long a key is refused.
    QCOMPARE(send(client.token, QStringLiteral("+2348031234567"), QStringLiteral("x"), QStringLiteral("Ogene"), QByteArray(256, 'k')).status, 422);
}

void SmsTest::idempotencyKeyWithAnotherBodyIsRefused()
{
    const ApiClient::Account client = m_api->readyClient(m_admin, QStringLiteral("20.00"));
    QCOMPARE(send(client.token, QStringLiteral("+2348031234567"), QStringLiteral("first"), QStringLiteral("Ogene"), "k-1").status, 201);
    const ApiReply other = send(client.token, QStringLiteral("+2348031234567"), QStringLiteral("second"), QStringLiteral("Ogene"), "k-1");
    QCOMPARE(other.status, 422);
    QVERIFY(other.errors().contains(QStringLiteral("idempotency_key")));
    QCOMPARE(count(QStringLiteral("SELECT COUNT(*) FROM messages WHERE user_id = %1").arg(client.id)), 1);
}

void SmsTest::idempotencyKeyHoldsUnderConcurrency()
{
    const ApiClient::Account client = m_api->readyClient(m_admin, QStringLiteral("100.00"));
    ConcurrentRequests requests(m_appliance->port(), "POST", "/api/client/sms/send");
    for (int i = 0; i < 16; ++i)
        requests.add({{QStringLiteral("recipient"), QStringLiteral("+2348031234567")},
                      {QStringLiteral("sender_id"), QStringLiteral("Ogene")},
                      {QStringLiteral("message"), QStringLiteral("exactly once")}},
                     {{"Authorization", "Bearer " + client.token.toUtf8()}, {"Idempotency-Key", "same-moment"}});
    QSet<qint64> messageIds;
    for (const ConcurrentRequests::Answer &answer : requests.run()) {
        QCOMPARE(answer.status, 201);
        messageIds.insert(answer.json.value(QStringLiteral("data")).toObject().value(QStringLiteral("message_id")).toInteger());
    }
    QCOMPARE(messageIds.size(), 1);
    QCOMPARE(count(QStringLiteral("SELECT COUNT(*) FROM messages WHERE user_id = %1").arg(client.id)), 1);
    QCOMPARE(count(QStringLiteral("SELECT balance FROM wallets WHERE user_id = %1").arg(client.id)), 9600);
    verifyLedgerMatchesBalance(client.id);
}

void SmsTest::statusShowsEveryFieldAndHidesOtherAccounts()
{
    const ApiClient::Account client = m_api->readyClient(m_admin, QStringLiteral("20.00"));
    const qint64 id = send(client.token, QStringLiteral("08031234567"), QStringLiteral("status check")).data().value(QStringLiteral("message_id")).toInteger();
    const ApiReply status = m_api->get(QStringLiteral("/api/client/sms/status/%1").arg(id), client.token);
    QCOMPARE(status.status, 200);
    const QJsonObject message = status.data();
    for (const char *field : {"id", "user_id", "recipient_phone", "sender_id_value", "message_text", "segments_count", "cost",
                              "status", "created_at", "updated_at", "failure_reason"})
        QVERIFY2(message.contains(QLatin1String(field)), field);
    QCOMPARE(message.value(QStringLiteral("id")).toInteger(), id);
    QCOMPARE(message.value(QStringLiteral("user_id")).toInteger(), client.id);
    QCOMPARE(message.value(QStringLiteral("sender_id_value")).toString(), QStringLiteral("Ogene"));
    QCOMPARE(message.value(QStringLiteral("cost")).toString(), QStringLiteral("4.00"));
    QVERIFY(message.value(QStringLiteral("failure_reason")).isNull());
    QVERIFY(QStringList({QStringLiteral("queued"), QStringLiteral("sent"), QStringLiteral("delivered")}).contains(message.value(QStringLiteral("status")).toString()));

    const ApiClient::Account other = m_api->createClient(m_admin);
    const ApiReply hidden = m_api->get(QStringLiteral("/api/client/sms/status/%1").arg(id), other.token);
    QCOMPARE(hidden.status, 404);
    QVERIFY(hidden.isErrorEnvelope());
    QCOMPARE(m_api->get(QStringLiteral("/api/client/sms/status/999999999"), client.token).status, 404);
    QCOMPARE(m_api->get(QStringLiteral("/api/client/sms/status/abc"), client.token).status, 404);
}

void SmsTest::listIsNewestFirstAndFilters()
{
    const ApiClient::Account client = m_api->readyClient(m_admin, QStringLiteral("100.00"));
    m_api->approvedSender(m_admin, client, QStringLiteral("Second"));
    QList<qint64> ids;
    for (int i = 0; i < 3; ++i)
        ids.append(send(client.token, QStringLiteral("+2348031234567"), QStringLiteral("a%1").arg(i)).data().value(QStringLiteral("message_id")).toInteger());
    ids.append(send(client.token, QStringLiteral("+447911123456"), QStringLiteral("uk"), QStringLiteral("Second")).data().value(QStringLiteral("message_id")).toInteger());

    ApiReply list = m_api->get(QStringLiteral("/api/client/sms/messages"), client.token);
    QCOMPARE(list.status, 200);
    QCOMPARE(list.json.value(QStringLiteral("meta")).toObject().value(QStringLiteral("total")).toInt(), 4);
    QCOMPARE(list.list().first().toObject().value(QStringLiteral("id")).toInteger(), ids.last());
    QCOMPARE(list.list().last().toObject().value(QStringLiteral("id")).toInteger(), ids.first());

    list = m_api->get(QStringLiteral("/api/client/sms/messages?recipient=08031234567"), client.token);
    QCOMPARE(list.list().size(), 3);
    list = m_api->get(QStringLiteral("/api/client/sms/messages?sender_id=Second"), client.token);
    QCOMPARE(list.list().size(), 1);
    QCOMPARE(list.list().first().toObject().value(QStringLiteral("recipient_phone")).toString(), QStringLiteral("+447911123456"));
    list = m_api->get(QStringLiteral("/api/client/sms/messages?per_page=2&page=2"), client.token);
    QCOMPARE(list.list().size(), 2);
    QCOMPARE(list.json.value(QStringLiteral("meta")).toObject().value(QStringLiteral("last_page")).toInt(), 2);

    const QString today = QDateTime::currentDateTimeUtc().date().toString(Qt::ISODate);
    const QString tomorrow = QDateTime::currentDateTimeUtc().date().addDays(1).toString(Qt::ISODate);
    QCOMPARE(m_api->get(QStringLiteral("/api/client/sms/messages?date_from=%1&date_to=%1").arg(today), client.token).list().size(), 4);
    QCOMPARE(m_api->get(QStringLiteral("/api/client/sms/messages?date_from=%1").arg(tomorrow), client.token).list().size(), 0);
    QCOMPARE(m_api->get(QStringLiteral("/api/client/sms/messages?date_to=2000-01-01T00:00:00Z"), client.token).list().size(), 0);

    // Every status filter is accepted; what each returns depends on how far delivery got.
    int byStatus = 0;
    for (const QString &status : {QStringLiteral("queued"), QStringLiteral("sent"), QStringLiteral("delivered"), QStringLiteral("failed")}) {
        const ApiReply filtered = m_api->get(QStringLiteral("/api/client/sms/messages?status=") + status, client.token);
        QCOMPARE(filtered.status, 200);
        for (const QJsonValue &item : filtered.list())
            QCOMPARE(item.toObject().value(QStringLiteral("status")).toString(), status);
        byStatus += filtered.json.value(QStringLiteral("meta")).toObject().value(QStringLiteral("total")).toInt();
    }
    QVERIFY(byStatus >= 4);

    // Another account sees none of them.
    const ApiClient::Account other = m_api->createClient(m_admin);
    QCOMPARE(m_api->get(QStringLiteral("/api/client/sms/messages"), other.token).list().size(), 0);
}

void SmsTest::listRefusesBadFilters()
{
    const ApiClient::Account client = m_api->createClient(m_admin);
    for (const auto &[query, field] : {std::pair{"status=lost", "status"}, std::pair{"recipient=abc", "recipient"},
                                       std::pair{"date_from=yesterday", "date_from"}, std::pair{"date_to=2026-13-01", "date_to"},
                                       std::pair{"sender_id=ABCDEFGHIJKL", "sender_id"}, std::pair{"per_page=500", "per_page"}}) {
        const ApiReply reply = m_api->get(QStringLiteral("/api/client/sms/messages?") + QLatin1String(query), client.token);
        QCOMPARE(reply.status, 422);
        QVERIFY2(reply.errors().contains(QLatin1String(field)), qPrintable(reply.describe()));
    }
}

QTEST_GUILESS_MAIN(SmsTest)
#include "tst_sms.moc"
