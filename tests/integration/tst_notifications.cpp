// Client delivery notifications: PUT/GET/DELETE /api/client/webhooks, signed posts of message
// events to a local receiver that fails first and then accepts (so the retry is seen), the
// attempts list, a send's own callback_url, and campaign.completed when a bulk campaign is done.
#include "apiclient.h"
#include "applianceprocess.h"
#include "testdatabase.h"
#include "webhookreceiver.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QMessageAuthenticationCode>
#include <QTest>

namespace {

constexpr int SettleTimeoutMs = 20000;

QJsonObject settings(const QString &url, const QJsonArray &events)
{
    return {{QStringLiteral("url"), url}, {QStringLiteral("events"), events}};
}

QJsonObject sms(const QString &text)
{
    return {{QStringLiteral("recipient"), QStringLiteral("+2348031234567")},
            {QStringLiteral("sender_id"), QStringLiteral("Ogene")},
            {QStringLiteral("message"), text}};
}

} // namespace

class NotificationsTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void putShowsTheSigningSecretOnceAndGetHidesIt();
    void badSettingsAre422_data();
    void badSettingsAre422();
    void withoutAWebhookGetAndDeleteAre404();
    void webhooksNeedACredential();
    void eventsArePostedSignedAndRetriedUntilAccepted();
    void aSendsCallbackUrlTakesItsEvents();
    void badCallbackUrlIs422();
    void deletedWebhookGetsNoNewEvents();
    void callbackUrlWorksWhenNoAccountHasAWebhook();
    void aCompletedCampaignIsNotified();

private:
    QList<WebhookReceiver::Request> requestsTo(const QByteArray &path, const QString &event = {});

    TestDatabase m_database;
    std::unique_ptr<ApplianceProcess> m_appliance;
    std::unique_ptr<ApiClient> m_api;
    QString m_admin;
    ApiClient::Account m_client;
    WebhookReceiver m_receiver;
    QString m_secret;
};

void NotificationsTest::initTestCase()
{
    QVERIFY(m_receiver.listen());
    QVERIFY2(m_database.isValid(), qPrintable(m_database.error()));
    m_appliance = std::make_unique<ApplianceProcess>(m_database.url());
    m_appliance->setEnv(QStringLiteral("OGENE_SIMULATOR_DELIVERY_DELAY_MS"), QStringLiteral("200"));
    m_appliance->setEnv(QStringLiteral("OGENE_WEBHOOK_FIRST_RETRY_SECONDS"), QStringLiteral("1"));
    QVERIFY2(m_appliance->start(), qPrintable(m_appliance->output()));
    m_api = std::make_unique<ApiClient>(m_appliance->baseUrl());
    m_admin = m_api->adminToken();
    QVERIFY(!m_admin.isEmpty());
    m_client = m_api->readyClient(m_admin, QStringLiteral("100"));
    QVERIFY(!m_client.token.isEmpty());
}

QList<WebhookReceiver::Request> NotificationsTest::requestsTo(const QByteArray &path, const QString &event)
{
    QList<WebhookReceiver::Request> matching;
    for (const WebhookReceiver::Request &request : m_receiver.requests()) {
        const QString posted = QJsonDocument::fromJson(request.body).object().value(QStringLiteral("event")).toString();
        if (request.path == path && (event.isEmpty() || posted == event))
            matching.append(request);
    }
    return matching;
}

void NotificationsTest::putShowsTheSigningSecretOnceAndGetHidesIt()
{
    const ApiReply put = m_api->put(QStringLiteral("/api/client/webhooks"),
                                    settings(m_receiver.url(), {QStringLiteral("message.sent"), QStringLiteral("message.delivered")}),
                                    m_client.token);
    QVERIFY2(put.status == 200, qPrintable(put.describe()));
    m_secret = put.data().value(QStringLiteral("signing_secret")).toString();
    QVERIFY2(m_secret.startsWith(QLatin1String("whsec_")) && m_secret.size() == 38, qPrintable(m_secret));
    const ApiReply get = m_api->get(QStringLiteral("/api/client/webhooks"), m_client.token);
    QCOMPARE(get.status, 200);
    QCOMPARE(get.data().value(QStringLiteral("url")).toString(), m_receiver.url());
    QCOMPARE(get.data().value(QStringLiteral("events")).toArray(),
             QJsonArray({QStringLiteral("message.sent"), QStringLiteral("message.delivered")}));
    QVERIFY(!get.data().contains(QStringLiteral("signing_secret")));
    QVERIFY(!get.body.contains(m_secret.toUtf8()));
}

