// Wallets: the client balance routes, admin credits and their validation, the transaction ledger
// (filters, order, pagination), balance = credits − debits after sends, and concurrent credits.
#include "apiclient.h"
#include "applianceprocess.h"
#include "testdatabase.h"

#include <QDateTime>
#include <QEventLoop>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSet>
#include <QTest>
#include <QTimer>

#include <algorithm>

namespace {

// A wallet amount shown as a JSON number, in minor units.
qint64 minorUnits(const QJsonValue &value)
{
    return qRound64(value.toDouble() * 100);
}

bool isIsoTimestamp(const QJsonValue &value)
{
    return QDateTime::fromString(value.toString(), Qt::ISODateWithMs).isValid();
}

// Posts every body to the same path at once over one QNetworkAccessManager (nothing waits in
// between), then waits for all the answers; they come back in the order of the bodies.
QList<ApiReply> postConcurrently(const QString &baseUrl, const QString &path, const QList<QJsonObject> &bodies,
                                 const QString &token)
{
    QNetworkAccessManager network;
    QList<QNetworkReply *> replies;
    for (const QJsonObject &body : bodies) {
        QNetworkRequest request(QUrl(baseUrl + path));
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
        request.setRawHeader("Accept", "application/json");
        request.setRawHeader("Authorization", "Bearer " + token.toUtf8());
        request.setTransferTimeout(30000);
        replies.append(network.post(request, QJsonDocument(body).toJson(QJsonDocument::Compact)));
    }

    QEventLoop loop;
    qsizetype pending = replies.size();
    for (QNetworkReply *reply : std::as_const(replies)) {
        QObject::connect(reply, &QNetworkReply::finished, &loop, [&pending, &loop] {
            if (--pending == 0)
                loop.quit();
        });
    }
    QTimer::singleShot(60000, &loop, &QEventLoop::quit);
    if (pending > 0)
        loop.exec();

    QList<ApiReply> answers;
    for (QNetworkReply *reply : std::as_const(replies)) {
        ApiReply answer;
        if (reply->isFinished()) {
            answer.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            answer.body = reply->readAll();
            answer.json = QJsonDocument::fromJson(answer.body).object();
        } else {
            reply->abort();
        }
        answers.append(answer);
        delete reply;
    }
    return answers;
}

} // namespace

class WalletTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void newAccountStartsWithAnEmptyWalletInItsCurrency_data();
    void newAccountStartsWithAnEmptyWalletInItsCurrency();
    void adminCreditMovesBalanceAndTotals();
    void creditAcceptsTheLargestAmount();
    void creditRefusesABadAmount_data();
    void creditRefusesABadAmount();
    void creditDescriptionIsLimitedTo255Characters();
    void clientCannotCreditAWallet();
    void creditToAnUnknownUserGets404();
    void balanceRoutesNeedABearer();
    void transactionsListNewestFirstWithEveryField();
    void transactionsFilterByType();
    void transactionsRefuseAnUnknownType();
    void transactionsArePaginated();
    void transactionsShowOnlyTheCallersOwn();
    void balanceEqualsCreditsMinusDebitsAfterSends();
    void refusedSendLeavesTheWalletUntouched();
    void concurrentCreditsAllLand();

private:
    ApiReply credit(qint64 userId, const QJsonObject &body, const QString &token = {});
    ApiReply sendSms(const ApiClient::Account &client, const QString &text = QStringLiteral("Hello from the wallet suite"));
    // Every ledger entry of the account, newest first.
    QJsonArray allTransactions(const QString &token, const QString &filter = {});

    TestDatabase m_database;
    std::unique_ptr<ApplianceProcess> m_appliance;
    std::unique_ptr<ApiClient> m_api;
    QString m_adminToken;
    qint64 m_adminId = 0;
};

