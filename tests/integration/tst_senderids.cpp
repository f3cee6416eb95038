// Sender IDs: requesting one and the name rules, duplicates per account, the client's lists, the
// admin queue with approve and reject, the admin role requirement, and sending only when approved.
#include "apiclient.h"
#include "applianceprocess.h"
#include "testdatabase.h"

#include <QDateTime>
#include <QTest>

#include <algorithm>

class SenderIdsTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void requestAnswers201Pending();
    void requestRefusesABadName_data();
    void requestRefusesABadName();
    void requestAcceptsNamesAtTheLimits();
    void sameNameTwiceIsRefusedInAnyLetterCase();
    void anotherAccountMayRequestTheSameName();
    void clientListShowsAllOfItsOwnWithTheirStatus();
    void approvedListShowsOnlyApprovedOnes();
    void anotherAccountsSenderIdsNeverAppear();
    void adminQueueListsPendingOldestFirstAcrossAccounts();
    void adminQueueRefusesAnUnknownStatus();
    void approveSetsStatusAndApprovedAt();
    void rejectNeedsAReasonAndShowsItToTheClient();
    void approveOrRejectAnUnknownIdGets404();
    void clientGets403OnAdminRoutes();
    void sendingNeedsAnApprovedSenderId();

private:
    ApiReply request(const ApiClient::Account &client, const QString &name);
    qint64 requestId(const ApiClient::Account &client, const QString &name);
    // The account's sender IDs as the client lists them (path under /api/client/sender-id).
    QJsonArray clientList(const ApiClient::Account &client, const QString &path = {});
    QJsonObject findById(const QJsonArray &list, qint64 id);
    ApiReply send(const ApiClient::Account &client, const QString &sender);

    TestDatabase m_database;
    std::unique_ptr<ApplianceProcess> m_appliance;
    std::unique_ptr<ApiClient> m_api;
    QString m_adminToken;
};

void SenderIdsTest::initTestCase()
{
    QString why;
    QVERIFY2(startSignedIn(m_database, m_appliance, m_api, m_adminToken, &why), qPrintable(why));
}

ApiReply SenderIdsTest::request(const ApiClient::Account &client, const QString &name)
{
    return m_api->post(QStringLiteral("/api/client/sender-id/request"), {{QStringLiteral("sender_name"), name}}, client.token);
}

qint64 SenderIdsTest::requestId(const ApiClient::Account &client, const QString &name)
{
    const ApiReply reply = request(client, name);
    return reply.status == 201 ? reply.data().value(QStringLiteral("id")).toInteger() : 0;
}

QJsonArray SenderIdsTest::clientList(const ApiClient::Account &client, const QString &path)
{
    const ApiReply reply = m_api->get(QStringLiteral("/api/client/sender-id") + path + QStringLiteral("?per_page=100"), client.token);
    if (reply.status != 200)
        return {};
    return reply.list();
}

QJsonObject SenderIdsTest::findById(const QJsonArray &list, qint64 id)
{
    for (const QJsonValue &entry : list) {
        if (entry.toObject().value(QStringLiteral("id")).toInteger() == id)
            return entry.toObject();
    }
    return {};
}

ApiReply SenderIdsTest::send(const ApiClient::Account &client, const QString &sender)
{
    return m_api->post(QStringLiteral("/api/client/sms/send"),
                       {{QStringLiteral("recipient"), QStringLiteral("+2348031234567")},
                        {QStringLiteral("sender_id"), sender},
                        {QStringLiteral("message"), QStringLiteral("Sender ID suite")}},
                       client.token);
}

