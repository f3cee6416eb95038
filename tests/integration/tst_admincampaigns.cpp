// The operator's campaign routes: every account's campaigns with their owner and filters, and
// cancelling any account's campaign with the same refund the account would get; who may not.
#include "apiclient.h"
#include "applianceprocess.h"
#include "testdatabase.h"

#include <QDateTime>
#include <QTest>

#include <memory>

namespace {

constexpr qint64 PricePerSegment = 400; // NGN 4.00 by default

// A campaign of `count` recipients scheduled an hour ahead: queued, charged, and still cancellable.
QJsonObject scheduledCampaign(int count, const QString &name)
{
    QJsonArray numbers;
    for (int i = 0; i < count; ++i)
        numbers.append(QStringLiteral("+234805%1").arg(i, 7, 10, QLatin1Char('0')));
    return {{QStringLiteral("name"), name},
            {QStringLiteral("sender_id"), QStringLiteral("Ogene")},
            {QStringLiteral("message_text"), QStringLiteral("Doors open at nine")},
            {QStringLiteral("recipient_type"), QStringLiteral("manual")},
            {QStringLiteral("phone_numbers"), numbers},
            {QStringLiteral("scheduled_at"), QDateTime::currentDateTimeUtc().addSecs(3600).toString(Qt::ISODateWithMs)}};
}

} // namespace

class AdminCampaignsTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void listsEveryAccountsCampaignsWithTheirOwner();
    void filtersByStatusAndAccount();
    void badFiltersAre422();
    void cancelRefundsTheAccount();
    void cancellingTwiceOrADraftIs422();
    void unknownCampaignIs404();
    void clientGets403AndNoTokenGets401();

private:
    qint64 create(const ApiClient::Account &client, const QJsonObject &body);
    QList<qint64> listedIds(const QString &query);

    TestDatabase m_database;
    std::unique_ptr<ApplianceProcess> m_appliance;
    std::unique_ptr<ApiClient> m_api;
    QString m_admin;
    ApiClient::Account m_first;
    ApiClient::Account m_second;
    qint64 m_firstCampaign = 0;
    qint64 m_secondCampaign = 0;
};

void AdminCampaignsTest::initTestCase()
{
    QVERIFY2(m_database.isValid(), qPrintable(m_database.error()));
    m_appliance = std::make_unique<ApplianceProcess>(m_database.url());
    QVERIFY2(m_appliance->start(), qPrintable(m_appliance->output()));
    m_api = std::make_unique<ApiClient>(m_appliance->baseUrl());
    m_admin = m_api->adminToken();
    QVERIFY(!m_admin.isEmpty());
    m_first = m_api->readyClient(m_admin, QStringLiteral("100"));
    m_second = m_api->readyClient(m_admin, QStringLiteral("100"));
    m_firstCampaign = create(m_first, scheduledCampaign(3, QStringLiteral("First")));
    m_secondCampaign = create(m_second, scheduledCampaign(2, QStringLiteral("Second")));
    QVERIFY(m_firstCampaign > 0 && m_secondCampaign > 0);
}

qint64 AdminCampaignsTest::create(const ApiClient::Account &client, const QJsonObject &body)
{
    const ApiReply reply = m_api->post(QStringLiteral("/api/client/bulk-sms"), body, client.token);
    if (reply.status != 201)
        qWarning() << reply.describe();
    return reply.data().value(QStringLiteral("id")).toInteger();
}

QList<qint64> AdminCampaignsTest::listedIds(const QString &query)
{
    QList<qint64> ids;
    for (const QJsonValue &entry : m_api->get(QStringLiteral("/api/admin/campaigns") + query, m_admin).list())
        ids.append(entry.toObject().value(QStringLiteral("id")).toInteger());
    return ids;
}

void AdminCampaignsTest::listsEveryAccountsCampaignsWithTheirOwner()
{
    const ApiReply reply = m_api->get(QStringLiteral("/api/admin/campaigns"), m_admin);
    QVERIFY2(reply.status == 200, qPrintable(reply.describe()));
    QVERIFY(reply.list().size() >= 2);
    const QJsonObject newest = reply.list().at(0).toObject();
    QCOMPARE(newest.value(QStringLiteral("id")).toInteger(), m_secondCampaign); // newest first
    QCOMPARE(newest.value(QStringLiteral("user_id")).toInteger(), m_second.id);
    QCOMPARE(newest.value(QStringLiteral("total_recipients")).toInteger(), 2);
    QVERIFY(newest.contains(QStringLiteral("sent")) && newest.contains(QStringLiteral("delivered")) && newest.contains(QStringLiteral("failed")));
    QVERIFY(reply.json.value(QStringLiteral("meta")).toObject().value(QStringLiteral("total")).toInteger() >= 2);
}