void WalletTest::initTestCase()
{
    QString why;
    QVERIFY2(startSignedIn(m_database, m_appliance, m_api, m_adminToken, &why), qPrintable(why));
    m_adminId = m_api->get(QStringLiteral("/api/auth/me"), m_adminToken).data().value(QStringLiteral("id")).toInteger();
    QVERIFY(m_adminId > 0);
}

ApiReply WalletTest::credit(qint64 userId, const QJsonObject &body, const QString &token)
{
    return m_api->post(QStringLiteral("/api/admin/users/%1/wallet/credit").arg(userId), body,
                       token.isEmpty() ? m_adminToken : token);
}

ApiReply WalletTest::sendSms(const ApiClient::Account &client, const QString &text)
{
    return m_api->post(QStringLiteral("/api/client/sms/send"),
                       {{QStringLiteral("recipient"), QStringLiteral("+2348031234567")},
                        {QStringLiteral("sender_id"), QStringLiteral("Ogene")},
                        {QStringLiteral("message"), text}},
                       client.token);
}

QJsonArray WalletTest::allTransactions(const QString &token, const QString &filter)
{
    QJsonArray entries;
    for (int page = 1; page <= 50; ++page) {
        const ApiReply reply = m_api->get(
            QStringLiteral("/api/client/wallet/transactions?per_page=100&page=%1%2").arg(page).arg(filter), token);
        if (reply.status != 200)
            return {};
        for (const QJsonValue &entry : reply.list())
            entries.append(entry);
        if (page >= reply.json.value(QStringLiteral("meta")).toObject().value(QStringLiteral("last_page")).toInteger())
            break;
    }
    return entries;
}

void WalletTest::newAccountStartsWithAnEmptyWalletInItsCurrency_data()
{
    QTest::addColumn<QString>("currency");
    QTest::newRow("NGN") << QStringLiteral("NGN");
    QTest::newRow("USD") << QStringLiteral("USD");
}

void WalletTest::newAccountStartsWithAnEmptyWalletInItsCurrency()
{
    QFETCH(QString, currency);
    const ApiClient::Account client = m_api->createClient(m_adminToken, currency);
    QVERIFY(!client.token.isEmpty());

    const ApiReply simple = m_api->get(QStringLiteral("/api/client/balance"), client.token);
    QCOMPARE(simple.status, 200);
    QCOMPARE(simple.json.value(QStringLiteral("success")), QJsonValue(true));
    QVERIFY2(simple.json.value(QStringLiteral("balance")).isDouble(), qPrintable(simple.describe()));
    QCOMPARE(minorUnits(simple.json.value(QStringLiteral("balance"))), 0);
    QCOMPARE(simple.json.value(QStringLiteral("currency")).toString(), currency);
    QVERIFY(!simple.json.contains(QStringLiteral("data")));

    const ApiReply full = m_api->get(QStringLiteral("/api/client/wallet/balance"), client.token);
    QCOMPARE(full.status, 200);
    QCOMPARE(full.json.value(QStringLiteral("success")), QJsonValue(true));
    const QJsonObject wallet = full.data();
    for (const QString &field : {QStringLiteral("balance"), QStringLiteral("total_credited"), QStringLiteral("total_spent")}) {
        QVERIFY2(wallet.value(field).isDouble(), qPrintable(field));
        QCOMPARE(minorUnits(wallet.value(field)), 0);
    }
    QCOMPARE(wallet.value(QStringLiteral("currency")).toString(), currency);
    QVERIFY2(isIsoTimestamp(wallet.value(QStringLiteral("updated_at"))), qPrintable(full.describe()));

    const ApiReply ledger = m_api->get(QStringLiteral("/api/client/wallet/transactions"), client.token);
    QCOMPARE(ledger.status, 200);
    QVERIFY(ledger.list().isEmpty());
    QCOMPARE(ledger.json.value(QStringLiteral("meta")).toObject().value(QStringLiteral("total")).toInteger(), 0);
}