void SenderIdsTest::requestAnswers201Pending()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    const ApiReply reply = request(client, QStringLiteral("Acme1"));
    QCOMPARE(reply.status, 201);
    QCOMPARE(reply.json.value(QStringLiteral("success")), QJsonValue(true));
    QVERIFY(!reply.message().isEmpty());
    const QJsonObject data = reply.data();
    QVERIFY(data.value(QStringLiteral("id")).toInteger() > 0);
    QCOMPARE(data.value(QStringLiteral("sender_name")).toString(), QStringLiteral("Acme1"));
    QCOMPARE(data.value(QStringLiteral("status")).toString(), QStringLiteral("pending"));
    QVERIFY(QDateTime::fromString(data.value(QStringLiteral("created_at")).toString(), Qt::ISODateWithMs).isValid());

    const QJsonObject listed = findById(clientList(client), data.value(QStringLiteral("id")).toInteger());
    QCOMPARE(listed.value(QStringLiteral("sender_name")).toString(), QStringLiteral("Acme1"));
    QCOMPARE(listed.value(QStringLiteral("status")).toString(), QStringLiteral("pending"));
}

void SenderIdsTest::requestRefusesABadName_data()
{
    QTest::addColumn<QJsonValue>("name"); // undefined: leave the field out
    QTest::newRow("missing") << QJsonValue(QJsonValue::Undefined);
    QTest::newRow("null") << QJsonValue(QJsonValue::Null);
    QTest::newRow("empty") << QJsonValue(QString());
    QTest::newRow("only spaces") << QJsonValue(QStringLiteral("   "));
    QTest::newRow("12 characters") << QJsonValue(QStringLiteral("AcmeWidgets1"));
    QTest::newRow("space inside") << QJsonValue(QStringLiteral("Acme Ltd"));
    QTest::newRow("dash") << QJsonValue(QStringLiteral("Acme-1"));
    QTest::newRow("dot") << QJsonValue(QStringLiteral("Acme.ng"));
    QTest::newRow("non-ASCII letter") << QJsonValue(QStringLiteral("Café"));
    QTest::newRow("all digits") << QJsonValue(QStringLiteral("12345"));
    QTest::newRow("number") << QJsonValue(42);
    QTest::newRow("array") << QJsonValue(QJsonArray{QStringLiteral("Acme")});
}

void SenderIdsTest::requestRefusesABadName()
{
    QFETCH(QJsonValue, name);
    static const ApiClient::Account client = m_api->createClient(m_adminToken);
    const qsizetype before = clientList(client).size();
    QJsonObject body;
    if (!name.isUndefined())
        body.insert(QStringLiteral("sender_name"), name);
    const ApiReply reply = m_api->post(QStringLiteral("/api/client/sender-id/request"), body, client.token);
    QCOMPARE(reply.status, 422);
    QVERIFY(reply.isErrorEnvelope());
    QVERIFY2(reply.errors().contains(QStringLiteral("sender_name")), qPrintable(reply.describe()));
    QCOMPARE(clientList(client).size(), before);
}

void SenderIdsTest::requestAcceptsNamesAtTheLimits()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    for (const QString &name : {QStringLiteral("AcmeWidget1"), QStringLiteral("A"), QStringLiteral("1Acme2"), QStringLiteral("OGENE")}) {
        const ApiReply reply = request(client, name);
        QVERIFY2(reply.status == 201, qPrintable(name + QLatin1Char(' ') + reply.describe()));
        QCOMPARE(reply.data().value(QStringLiteral("sender_name")).toString(), name);
    }
    QCOMPARE(clientList(client).size(), 4);
}

void SenderIdsTest::sameNameTwiceIsRefusedInAnyLetterCase()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    QCOMPARE(request(client, QStringLiteral("Twice")).status, 201);
    for (const QString &name : {QStringLiteral("Twice"), QStringLiteral("TWICE"), QStringLiteral("twice")}) {
        const ApiReply reply = request(client, name);
        QCOMPARE(reply.status, 422);
        QVERIFY(reply.isErrorEnvelope());
        QVERIFY2(reply.errors().contains(QStringLiteral("sender_name")), qPrintable(reply.describe()));
    }
    QCOMPARE(clientList(client).size(), 1);
}

