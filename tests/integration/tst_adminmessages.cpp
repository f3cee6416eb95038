// The operators' message list: every account's messages, the client list's filters and ?user_id=,
// paged newest first, with the admin role required.
#include "apiclient.h"
#include "applianceprocess.h"
#include "testdatabase.h"

#include <QTest>

class AdminMessagesTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void listsEveryAccountsMessagesNewestFirst();
    void userIdNarrowsToOneAccount();
    void clientFiltersWorkAcrossAccounts();
    void pagesFollowTheListConvention();
    void badFiltersAnswer422WithOneEntryEach();
    void clientGets403AndNoTokenGets401();

private:
    qint64 send(const ApiClient::Account &client, const QString &recipient);
    QList<qint64> ids(const ApiReply &reply);

    TestDatabase m_database;
    std::unique_ptr<ApplianceProcess> m_appliance;
    std::unique_ptr<ApiClient> m_api;
    QString m_adminToken;
    ApiClient::Account m_first;
    ApiClient::Account m_second;
    QList<qint64> m_firstIds;
    QList<qint64> m_secondIds;
};

void AdminMessagesTest::initTestCase()
{
    QString why;
    QVERIFY2(startSignedIn(m_database, m_appliance, m_api, m_adminToken, &why), qPrintable(why));
    m_first = m_api->readyClient(m_adminToken, QStringLiteral("100.00"), QStringLiteral("FirstCo"));
    m_second = m_api->readyClient(m_adminToken, QStringLiteral("100.00"), QStringLiteral("SecondCo"));
    QVERIFY(m_first.id > 0 && m_second.id > 0);
    m_firstIds << send(m_first, QStringLiteral("+2348031111111")) << send(m_first, QStringLiteral("+2348032222222"));
    m_secondIds << send(m_second, QStringLiteral("+2348031111111"));
    QVERIFY(!m_firstIds.contains(0) && !m_secondIds.contains(0));
}

qint64 AdminMessagesTest::send(const ApiClient::Account &client, const QString &recipient)
{
    const ApiReply reply = m_api->post(QStringLiteral("/api/client/sms/send"),
                                       {{QStringLiteral("recipient"), recipient},
                                        {QStringLiteral("sender_id"), client.id == m_first.id ? QStringLiteral("FirstCo") : QStringLiteral("SecondCo")},
                                        {QStringLiteral("message"), QStringLiteral("Hello from the admin list test")}},
                                       client.token);
    return reply.status == 201 ? reply.data().value(QStringLiteral("message_id")).toInteger() : 0;
}

QList<qint64> AdminMessagesTest::ids(const ApiReply &reply)
{
    QList<qint64> found;
    for (const QJsonValue &entry : reply.list())
        found.append(entry.toObject().value(QStringLiteral("id")).toInteger());
    return found;
}

void AdminMessagesTest::listsEveryAccountsMessagesNewestFirst()
{
    const ApiReply reply = m_api->get(QStringLiteral("/api/admin/messages"), m_adminToken);
    QCOMPARE(reply.status, 200);
    QCOMPARE(ids(reply), (QList<qint64>{m_secondIds[0], m_firstIds[1], m_firstIds[0]}));
    const QJsonObject newest = reply.list().first().toObject();
    QCOMPARE(newest.value(QStringLiteral("user_id")).toInteger(), m_second.id);
    QCOMPARE(newest.value(QStringLiteral("sender_id_value")).toString(), QStringLiteral("SecondCo"));
    QCOMPARE(reply.json.value(QStringLiteral("meta")).toObject().value(QStringLiteral("total")).toInteger(), 3);
}

void AdminMessagesTest::userIdNarrowsToOneAccount()
{
    const ApiReply reply = m_api->get(QStringLiteral("/api/admin/messages?user_id=%1").arg(m_first.id), m_adminToken);
    QCOMPARE(reply.status, 200);
    QCOMPARE(ids(reply), (QList<qint64>{m_firstIds[1], m_firstIds[0]}));
}

void AdminMessagesTest::clientFiltersWorkAcrossAccounts()
{
    ApiReply reply = m_api->get(QStringLiteral("/api/admin/messages?recipient=08031111111"), m_adminToken);
    QCOMPARE(reply.status, 200);
    QCOMPARE(ids(reply), (QList<qint64>{m_secondIds[0], m_firstIds[0]}));
    reply = m_api->get(QStringLiteral("/api/admin/messages?sender_id=firstco&recipient=%2B2348032222222"), m_adminToken);
    QCOMPARE(ids(reply), (QList<qint64>{m_firstIds[1]}));
    reply = m_api->get(QStringLiteral("/api/admin/messages?date_to=2000-01-01"), m_adminToken);
    QCOMPARE(reply.status, 200);
    QVERIFY(reply.list().isEmpty());
}

void AdminMessagesTest::pagesFollowTheListConvention()
{
    const ApiReply reply = m_api->get(QStringLiteral("/api/admin/messages?per_page=2&page=2"), m_adminToken);
    QCOMPARE(reply.status, 200);
    QCOMPARE(ids(reply), (QList<qint64>{m_firstIds[0]}));
    const QJsonObject meta = reply.json.value(QStringLiteral("meta")).toObject();
    QCOMPARE(meta.value(QStringLiteral("last_page")).toInteger(), 2);
    QCOMPARE(meta.value(QStringLiteral("current_page")).toInteger(), 2);
}

void AdminMessagesTest::badFiltersAnswer422WithOneEntryEach()
{
    const ApiReply reply =
        m_api->get(QStringLiteral("/api/admin/messages?user_id=abc&status=lost&recipient=12&date_from=yesterday"), m_adminToken);
    QCOMPARE(reply.status, 422);
    QVERIFY(reply.isErrorEnvelope());
    for (const char *field : {"user_id", "status", "recipient", "date_from"})
        QVERIFY2(reply.errors().contains(QLatin1String(field)), field);
    QCOMPARE(m_api->get(QStringLiteral("/api/admin/messages?per_page=101"), m_adminToken).status, 422);
}

void AdminMessagesTest::clientGets403AndNoTokenGets401()
{
    const ApiReply forbidden = m_api->get(QStringLiteral("/api/admin/messages"), m_first.token);
    QCOMPARE(forbidden.status, 403);
    QVERIFY(forbidden.isErrorEnvelope());
    const ApiReply anonymous = m_api->get(QStringLiteral("/api/admin/messages"));
    QCOMPARE(anonymous.status, 401);
    QVERIFY(anonymous.isErrorEnvelope());
}

QTEST_GUILESS_MAIN(AdminMessagesTest)
#include "tst_adminmessages.moc"