void WalletTest::adminCreditMovesBalanceAndTotals()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);

    // As a JSON number.
    ApiReply reply = credit(client.id, {{QStringLiteral("amount"), 150.5}, {QStringLiteral("description"), QStringLiteral("Bank transfer 42")}});
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.json.value(QStringLiteral("success")), QJsonValue(true));
    QCOMPARE(minorUnits(reply.data().value(QStringLiteral("balance"))), 15050);
    QCOMPARE(minorUnits(reply.data().value(QStringLiteral("total_credited"))), 15050);
    QCOMPARE(minorUnits(reply.data().value(QStringLiteral("total_spent"))), 0);
    QCOMPARE(reply.data().value(QStringLiteral("currency")).toString(), QStringLiteral("NGN"));
    const QJsonObject transaction = reply.data().value(QStringLiteral("transaction")).toObject();
    QVERIFY2(transaction.value(QStringLiteral("id")).toInteger() > 0, qPrintable(reply.describe()));
    QCOMPARE(transaction.value(QStringLiteral("type")).toString(), QStringLiteral("credit"));
    QCOMPARE(transaction.value(QStringLiteral("category")).toString(), QStringLiteral("adjustment"));
    QCOMPARE(minorUnits(transaction.value(QStringLiteral("amount"))), 15050);
    QCOMPARE(minorUnits(transaction.value(QStringLiteral("balance_after"))), 15050);
    QCOMPARE(transaction.value(QStringLiteral("description")).toString(), QStringLiteral("Bank transfer 42"));
    QCOMPARE(transaction.value(QStringLiteral("reference")).toString(), QStringLiteral("admin:%1").arg(m_adminId));
    QVERIFY(isIsoTimestamp(transaction.value(QStringLiteral("created_at"))));

    // As a decimal string, without a description.
    reply = credit(client.id, {{QStringLiteral("amount"), QStringLiteral("150.50")}});
    QCOMPARE(reply.status, 200);
    QCOMPARE(minorUnits(reply.data().value(QStringLiteral("balance"))), 30100);
    QCOMPARE(minorUnits(reply.data().value(QStringLiteral("transaction")).toObject().value(QStringLiteral("balance_after"))), 30100);
    QVERIFY(!reply.data().value(QStringLiteral("transaction")).toObject().value(QStringLiteral("description")).toString().isEmpty());

    // The client sees the same figures.
    const ApiReply simple = m_api->get(QStringLiteral("/api/client/balance"), client.token);
    QCOMPARE(minorUnits(simple.json.value(QStringLiteral("balance"))), 30100);
    const QJsonObject wallet = m_api->get(QStringLiteral("/api/client/wallet/balance"), client.token).data();
    QCOMPARE(minorUnits(wallet.value(QStringLiteral("balance"))), 30100);
    QCOMPARE(minorUnits(wallet.value(QStringLiteral("total_credited"))), 30100);
    QCOMPARE(minorUnits(wallet.value(QStringLiteral("total_spent"))), 0);
    QCOMPARE(allTransactions(client.token).size(), 2);
}

void WalletTest::creditAcceptsTheLargestAmount()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    const ApiReply reply = credit(client.id, {{QStringLiteral("amount"), QStringLiteral("100000000")}});
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.data().value(QStringLiteral("balance")).toDouble(), 100000000.0);
    QCOMPARE(credit(client.id, {{QStringLiteral("amount"), 0.01}}).status, 200);
    QCOMPARE(minorUnits(m_api->get(QStringLiteral("/api/client/balance"), client.token).json.value(QStringLiteral("balance"))),
             Q_INT64_C(10000000001));
}