void SenderIdsTest::anotherAccountMayRequestTheSameName()
{
    const ApiClient::Account first = m_api->createClient(m_adminToken);
    const ApiClient::Account second = m_api->createClient(m_adminToken);
    QCOMPARE(request(first, QStringLiteral("Shared")).status, 201);
    const ApiReply reply = request(second, QStringLiteral("SHARED"));
    QCOMPARE(reply.status, 201);
    QCOMPARE(reply.data().value(QStringLiteral("sender_name")).toString(), QStringLiteral("SHARED"));
    QCOMPARE(clientList(first).size(), 1);
    QCOMPARE(clientList(second).size(), 1);
}

void SenderIdsTest::clientListShowsAllOfItsOwnWithTheirStatus()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    const qint64 pending = requestId(client, QStringLiteral("Pending1"));
    const qint64 approved = requestId(client, QStringLiteral("Approved1"));
    const qint64 rejected = requestId(client, QStringLiteral("Rejected1"));
    QVERIFY(pending > 0 && approved > 0 && rejected > 0);
    QCOMPARE(m_api->post(QStringLiteral("/api/admin/sender-ids/%1/approve").arg(approved), {}, m_adminToken).status, 200);
    QCOMPARE(m_api->post(QStringLiteral("/api/admin/sender-ids/%1/reject").arg(rejected),
                         {{QStringLiteral("reason"), QStringLiteral("Brand not verified")}}, m_adminToken)
                 .status,
             200);

    const ApiReply reply = m_api->get(QStringLiteral("/api/client/sender-id"), client.token);
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.json.value(QStringLiteral("success")), QJsonValue(true));
    const QJsonObject meta = reply.json.value(QStringLiteral("meta")).toObject();
    QCOMPARE(meta.value(QStringLiteral("total")).toInteger(), 3);
    QCOMPARE(meta.value(QStringLiteral("current_page")).toInteger(), 1);
    QCOMPARE(meta.value(QStringLiteral("last_page")).toInteger(), 1);
    const QJsonArray list = reply.list();
    QCOMPARE(list.size(), 3);
    for (const QJsonValue &entry : list) {
        for (const QString &field : {QStringLiteral("id"), QStringLiteral("sender_name"), QStringLiteral("status"),
                                    QStringLiteral("rejection_reason"), QStringLiteral("approved_at"), QStringLiteral("created_at")})
            QVERIFY2(entry.toObject().contains(field), qPrintable(field));
    }

    const QJsonObject p = findById(list, pending);
    QCOMPARE(p.value(QStringLiteral("status")).toString(), QStringLiteral("pending"));
    QVERIFY(p.value(QStringLiteral("approved_at")).isNull());
    QVERIFY(p.value(QStringLiteral("rejection_reason")).isNull());
    const QJsonObject a = findById(list, approved);
    QCOMPARE(a.value(QStringLiteral("status")).toString(), QStringLiteral("approved"));
    QVERIFY(QDateTime::fromString(a.value(QStringLiteral("approved_at")).toString(), Qt::ISODateWithMs).isValid());
    const QJsonObject r = findById(list, rejected);
    QCOMPARE(r.value(QStringLiteral("status")).toString(), QStringLiteral("rejected"));
    QCOMPARE(r.value(QStringLiteral("rejection_reason")).toString(), QStringLiteral("Brand not verified"));
    QVERIFY(r.value(QStringLiteral("approved_at")).isNull());

    // Paginated like every list.
    const ApiReply paged = m_api->get(QStringLiteral("/api/client/sender-id?per_page=2&page=2"), client.token);
    QCOMPARE(paged.status, 200);
    QCOMPARE(paged.list().size(), 1);
    QCOMPARE(paged.json.value(QStringLiteral("meta")).toObject().value(QStringLiteral("last_page")).toInteger(), 2);
}