void AdminCampaignsTest::filtersByStatusAndAccount()
{
    QCOMPARE(listedIds(QStringLiteral("?user_id=%1").arg(m_first.id)), QList<qint64>{m_firstCampaign});
    QVERIFY(listedIds(QStringLiteral("?status=queued")).contains(m_secondCampaign));
    QVERIFY(listedIds(QStringLiteral("?status=completed")).isEmpty());
    const ApiReply paged = m_api->get(QStringLiteral("/api/admin/campaigns?per_page=1&page=2"), m_admin);
    QCOMPARE(paged.list().size(), 1);
    QCOMPARE(paged.list().at(0).toObject().value(QStringLiteral("id")).toInteger(), m_firstCampaign);
}

void AdminCampaignsTest::badFiltersAre422()
{
    for (const char *query : {"?status=sending", "?user_id=-3", "?user_id=abc", "?per_page=1000"}) {
        const ApiReply reply = m_api->get(QStringLiteral("/api/admin/campaigns") + QLatin1String(query), m_admin);
        QVERIFY2(reply.status == 422, query);
        QVERIFY(reply.isErrorEnvelope());
        QVERIFY(!reply.errors().isEmpty());
    }
}

void AdminCampaignsTest::cancelRefundsTheAccount()
{
    const ApiClient::Account client = m_api->readyClient(m_admin, QStringLiteral("100"));
    const qint64 id = create(client, scheduledCampaign(4, QStringLiteral("To cancel")));
    QVERIFY(id > 0);
    QCOMPARE(m_api->balance(client.token), 10000 - 4 * PricePerSegment);

    const ApiReply reply = m_api->post(QStringLiteral("/api/admin/campaigns/%1/cancel").arg(id), {}, m_admin);
    QVERIFY2(reply.status == 200, qPrintable(reply.describe()));
    QCOMPARE(reply.data().value(QStringLiteral("status")).toString(), QStringLiteral("cancelled"));
    QCOMPARE(reply.data().value(QStringLiteral("user_id")).toInteger(), client.id);
    QCOMPARE(m_api->balance(client.token), 10000);
    // The account sees it cancelled too.
    const ApiReply seen = m_api->get(QStringLiteral("/api/client/bulk-sms/%1").arg(id), client.token);
    QCOMPARE(seen.data().value(QStringLiteral("status")).toString(), QStringLiteral("cancelled"));
}

void AdminCampaignsTest::cancellingTwiceOrADraftIs422()
{
    const ApiClient::Account client = m_api->readyClient(m_admin, QStringLiteral("100"));
    const qint64 id = create(client, scheduledCampaign(1, QStringLiteral("Twice")));
    QCOMPARE(m_api->post(QStringLiteral("/api/admin/campaigns/%1/cancel").arg(id), {}, m_admin).status, 200);
    const ApiReply twice = m_api->post(QStringLiteral("/api/admin/campaigns/%1/cancel").arg(id), {}, m_admin);
    QCOMPARE(twice.status, 422);
    QVERIFY(twice.isErrorEnvelope());
    QVERIFY(twice.errors().contains(QStringLiteral("status")));
    QCOMPARE(m_api->balance(client.token), 10000); // refunded once

    QJsonObject draft = scheduledCampaign(1, QStringLiteral("Draft"));
    draft.insert(QStringLiteral("draft"), true);
    const qint64 draftId = create(client, draft);
    QVERIFY(draftId > 0);
    const ApiReply notRunning = m_api->post(QStringLiteral("/api/admin/campaigns/%1/cancel").arg(draftId), {}, m_admin);
    QCOMPARE(notRunning.status, 422);
    QVERIFY(notRunning.message().contains(QLatin1String("draft")));
}

void AdminCampaignsTest::unknownCampaignIs404()
{
    const ApiReply reply = m_api->post(QStringLiteral("/api/admin/campaigns/999999/cancel"), {}, m_admin);
    QCOMPARE(reply.status, 404);
    QVERIFY(reply.isErrorEnvelope());
}

void AdminCampaignsTest::clientGets403AndNoTokenGets401()
{
    for (const ApiReply &reply : {m_api->get(QStringLiteral("/api/admin/campaigns"), m_first.token),
                                  m_api->post(QStringLiteral("/api/admin/campaigns/%1/cancel").arg(m_firstCampaign), {}, m_first.token)}) {
        QCOMPARE(reply.status, 403);
        QVERIFY(reply.isErrorEnvelope());
    }
    for (const ApiReply &reply : {m_api->get(QStringLiteral("/api/admin/campaigns")),
                                  m_api->post(QStringLiteral("/api/admin/campaigns/%1/cancel").arg(m_firstCampaign), {})}) {
        QCOMPARE(reply.status, 401);
        QVERIFY(reply.isErrorEnvelope());
    }
    // Still queued: neither could touch it.
    QCOMPARE(m_api->get(QStringLiteral("/api/client/bulk-sms/%1").arg(m_firstCampaign), m_first.token).data().value(QStringLiteral("status")).toString(),
             QStringLiteral("queued"));
}

QTEST_GUILESS_MAIN(AdminCampaignsTest)
#include "tst_admincampaigns.moc"