void WalletTest::creditRefusesABadAmount_data()
{
    QTest::addColumn<QJsonValue>("amount"); // undefined: leave the field out
    QTest::newRow("missing") << QJsonValue(QJsonValue::Undefined);
    QTest::newRow("null") << QJsonValue(QJsonValue::Null);
    QTest::newRow("zero") << QJsonValue(0);
    QTest::newRow("zero string") << QJsonValue(QStringLiteral("0.00"));
    QTest::newRow("negative") << QJsonValue(-5);
    QTest::newRow("negative string") << QJsonValue(QStringLiteral("-5.00"));
    QTest::newRow("not a number") << QJsonValue(QStringLiteral("abc"));
    QTest::newRow("empty string") << QJsonValue(QString());
    QTest::newRow("three decimals") << QJsonValue(1.234);
    QTest::newRow("three decimals string") << QJsonValue(QStringLiteral("1.234"));
    QTest::newRow("exponent string") << QJsonValue(QStringLiteral("1e3"));
    QTest::newRow("over the limit") << QJsonValue(100000000.01);
    QTest::newRow("over the limit string") << QJsonValue(QStringLiteral("100000001"));
    QTest::newRow("boolean") << QJsonValue(true);
    QTest::newRow("object") << QJsonValue(QJsonObject{{QStringLiteral("value"), 5}});
}

void WalletTest::creditRefusesABadAmount()
{
    QFETCH(QJsonValue, amount);
    static const ApiClient::Account client = m_api->createClient(m_adminToken);
    const QJsonObject before = m_api->get(QStringLiteral("/api/client/wallet/balance"), client.token).data();
    const qsizetype entriesBefore = allTransactions(client.token).size();
    QJsonObject body{{QStringLiteral("description"), QStringLiteral("should not land")}};
    if (!amount.isUndefined())
        body.insert(QStringLiteral("amount"), amount);
    const ApiReply reply = credit(client.id, body);
    QCOMPARE(reply.status, 422);
    QVERIFY(reply.isErrorEnvelope());
    QVERIFY2(reply.errors().contains(QStringLiteral("amount")), qPrintable(reply.describe()));

    const QJsonObject after = m_api->get(QStringLiteral("/api/client/wallet/balance"), client.token).data();
    QCOMPARE(after.value(QStringLiteral("balance")), before.value(QStringLiteral("balance")));
    QCOMPARE(after.value(QStringLiteral("total_credited")), before.value(QStringLiteral("total_credited")));
    QCOMPARE(allTransactions(client.token).size(), entriesBefore);
}

void WalletTest::creditDescriptionIsLimitedTo255Characters()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    ApiReply reply = credit(client.id, {{QStringLiteral("amount"), 10}, {QStringLiteral("description"), QString(256, QLatin1Char('d'))}});
    QCOMPARE(reply.status, 422);
    QVERIFY2(reply.errors().contains(QStringLiteral("description")), qPrintable(reply.describe()));
    QCOMPARE(minorUnits(m_api->get(QStringLiteral("/api/client/balance"), client.token).json.value(QStringLiteral("balance"))), 0);

    reply = credit(client.id, {{QStringLiteral("amount"), 10}, {QStringLiteral("description"), 42}});
    QCOMPARE(reply.status, 422);
    QVERIFY2(reply.errors().contains(QStringLiteral("description")), qPrintable(reply.describe()));

    const QString longest(255, QLatin1Char('d'));
    reply = credit(client.id, {{QStringLiteral("amount"), 10}, {QStringLiteral("description"), longest}});
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.data().value(QStringLiteral("transaction")).toObject().value(QStringLiteral("description")).toString(), longest);
    const QJsonArray entries = allTransactions(client.token);
    QCOMPARE(entries.size(), 1);
    QCOMPARE(entries.at(0).toObject().value(QStringLiteral("description")).toString(), longest);
}