void SenderIdsTest::approvedListShowsOnlyApprovedOnes()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    QVERIFY(requestId(client, QStringLiteral("Waiting")) > 0);
    const qint64 approved = m_api->approvedSender(m_adminToken, client, QStringLiteral("Approved"));
    QVERIFY(approved > 0);
    const qint64 rejected = requestId(client, QStringLiteral("Refused"));
    QCOMPARE(m_api->post(QStringLiteral("/api/admin/sender-ids/%1/reject").arg(rejected), {{QStringLiteral("reason"), QStringLiteral("no")}},
                         m_adminToken)
                 .status,
             200);

    const ApiReply reply = m_api->get(QStringLiteral("/api/client/sender-id/approved"), client.token);
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.list().size(), 1);
    QCOMPARE(reply.json.value(QStringLiteral("meta")).toObject().value(QStringLiteral("total")).toInteger(), 1);
    const QJsonObject only = reply.list().at(0).toObject();
    QCOMPARE(only.value(QStringLiteral("id")).toInteger(), approved);
    QCOMPARE(only.value(QStringLiteral("sender_name")).toString(), QStringLiteral("Approved"));
    QCOMPARE(only.value(QStringLiteral("status")).toString(), QStringLiteral("approved"));
}

void SenderIdsTest::anotherAccountsSenderIdsNeverAppear()
{
    const ApiClient::Account mine = m_api->createClient(m_adminToken);
    const ApiClient::Account theirs = m_api->createClient(m_adminToken);
    const qint64 myId = requestId(mine, QStringLiteral("Mine"));
    QVERIFY(myId > 0);
    QVERIFY(m_api->approvedSender(m_adminToken, theirs, QStringLiteral("Theirs")) > 0);
    QVERIFY(requestId(theirs, QStringLiteral("Theirs2")) > 0);

    const QJsonArray all = clientList(mine);
    QCOMPARE(all.size(), 1);
    QCOMPARE(all.at(0).toObject().value(QStringLiteral("id")).toInteger(), myId);
    QVERIFY(clientList(mine, QStringLiteral("/approved")).isEmpty());
    QCOMPARE(clientList(theirs).size(), 2);
    QCOMPARE(clientList(theirs, QStringLiteral("/approved")).size(), 1);

    // Nor can it be used to send.
    QCOMPARE(m_api->credit(m_adminToken, mine.id, QStringLiteral("10.00")), 200);
    const ApiReply reply = send(mine, QStringLiteral("Theirs"));
    QCOMPARE(reply.status, 422);
    QVERIFY(reply.errors().contains(QStringLiteral("sender_id")));
}

void SenderIdsTest::adminQueueListsPendingOldestFirstAcrossAccounts()
{
    const ApiClient::Account first = m_api->createClient(m_adminToken);
    const ApiClient::Account second = m_api->createClient(m_adminToken);
    const qint64 a = requestId(first, QStringLiteral("QueueA"));
    const qint64 b = requestId(second, QStringLiteral("QueueB"));
    const qint64 c = requestId(first, QStringLiteral("QueueC"));
    const qint64 decided = m_api->approvedSender(m_adminToken, second, QStringLiteral("QueueD"));
    QVERIFY(a > 0 && b > 0 && c > 0 && decided > 0);

    const ApiReply reply = m_api->get(QStringLiteral("/api/admin/sender-ids?status=pending&per_page=100"), m_adminToken);
    QCOMPARE(reply.status, 200);
    const QJsonArray queue = reply.list();
    QVERIFY2(reply.json.value(QStringLiteral("meta")).toObject().value(QStringLiteral("total")).toInteger() == queue.size(),
             "the queue must fit one page for this test");
    QList<qint64> ids;
    for (const QJsonValue &entry : queue) {
        QCOMPARE(entry.toObject().value(QStringLiteral("status")).toString(), QStringLiteral("pending"));
        ids.append(entry.toObject().value(QStringLiteral("id")).toInteger());
    }
    QVERIFY(std::is_sorted(ids.cbegin(), ids.cend()));
    QVERIFY(ids.contains(a) && ids.contains(b) && ids.contains(c));
    QVERIFY(!ids.contains(decided));
    QVERIFY(ids.indexOf(a) < ids.indexOf(b) && ids.indexOf(b) < ids.indexOf(c));
    // The admin sees whose request it is.
    QCOMPARE(findById(queue, a).value(QStringLiteral("user_id")).toInteger(), first.id);
    QCOMPARE(findById(queue, b).value(QStringLiteral("user_id")).toInteger(), second.id);

    // Without a status: every account's, every status.
    const ApiReply all = m_api->get(QStringLiteral("/api/admin/sender-ids?per_page=100"), m_adminToken);
    QCOMPARE(all.status, 200);
    QCOMPARE(findById(all.list(), decided).value(QStringLiteral("status")).toString(), QStringLiteral("approved"));
    QVERIFY(!findById(all.list(), a).isEmpty());
    const ApiReply approved = m_api->get(QStringLiteral("/api/admin/sender-ids?status=approved&per_page=100"), m_adminToken);
    QCOMPARE(approved.status, 200);
    QVERIFY(!findById(approved.list(), decided).isEmpty());
    QVERIFY(findById(approved.list(), a).isEmpty());
}