void NotificationsTest::badSettingsAre422_data()
{
    QTest::addColumn<QJsonObject>("body");
    QTest::addColumn<QString>("field");
    const QJsonArray sent{QStringLiteral("message.sent")};
    QTest::newRow("no url") << QJsonObject{{QStringLiteral("events"), sent}} << "url";
    QTest::newRow("ftp url") << settings(QStringLiteral("ftp://example.com/x"), sent) << "url";
    QTest::newRow("no host") << settings(QStringLiteral("http:///x"), sent) << "url";
    QTest::newRow("url too long") << settings(QStringLiteral("https://example.com/") + QString(2100, QLatin1Char('a')), sent) << "url";
    QTest::newRow("no events") << QJsonObject{{QStringLiteral("url"), QStringLiteral("https://example.com/")}} << "events";
    QTest::newRow("empty events") << settings(QStringLiteral("https://example.com/"), {}) << "events";
    QTest::newRow("unknown event") << settings(QStringLiteral("https://example.com/"), {QStringLiteral("message.read")}) << "events";
}

void NotificationsTest::badSettingsAre422()
{
    QFETCH(QJsonObject, body);
    QFETCH(QString, field);
    const ApiReply reply = m_api->put(QStringLiteral("/api/client/webhooks"), body, m_client.token);
    QCOMPARE(reply.status, 422);
    QVERIFY(reply.isErrorEnvelope());
    QVERIFY2(reply.errors().contains(field), qPrintable(reply.describe()));
    // The settings in force stay as they were.
    QCOMPARE(m_api->get(QStringLiteral("/api/client/webhooks"), m_client.token).data().value(QStringLiteral("url")).toString(),
             m_receiver.url());
}

void NotificationsTest::withoutAWebhookGetAndDeleteAre404()
{
    const ApiClient::Account other = m_api->createClient(m_admin);
    const ApiReply get = m_api->get(QStringLiteral("/api/client/webhooks"), other.token);
    QCOMPARE(get.status, 404);
    QVERIFY(get.isErrorEnvelope());
    const ApiReply del = m_api->del(QStringLiteral("/api/client/webhooks"), other.token);
    QCOMPARE(del.status, 404);
    QVERIFY(del.isErrorEnvelope());
    // Another account's attempts are not in this account's list.
    const ApiReply list = m_api->get(QStringLiteral("/api/client/webhooks/deliveries"), other.token);
    QCOMPARE(list.status, 200);
    QCOMPARE(list.list().size(), 0);
}

void NotificationsTest::webhooksNeedACredential()
{
    for (const QString &path : {QStringLiteral("/api/client/webhooks"), QStringLiteral("/api/client/webhooks/deliveries")}) {
        const ApiReply reply = m_api->get(path);
        QCOMPARE(reply.status, 401);
        QVERIFY(reply.isErrorEnvelope());
    }
    const ApiReply put = m_api->put(QStringLiteral("/api/client/webhooks"), settings(m_receiver.url(), {QStringLiteral("message.sent")}));
    QCOMPARE(put.status, 401);
}