void WalletTest::clientCannotCreditAWallet()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    ApiReply reply = credit(client.id, {{QStringLiteral("amount"), 10}}, client.token);
    QCOMPARE(reply.status, 403);
    QVERIFY(reply.isErrorEnvelope());

    const ApiClient::Account other = m_api->createClient(m_adminToken);
    QCOMPARE(credit(other.id, {{QStringLiteral("amount"), 10}}, client.token).status, 403);
    QCOMPARE(m_api->post(QStringLiteral("/api/admin/users/%1/wallet/credit").arg(client.id), {{QStringLiteral("amount"), 10}}).status, 401);

    QCOMPARE(minorUnits(m_api->get(QStringLiteral("/api/client/balance"), client.token).json.value(QStringLiteral("balance"))), 0);
    QCOMPARE(minorUnits(m_api->get(QStringLiteral("/api/client/balance"), other.token).json.value(QStringLiteral("balance"))), 0);
}

void WalletTest::creditToAnUnknownUserGets404()
{
    const ApiReply reply = credit(987654321, {{QStringLiteral("amount"), 10}});
    QCOMPARE(reply.status, 404);
    QVERIFY(reply.isErrorEnvelope());
}

void WalletTest::balanceRoutesNeedABearer()
{
    for (const QString &path : {QStringLiteral("/api/client/balance"), QStringLiteral("/api/client/wallet/balance"),
                               QStringLiteral("/api/client/wallet/transactions")}) {
        const ApiReply reply = m_api->get(path);
        QCOMPARE(reply.status, 401);
        QVERIFY2(reply.isErrorEnvelope(), qPrintable(path));
    }
}

void WalletTest::transactionsListNewestFirstWithEveryField()
{
    const ApiClient::Account client = m_api->readyClient(m_adminToken, QStringLiteral("20.00"));
    QCOMPARE(credit(client.id, {{QStringLiteral("amount"), QStringLiteral("5.25")}, {QStringLiteral("description"), QStringLiteral("top-up")}}).status, 200);
    const ApiReply sent = sendSms(client);
    QCOMPARE(sent.status, 201);
    const qint64 messageId = sent.data().value(QStringLiteral("message_id")).toInteger();
    const qint64 cost = minorUnits(sent.data().value(QStringLiteral("cost")));
    QVERIFY(cost > 0);

    const ApiReply reply = m_api->get(QStringLiteral("/api/client/wallet/transactions"), client.token);
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.json.value(QStringLiteral("success")), QJsonValue(true));
    const QJsonObject meta = reply.json.value(QStringLiteral("meta")).toObject();
    QCOMPARE(meta.value(QStringLiteral("total")).toInteger(), 3);
    QCOMPARE(meta.value(QStringLiteral("current_page")).toInteger(), 1);
    QCOMPARE(meta.value(QStringLiteral("per_page")).toInteger(), 25);
    QCOMPARE(meta.value(QStringLiteral("last_page")).toInteger(), 1);

    const QJsonArray entries = reply.list();
    QCOMPARE(entries.size(), 3);
    for (const QJsonValue &value : entries) {
        const QJsonObject entry = value.toObject();
        for (const QString &field : {QStringLiteral("id"), QStringLiteral("type"), QStringLiteral("category"), QStringLiteral("amount"),
                                    QStringLiteral("balance_after"), QStringLiteral("reference"), QStringLiteral("description"),
                                    QStringLiteral("created_at")})
            QVERIFY2(entry.contains(field), qPrintable(field));
        QVERIFY(entry.value(QStringLiteral("amount")).isDouble());
        QVERIFY(entry.value(QStringLiteral("balance_after")).isDouble());
        QVERIFY(isIsoTimestamp(entry.value(QStringLiteral("created_at"))));
    }
    // Newest first: the send's debit, the top-up, the first credit.
    const QJsonObject debit = entries.at(0).toObject();
    const QJsonObject topUp = entries.at(1).toObject();
    const QJsonObject first = entries.at(2).toObject();
    QVERIFY(debit.value(QStringLiteral("id")).toInteger() > topUp.value(QStringLiteral("id")).toInteger());
    QVERIFY(topUp.value(QStringLiteral("id")).toInteger() > first.value(QStringLiteral("id")).toInteger());

    QCOMPARE(debit.value(QStringLiteral("type")).toString(), QStringLiteral("debit"));
    QCOMPARE(debit.value(QStringLiteral("category")).toString(), QStringLiteral("sms"));
    QCOMPARE(minorUnits(debit.value(QStringLiteral("amount"))), cost);
    QCOMPARE(minorUnits(debit.value(QStringLiteral("balance_after"))), 2525 - cost);
    QCOMPARE(debit.value(QStringLiteral("reference")).toString(), QStringLiteral("message:%1").arg(messageId));

    QCOMPARE(topUp.value(QStringLiteral("type")).toString(), QStringLiteral("credit"));
    QCOMPARE(topUp.value(QStringLiteral("category")).toString(), QStringLiteral("adjustment"));
    QCOMPARE(minorUnits(topUp.value(QStringLiteral("amount"))), 525);
    QCOMPARE(minorUnits(topUp.value(QStringLiteral("balance_after"))), 2525);
    QCOMPARE(topUp.value(QStringLiteral("description")).toString(), QStringLiteral("top-up"));

    QCOMPARE(first.value(QStringLiteral("type")).toString(), QStringLiteral("credit"));
    QCOMPARE(minorUnits(first.value(QStringLiteral("amount"))), 2000);
    QCOMPARE(minorUnits(first.value(QStringLiteral("balance_after"))), 2000);
}