void SenderIdsTest::adminQueueRefusesAnUnknownStatus()
{
    for (const QString &status : {QStringLiteral("bogus"), QStringLiteral("PENDING")}) {
        const ApiReply reply = m_api->get(QStringLiteral("/api/admin/sender-ids?status=") + status, m_adminToken);
        QCOMPARE(reply.status, 422);
        QVERIFY(reply.isErrorEnvelope());
        QVERIFY2(reply.errors().contains(QStringLiteral("status")), qPrintable(reply.describe()));
    }
}

void SenderIdsTest::approveSetsStatusAndApprovedAt()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    const qint64 id = requestId(client, QStringLiteral("ApproveMe"));
    QVERIFY(id > 0);
    const qint64 before = QDateTime::currentMSecsSinceEpoch() - 60000;
    const ApiReply reply = m_api->post(QStringLiteral("/api/admin/sender-ids/%1/approve").arg(id), {}, m_adminToken);
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.json.value(QStringLiteral("success")), QJsonValue(true));
    QCOMPARE(reply.data().value(QStringLiteral("id")).toInteger(), id);
    QCOMPARE(reply.data().value(QStringLiteral("status")).toString(), QStringLiteral("approved"));
    const QDateTime approvedAt = QDateTime::fromString(reply.data().value(QStringLiteral("approved_at")).toString(), Qt::ISODateWithMs);
    QVERIFY2(approvedAt.isValid(), qPrintable(reply.describe()));
    QVERIFY(approvedAt.toMSecsSinceEpoch() > before);

    const QJsonObject listed = findById(clientList(client), id);
    QCOMPARE(listed.value(QStringLiteral("status")).toString(), QStringLiteral("approved"));
    QCOMPARE(listed.value(QStringLiteral("approved_at")).toString(), reply.data().value(QStringLiteral("approved_at")).toString());
    // It has left the queue.
    const ApiReply queue = m_api->get(QStringLiteral("/api/admin/sender-ids?status=pending&per_page=100"), m_adminToken);
    QVERIFY(findById(queue.list(), id).isEmpty());
}

void SenderIdsTest::rejectNeedsAReasonAndShowsItToTheClient()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    const qint64 id = requestId(client, QStringLiteral("RejectMe"));
    QVERIFY(id > 0);
    const QString path = QStringLiteral("/api/admin/sender-ids/%1/reject").arg(id);

    for (const QJsonObject &body : {QJsonObject{}, QJsonObject{{QStringLiteral("reason"), QString()}},
                                    QJsonObject{{QStringLiteral("reason"), QStringLiteral("   ")}},
                                    QJsonObject{{QStringLiteral("reason"), 42}}}) {
        const ApiReply reply = m_api->post(path, body, m_adminToken);
        QCOMPARE(reply.status, 422);
        QVERIFY2(reply.errors().contains(QStringLiteral("reason")), qPrintable(reply.describe()));
    }
    QCOMPARE(findById(clientList(client), id).value(QStringLiteral("status")).toString(), QStringLiteral("pending"));

    const ApiReply reply = m_api->post(path, {{QStringLiteral("reason"), QStringLiteral("Looks like another brand")}}, m_adminToken);
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.data().value(QStringLiteral("status")).toString(), QStringLiteral("rejected"));
    QCOMPARE(reply.data().value(QStringLiteral("rejection_reason")).toString(), QStringLiteral("Looks like another brand"));

    const QJsonObject listed = findById(clientList(client), id);
    QCOMPARE(listed.value(QStringLiteral("status")).toString(), QStringLiteral("rejected"));
    QCOMPARE(listed.value(QStringLiteral("rejection_reason")).toString(), QStringLiteral("Looks like another brand"));
    QVERIFY(listed.value(QStringLiteral("approved_at")).isNull());
    QVERIFY(clientList(client, QStringLiteral("/approved")).isEmpty());
}