void NotificationsTest::eventsArePostedSignedAndRetriedUntilAccepted()
{
    m_receiver.answerWith({500, 200});
    const ApiReply sent = m_api->post(QStringLiteral("/api/client/sms/send"), sms(QStringLiteral("notify me")), m_client.token);
    QCOMPARE(sent.status, 201);
    const qint64 id = qint64(sent.data().value(QStringLiteral("message_id")).toDouble());

    // Both events arrive; the first post is refused with 500 and comes again, unchanged.
    QTRY_VERIFY_WITH_TIMEOUT(!requestsTo("/hook", QStringLiteral("message.sent")).isEmpty(), SettleTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(!requestsTo("/hook", QStringLiteral("message.delivered")).isEmpty(), SettleTimeoutMs);
    QTRY_COMPARE_WITH_TIMEOUT(requestsTo("/hook").size(), 3, SettleTimeoutMs);
    const QList<WebhookReceiver::Request> all = requestsTo("/hook");
    int repeats = 0;
    for (const WebhookReceiver::Request &request : all)
        repeats += request.body == all.first().body ? 1 : 0;
    QCOMPARE(repeats, 2);
    QVERIFY(requestsTo("/hook", QStringLiteral("message.failed")).isEmpty()); // not subscribed

    const WebhookReceiver::Request delivered = requestsTo("/hook", QStringLiteral("message.delivered")).first();
    const QJsonObject payload = QJsonDocument::fromJson(delivered.body).object();
    QCOMPARE(qint64(payload.value(QStringLiteral("data")).toObject().value(QStringLiteral("message_id")).toDouble()), id);
    QCOMPARE(payload.value(QStringLiteral("data")).toObject().value(QStringLiteral("recipient")).toString(), QStringLiteral("+2348031234567"));
    QCOMPARE(payload.value(QStringLiteral("data")).toObject().value(QStringLiteral("status")).toString(), QStringLiteral("delivered"));
    QVERIFY(!payload.value(QStringLiteral("created_at")).toString().isEmpty());
    QCOMPARE(delivered.headers.value("content-type"), QByteArray("application/json"));

    // The signature as a client checks it: HMAC-SHA256 of "<t>.<body>" with the signing secret.
    const QByteArray signature = delivered.headers.value("x-ogene-signature");
    const QList<QByteArray> parts = signature.split(',');
    QCOMPARE(parts.size(), 2);
    QVERIFY(parts.at(0).startsWith("t=") && parts.at(1).startsWith("v1="));
    const QByteArray t = parts.at(0).mid(2);
    QVERIFY(qAbs(t.toLongLong() - QDateTime::currentSecsSinceEpoch()) < 60);
    const QByteArray expected = QMessageAuthenticationCode::hash(t + '.' + delivered.body, m_secret.toUtf8(), QCryptographicHash::Sha256).toHex();
    QCOMPARE(parts.at(1).mid(3), expected);

    // The attempts list shows the refusal and the successes with their status codes.
    QTRY_VERIFY_WITH_TIMEOUT(m_api->get(QStringLiteral("/api/client/webhooks/deliveries"), m_client.token).list().size() >= 3,
                             SettleTimeoutMs);
    const ApiReply list = m_api->get(QStringLiteral("/api/client/webhooks/deliveries"), m_client.token);
    QCOMPARE(list.status, 200);
    QList<int> codes;
    for (const QJsonValue &attempt : list.list()) {
        QCOMPARE(attempt.toObject().value(QStringLiteral("url")).toString(), m_receiver.url());
        codes.append(attempt.toObject().value(QStringLiteral("status_code")).toInt());
    }
    QVERIFY2(codes.contains(500) && codes.count(200) >= 2, qPrintable(QString::fromUtf8(list.body)));
    QVERIFY(list.json.value(QStringLiteral("meta")).toObject().value(QStringLiteral("total")).toInt() >= 3);
}

void NotificationsTest::aSendsCallbackUrlTakesItsEvents()
{
    ApiClient::Account other = m_api->readyClient(m_admin, QStringLiteral("100"), QStringLiteral("Other"));
    QJsonObject body = sms(QStringLiteral("call me back"));
    body.insert(QStringLiteral("sender_id"), QStringLiteral("Other"));
    body.insert(QStringLiteral("callback_url"), m_receiver.url(QStringLiteral("/own")));
    const ApiReply sent = m_api->post(QStringLiteral("/api/client/sms/send"), body, other.token);
    QVERIFY2(sent.status == 201, qPrintable(sent.describe()));
    QTRY_VERIFY_WITH_TIMEOUT(!requestsTo("/own", QStringLiteral("message.delivered")).isEmpty(), SettleTimeoutMs);
    QVERIFY(!requestsTo("/own", QStringLiteral("message.sent")).isEmpty());
    // That account has no webhook, so no secret: the post is not signed.
    QVERIFY(!requestsTo("/own").first().headers.contains("x-ogene-signature"));
}

void NotificationsTest::badCallbackUrlIs422()
{
    QJsonObject body = sms(QStringLiteral("bad"));
    body.insert(QStringLiteral("callback_url"), QStringLiteral("javascript:alert(1)"));
    const ApiReply reply = m_api->post(QStringLiteral("/api/client/sms/send"), body, m_client.token);
    QCOMPARE(reply.status, 422);
    QVERIFY(reply.isErrorEnvelope());
    QVERIFY(reply.errors().contains(QStringLiteral("callback_url")));
}

void NotificationsTest::deletedWebhookGetsNoNewEvents()
{
    const ApiReply del = m_api->del(QStringLiteral("/api/client/webhooks"), m_client.token);
    QCOMPARE(del.status, 200);
    QCOMPARE(m_api->get(QStringLiteral("/api/client/webhooks"), m_client.token).status, 404);
    QTest::qWait(1500); // whatever was queued before has gone out
    const qsizetype before = requestsTo("/hook").size();
    const ApiReply sent = m_api->post(QStringLiteral("/api/client/sms/send"), sms(QStringLiteral("quiet")), m_client.token);
    QCOMPARE(sent.status, 201);
    const qint64 id = qint64(sent.data().value(QStringLiteral("message_id")).toDouble());
    QTRY_COMPARE_WITH_TIMEOUT(m_api->get(QStringLiteral("/api/client/sms/status/%1").arg(id), m_client.token)
                                  .data()
                                  .value(QStringLiteral("status"))
                                  .toString(),
                              QStringLiteral("delivered"), SettleTimeoutMs);
    QTest::qWait(1000);
    QCOMPARE(requestsTo("/hook").size(), before);
}

// With no webhook anywhere, status changes look only among messages that carry a callback_url.
void NotificationsTest::callbackUrlWorksWhenNoAccountHasAWebhook()
{
    QCOMPARE(m_database.scalar(QStringLiteral("SELECT COUNT(*) FROM client_webhooks")).toInt(), 0);
    QJsonObject body = sms(QStringLiteral("only mine"));
    body.insert(QStringLiteral("callback_url"), m_receiver.url(QStringLiteral("/lonely")));
    const ApiReply sent = m_api->post(QStringLiteral("/api/client/sms/send"), body, m_client.token);
    QVERIFY2(sent.status == 201, qPrintable(sent.describe()));
    QTRY_VERIFY_WITH_TIMEOUT(!requestsTo("/lonely", QStringLiteral("message.delivered")).isEmpty(), SettleTimeoutMs);
    QCOMPARE(requestsTo("/lonely", QStringLiteral("message.sent")).size(), 1);
}

void NotificationsTest::aCompletedCampaignIsNotified()
{
    m_receiver.answerWith({200});
    ApiClient::Account account = m_api->readyClient(m_admin, QStringLiteral("100"), QStringLiteral("Bulk"));
    const ApiReply put = m_api->put(QStringLiteral("/api/client/webhooks"),
                                    settings(m_receiver.url(QStringLiteral("/campaigns")), {QStringLiteral("campaign.completed")}),
                                    account.token);
    QCOMPARE(put.status, 200);
    const QByteArray secret = put.data().value(QStringLiteral("signing_secret")).toString().toUtf8();
    const ApiReply created = m_api->post(QStringLiteral("/api/client/bulk-sms"),
                                         QJsonObject{{QStringLiteral("name"), QStringLiteral("Notified")},
                                                     {QStringLiteral("sender_id"), QStringLiteral("Bulk")},
                                                     {QStringLiteral("message_text"), QStringLiteral("To three")},
                                                     {QStringLiteral("recipient_type"), QStringLiteral("manual")},
                                                     {QStringLiteral("manual_numbers"),
                                                      QStringLiteral("+2348030000001,+2348030000002\n+2348030000003")}},
                                         account.token);
    QVERIFY2(created.status == 201, qPrintable(created.describe()));
    const qint64 campaignId = qint64(created.data().value(QStringLiteral("id")).toDouble());

    QTRY_COMPARE_WITH_TIMEOUT(requestsTo("/campaigns", QStringLiteral("campaign.completed")).size(), 1, SettleTimeoutMs);
    QVERIFY(requestsTo("/campaigns", QStringLiteral("message.sent")).isEmpty()); // only what it subscribed to
    const WebhookReceiver::Request posted = requestsTo("/campaigns", QStringLiteral("campaign.completed")).first();
    const QJsonObject data = QJsonDocument::fromJson(posted.body).object().value(QStringLiteral("data")).toObject();
    QCOMPARE(qint64(data.value(QStringLiteral("id")).toDouble()), campaignId);
    QCOMPARE(data.value(QStringLiteral("status")).toString(), QStringLiteral("completed"));
    QCOMPARE(data.value(QStringLiteral("total_recipients")).toInt(), 3);
    const QList<QByteArray> parts = posted.headers.value("x-ogene-signature").split(',');
    QCOMPARE(parts.size(), 2);
    QCOMPARE(parts.at(1).mid(3), QMessageAuthenticationCode::hash(parts.at(0).mid(2) + '.' + posted.body, secret,
                                                                 QCryptographicHash::Sha256)
                                     .toHex());

    const ApiReply attempts = m_api->get(QStringLiteral("/api/client/webhooks/deliveries"), account.token);
    QCOMPARE(attempts.status, 200);
    QCOMPARE(attempts.list().size(), 1);
    QCOMPARE(qint64(attempts.list().first().toObject().value(QStringLiteral("campaign_id")).toDouble()), campaignId);
    QVERIFY(attempts.list().first().toObject().value(QStringLiteral("message_id")).isNull());
}

QTEST_GUILESS_MAIN(NotificationsTest)
#include "tst_notifications.moc"