void WalletTest::transactionsFilterByType()
{
    const ApiClient::Account client = m_api->readyClient(m_adminToken, QStringLiteral("50.00"));
    QCOMPARE(credit(client.id, {{QStringLiteral("amount"), 1}}).status, 200);
    QCOMPARE(sendSms(client).status, 201);
    QCOMPARE(sendSms(client).status, 201);
    QCOMPARE(sendSms(client).status, 201);

    ApiReply reply = m_api->get(QStringLiteral("/api/client/wallet/transactions?type=credit"), client.token);
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.list().size(), 2);
    QCOMPARE(reply.json.value(QStringLiteral("meta")).toObject().value(QStringLiteral("total")).toInteger(), 2);
    for (const QJsonValue &entry : reply.list()) {
        QCOMPARE(entry.toObject().value(QStringLiteral("type")).toString(), QStringLiteral("credit"));
        QCOMPARE(entry.toObject().value(QStringLiteral("category")).toString(), QStringLiteral("adjustment"));
    }

    reply = m_api->get(QStringLiteral("/api/client/wallet/transactions?type=debit"), client.token);
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.list().size(), 3);
    QCOMPARE(reply.json.value(QStringLiteral("meta")).toObject().value(QStringLiteral("total")).toInteger(), 3);
    for (const QJsonValue &entry : reply.list()) {
        QCOMPARE(entry.toObject().value(QStringLiteral("type")).toString(), QStringLiteral("debit"));
        QCOMPARE(entry.toObject().value(QStringLiteral("category")).toString(), QStringLiteral("sms"));
    }
}

void WalletTest::transactionsRefuseAnUnknownType()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    for (const QString &type : {QStringLiteral("x"), QStringLiteral("CREDIT"), QStringLiteral("credit,debit")}) {
        const ApiReply reply = m_api->get(QStringLiteral("/api/client/wallet/transactions?type=") + type, client.token);
        QCOMPARE(reply.status, 422);
        QVERIFY(reply.isErrorEnvelope());
        QVERIFY2(reply.errors().contains(QStringLiteral("type")), qPrintable(reply.describe()));
    }
}

