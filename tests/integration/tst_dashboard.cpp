// The operators' dashboard figures: today's messages by status, the last hour's sends per minute,
// wallet totals per currency and the pending sender IDs, with the admin role required.
#include "apiclient.h"
#include "applianceprocess.h"
#include "testdatabase.h"

#include <QDateTime>
#include <QTest>

class DashboardTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void countsTodaysMessagesByStatus();
    void chartsTheLastHourMinuteByMinute();
    void sumsWalletBalancesPerCurrency();
    void countsPendingSenderIdsAndSuspendedAccounts();
    void clientGets403AndNoTokenGets401();

private:
    QJsonObject dashboard();

    TestDatabase m_database;
    std::unique_ptr<ApplianceProcess> m_appliance;
    std::unique_ptr<ApiClient> m_api;
    QString m_adminToken;
    ApiClient::Account m_client;
};

void DashboardTest::initTestCase()
{
    QString why;
    QVERIFY2(startSignedIn(m_database, m_appliance, m_api, m_adminToken, &why), qPrintable(why));
    m_client = m_api->readyClient(m_adminToken, QStringLiteral("100.00"), QStringLiteral("DashCo"));
    QVERIFY(m_client.id > 0);
    for (int i = 0; i < 3; ++i) {
        const ApiReply sent = m_api->post(QStringLiteral("/api/client/sms/send"),
                                          {{QStringLiteral("recipient"), QStringLiteral("+2348031234567")},
                                           {QStringLiteral("sender_id"), QStringLiteral("DashCo")},
                                           {QStringLiteral("message"), QStringLiteral("Dashboard test")}},
                                          m_client.token);
        QCOMPARE(sent.status, 201);
    }
    // A USD client with 2.50 and a client waiting for two sender IDs.
    const ApiClient::Account dollars = m_api->createClient(m_adminToken, QStringLiteral("USD"));
    QCOMPARE(m_api->credit(m_adminToken, dollars.id, QStringLiteral("2.50")), 200);
    for (const char *name : {"WaitOne", "WaitTwo"})
        QCOMPARE(m_api->post(QStringLiteral("/api/client/sender-id/request"), {{QStringLiteral("sender_name"), QLatin1String(name)}},
                             dollars.token)
                     .status,
                 201);
    QCOMPARE(m_api->post(QStringLiteral("/api/admin/users/%1/suspend").arg(dollars.id), {}, m_adminToken).status, 200);
}

QJsonObject DashboardTest::dashboard()
{
    const ApiReply reply = m_api->get(QStringLiteral("/api/admin/dashboard"), m_adminToken);
    return reply.status == 200 ? reply.data() : QJsonObject();
}

void DashboardTest::countsTodaysMessagesByStatus()
{
    const QJsonObject today = dashboard().value(QStringLiteral("messages_today")).toObject();
    QCOMPARE(today.value(QStringLiteral("total")).toInteger(), 3);
    qint64 sum = 0;
    for (const char *status : {"queued", "sent", "delivered", "failed"}) {
        QVERIFY2(today.contains(QLatin1String(status)), status);
        sum += today.value(QLatin1String(status)).toInteger();
    }
    QCOMPARE(sum, 3);
    const QDateTime dayStart = QDateTime::fromString(dashboard().value(QStringLiteral("day_start")).toString(), Qt::ISODate);
    QCOMPARE(dayStart.toUTC().date(), QDateTime::currentDateTimeUtc().date());
    QCOMPARE(dayStart.toUTC().time(), QTime(0, 0));
}

void DashboardTest::chartsTheLastHourMinuteByMinute()
{
    const QJsonArray minutes = dashboard().value(QStringLiteral("sends_per_minute")).toArray();
    QCOMPARE(minutes.size(), 60);
    qint64 sum = 0;
    QDateTime previous;
    for (const QJsonValue &entry : minutes) {
        const QDateTime minute = QDateTime::fromString(entry.toObject().value(QStringLiteral("minute")).toString(), Qt::ISODate);
        QVERIFY(minute.isValid());
        if (previous.isValid())
            QCOMPARE(previous.secsTo(minute), 60);
        previous = minute;
        sum += entry.toObject().value(QStringLiteral("count")).toInteger();
    }
    QCOMPARE(sum, 3);
    QVERIFY(previous.secsTo(QDateTime::currentDateTimeUtc()) < 120);
}

void DashboardTest::sumsWalletBalancesPerCurrency()
{
    QHash<QString, QJsonObject> byCurrency;
    for (const QJsonValue &entry : dashboard().value(QStringLiteral("wallets")).toArray())
        byCurrency.insert(entry.toObject().value(QStringLiteral("currency")).toString(), entry.toObject());
    // 100.00 less three one-segment messages at NGN 4.00.
    QCOMPARE(byCurrency.value(QStringLiteral("NGN")).value(QStringLiteral("balance")).toDouble(), 88.0);
    QCOMPARE(byCurrency.value(QStringLiteral("USD")).value(QStringLiteral("balance")).toDouble(), 2.5);
    QCOMPARE(byCurrency.value(QStringLiteral("USD")).value(QStringLiteral("wallets")).toInteger(), 1);
}

void DashboardTest::countsPendingSenderIdsAndSuspendedAccounts()
{
    const QJsonObject data = dashboard();
    QCOMPARE(data.value(QStringLiteral("pending_sender_ids")).toInteger(), 2);
    QCOMPARE(data.value(QStringLiteral("suspended_accounts")).toInteger(), 1);
}

void DashboardTest::clientGets403AndNoTokenGets401()
{
    const ApiReply forbidden = m_api->get(QStringLiteral("/api/admin/dashboard"), m_client.token);
    QCOMPARE(forbidden.status, 403);
    QVERIFY(forbidden.isErrorEnvelope());
    const ApiReply anonymous = m_api->get(QStringLiteral("/api/admin/dashboard"));
    QCOMPARE(anonymous.status, 401);
    QVERIFY(anonymous.isErrorEnvelope());
}

QTEST_GUILESS_MAIN(DashboardTest)
#include "tst_dashboard.moc"