void SenderIdsTest::approveOrRejectAnUnknownIdGets404()
{
    ApiReply reply = m_api->post(QStringLiteral("/api/admin/sender-ids/987654321/approve"), {}, m_adminToken);
    QCOMPARE(reply.status, 404);
    QVERIFY(reply.isErrorEnvelope());
    reply = m_api->post(QStringLiteral("/api/admin/sender-ids/987654321/reject"), {{QStringLiteral("reason"), QStringLiteral("no")}},
                        m_adminToken);
    QCOMPARE(reply.status, 404);
    QVERIFY(reply.isErrorEnvelope());
}

void SenderIdsTest::clientGets403OnAdminRoutes()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    const qint64 id = requestId(client, QStringLiteral("SelfServe"));
    QVERIFY(id > 0);

    ApiReply reply = m_api->get(QStringLiteral("/api/admin/sender-ids?status=pending"), client.token);
    QCOMPARE(reply.status, 403);
    QVERIFY(reply.isErrorEnvelope());
    QCOMPARE(m_api->post(QStringLiteral("/api/admin/sender-ids/%1/approve").arg(id), {}, client.token).status, 403);
    QCOMPARE(m_api->post(QStringLiteral("/api/admin/sender-ids/%1/reject").arg(id), {{QStringLiteral("reason"), QStringLiteral("x")}},
                         client.token)
                 .status,
             403);
    QCOMPARE(m_api->get(QStringLiteral("/api/admin/sender-ids")).status, 401);
    QCOMPARE(findById(clientList(client), id).value(QStringLiteral("status")).toString(), QStringLiteral("pending"));
}

void SenderIdsTest::sendingNeedsAnApprovedSenderId()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    QCOMPARE(m_api->credit(m_adminToken, client.id, QStringLiteral("100.00")), 200);
    const qint64 pending = requestId(client, QStringLiteral("Later"));
    const qint64 rejected = requestId(client, QStringLiteral("Never"));
    QVERIFY(pending > 0 && rejected > 0);
    QCOMPARE(m_api->post(QStringLiteral("/api/admin/sender-ids/%1/reject").arg(rejected), {{QStringLiteral("reason"), QStringLiteral("no")}},
                         m_adminToken)
                 .status,
             200);

    for (const QString &sender : {QStringLiteral("Later"), QStringLiteral("Never"), QStringLiteral("Unasked")}) {
        const ApiReply reply = send(client, sender);
        QCOMPARE(reply.status, 422);
        QVERIFY(reply.isErrorEnvelope());
        QVERIFY2(reply.errors().contains(QStringLiteral("sender_id")), qPrintable(reply.describe()));
    }
    // Nothing was charged for the refused sends.
    QCOMPARE(m_api->get(QStringLiteral("/api/client/balance"), client.token).json.value(QStringLiteral("balance")).toDouble(), 100.0);

    QCOMPARE(m_api->post(QStringLiteral("/api/admin/sender-ids/%1/approve").arg(pending), {}, m_adminToken).status, 200);
    ApiReply reply = send(client, QStringLiteral("Later"));
    QCOMPARE(reply.status, 201);
    QVERIFY(reply.data().value(QStringLiteral("message_id")).toInteger() > 0);
    // The name is matched without regard to letter case.
    reply = send(client, QStringLiteral("LATER"));
    QCOMPARE(reply.status, 201);
    QCOMPARE(send(client, QStringLiteral("Never")).status, 422);
}

QTEST_GUILESS_MAIN(SenderIdsTest)
#include "tst_senderids.moc"