void WalletTest::transactionsArePaginated()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    for (int i = 1; i <= 5; ++i)
        QCOMPARE(credit(client.id, {{QStringLiteral("amount"), i}}).status, 200);

    ApiReply reply = m_api->get(QStringLiteral("/api/client/wallet/transactions?per_page=2"), client.token);
    QCOMPARE(reply.status, 200);
    QJsonObject meta = reply.json.value(QStringLiteral("meta")).toObject();
    QCOMPARE(meta.value(QStringLiteral("total")).toInteger(), 5);
    QCOMPARE(meta.value(QStringLiteral("per_page")).toInteger(), 2);
    QCOMPARE(meta.value(QStringLiteral("last_page")).toInteger(), 3);
    QCOMPARE(reply.list().size(), 2);
    QCOMPARE(minorUnits(reply.list().at(0).toObject().value(QStringLiteral("amount"))), 500);
    QCOMPARE(minorUnits(reply.list().at(1).toObject().value(QStringLiteral("amount"))), 400);

    reply = m_api->get(QStringLiteral("/api/client/wallet/transactions?per_page=2&page=3"), client.token);
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.list().size(), 1);
    QCOMPARE(minorUnits(reply.list().at(0).toObject().value(QStringLiteral("amount"))), 100);
    QCOMPARE(reply.json.value(QStringLiteral("meta")).toObject().value(QStringLiteral("current_page")).toInteger(), 3);

    reply = m_api->get(QStringLiteral("/api/client/wallet/transactions?per_page=101"), client.token);
    QCOMPARE(reply.status, 422);
    QVERIFY(reply.errors().contains(QStringLiteral("per_page")));
}

void WalletTest::transactionsShowOnlyTheCallersOwn()
{
    const ApiClient::Account mine = m_api->createClient(m_adminToken);
    const ApiClient::Account theirs = m_api->createClient(m_adminToken);
    const ApiReply credited = credit(mine.id, {{QStringLiteral("amount"), 7}});
    QCOMPARE(credited.status, 200);
    QCOMPARE(credit(theirs.id, {{QStringLiteral("amount"), 9}}).status, 200);

    const QJsonArray entries = allTransactions(mine.token);
    QCOMPARE(entries.size(), 1);
    QCOMPARE(entries.at(0).toObject().value(QStringLiteral("id")).toInteger(),
             credited.data().value(QStringLiteral("transaction")).toObject().value(QStringLiteral("id")).toInteger());
    QCOMPARE(minorUnits(m_api->get(QStringLiteral("/api/client/balance"), theirs.token).json.value(QStringLiteral("balance"))), 900);
    // The admin's own wallet saw none of it.
    QVERIFY(allTransactions(m_adminToken).isEmpty());
}

void WalletTest::balanceEqualsCreditsMinusDebitsAfterSends()
{
    const ApiClient::Account client = m_api->readyClient(m_adminToken, QStringLiteral("100.00"));
    QCOMPARE(credit(client.id, {{QStringLiteral("amount"), QStringLiteral("12.34")}}).status, 200);

    qint64 spent = 0;
    qint64 lastBalance = -1;
    for (const QString &text : {QStringLiteral("One"), QString(161, QLatin1Char('a')), QStringLiteral("Three"), QStringLiteral("Naïve ☺")}) {
        const ApiReply sent = sendSms(client, text);
        QCOMPARE(sent.status, 201);
        spent += minorUnits(sent.data().value(QStringLiteral("cost")));
        lastBalance = minorUnits(sent.data().value(QStringLiteral("new_balance")));
    }
    QVERIFY(spent > 0);

    const QJsonArray entries = allTransactions(client.token);
    QCOMPARE(entries.size(), 6);
    qint64 credits = 0;
    qint64 debits = 0;
    // Oldest first, each entry's balance_after follows from the one before.
    qint64 running = 0;
    for (qsizetype i = entries.size() - 1; i >= 0; --i) {
        const QJsonObject entry = entries.at(i).toObject();
        const qint64 amount = minorUnits(entry.value(QStringLiteral("amount")));
        QVERIFY(amount > 0);
        if (entry.value(QStringLiteral("type")).toString() == QLatin1String("credit")) {
            credits += amount;
            running += amount;
        } else {
            QCOMPARE(entry.value(QStringLiteral("type")).toString(), QStringLiteral("debit"));
            debits += amount;
            running -= amount;
        }
        QCOMPARE(minorUnits(entry.value(QStringLiteral("balance_after"))), running);
    }

    const QJsonObject wallet = m_api->get(QStringLiteral("/api/client/wallet/balance"), client.token).data();
    const qint64 balance = minorUnits(wallet.value(QStringLiteral("balance")));
    QCOMPARE(credits, Q_INT64_C(11234));
    QCOMPARE(debits, spent);
    QCOMPARE(balance, credits - debits);
    QCOMPARE(balance, lastBalance);
    QCOMPARE(minorUnits(wallet.value(QStringLiteral("total_credited"))), credits);
    QCOMPARE(minorUnits(wallet.value(QStringLiteral("total_spent"))), debits);
    QCOMPARE(minorUnits(m_api->get(QStringLiteral("/api/client/balance"), client.token).json.value(QStringLiteral("balance"))), balance);
}

void WalletTest::refusedSendLeavesTheWalletUntouched()
{
    // An approved sender but too little money for one segment.
    const ApiClient::Account poor = m_api->readyClient(m_adminToken, QStringLiteral("0.01"));
    const ApiReply refused = sendSms(poor);
    QCOMPARE(refused.status, 422);
    QVERIFY2(refused.errors().contains(QStringLiteral("balance")), qPrintable(refused.describe()));
    QVERIFY(refused.errors().value(QStringLiteral("required")).isString());
    QCOMPARE(refused.errors().value(QStringLiteral("available")).toString(), QStringLiteral("0.01"));

    const QJsonObject wallet = m_api->get(QStringLiteral("/api/client/wallet/balance"), poor.token).data();
    QCOMPARE(minorUnits(wallet.value(QStringLiteral("balance"))), 1);
    QCOMPARE(minorUnits(wallet.value(QStringLiteral("total_spent"))), 0);
    QCOMPARE(allTransactions(poor.token, QStringLiteral("&type=debit")).size(), 0);
    QCOMPARE(allTransactions(poor.token).size(), 1);
}

void WalletTest::concurrentCreditsAllLand()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    const QList<QJsonObject> bodies(20, QJsonObject{{QStringLiteral("amount"), QStringLiteral("1.00")},
                                                    {QStringLiteral("description"), QStringLiteral("concurrent")}});
    const QList<ApiReply> answers = postConcurrently(
        m_appliance->baseUrl(), QStringLiteral("/api/admin/users/%1/wallet/credit").arg(client.id), bodies, m_adminToken);
    QCOMPARE(answers.size(), 20);
    QSet<qint64> balancesAfter;
    for (const ApiReply &answer : answers) {
        QCOMPARE(answer.status, 200);
        balancesAfter.insert(minorUnits(answer.data().value(QStringLiteral("transaction")).toObject().value(QStringLiteral("balance_after"))));
    }
    // Each credit saw its own balance: 1.00, 2.00, … 20.00, none lost to another.
    QCOMPARE(balancesAfter.size(), 20);
    QCOMPARE(*std::min_element(balancesAfter.cbegin(), balancesAfter.cend()), 100);
    QCOMPARE(*std::max_element(balancesAfter.cbegin(), balancesAfter.cend()), 2000);

    const QJsonObject wallet = m_api->get(QStringLiteral("/api/client/wallet/balance"), client.token).data();
    QCOMPARE(minorUnits(wallet.value(QStringLiteral("balance"))), 2000);
    QCOMPARE(minorUnits(wallet.value(QStringLiteral("total_credited"))), 2000);
    const QJsonArray entries = allTransactions(client.token);
    QCOMPARE(entries.size(), 20);
    qint64 sum = 0;
    for (const QJsonValue &entry : entries)
        sum += minorUnits(entry.toObject().value(QStringLiteral("amount")));
    QCOMPARE(sum, 2000);
}

QTEST_GUILESS_MAIN(WalletTest)
#include "tst_wallet.moc"
