// Ogene's Kannel gateway end to end with a real Kannel (Debian's kannel): Ogene sends through
// smsbox's /cgi-bin/sendsms, bearerbox passes the message over SMPP to the test SMSC (npm's smpp
// package, smsc/smsc.js), and Kannel calls Ogene's /api/webhooks/kannel/dlr with the gateway's
// secret, Ogene's message id, its %d and %A when the receipt comes back.
#include "apiclient.h"
#include "applianceprocess.h"
#include "kannelgateway.h"
#include "testdatabase.h"
#include "testsmsc.h"

#include <QDateTime>
#include <QJsonArray>
#include <QTest>

namespace {

constexpr int SettleTimeoutMs = 30000;
const QString Sender = QStringLiteral("Ogene");

QString destination(int serial, const QString &behaviour)
{
    // Receipt ids in the same base as the submit_sm_resp id: what Kannel matches by default.
    return QStringLiteral("234803%1").arg(serial, 4, 10, QLatin1Char('0')) + behaviour + QStringLiteral("10");
}

} // namespace

class KannelUpstreamTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void messageGoesThroughKannelAndItsDlrDeliversIt();
    void longMessageReachesTheSmscAsParts();
    void carrierReportedFailureIsNotRefunded();
    void smscRejectionBehindKannelIsRefunded();
    void reportThatOvertakesTheSendRecordIsApplied();

private:
    qint64 send(const QString &recipient, const QString &text = QStringLiteral("hello through Kannel"))
    {
        return m_api->sendSms(m_client.token, QLatin1Char('+') + recipient, Sender, text);
    }
    QJsonObject messageOf(qint64 id) { return m_api->message(m_client.token, id); }
    QString statusOf(qint64 id) { return m_api->messageStatus(m_client.token, id); }
    qint64 balance() { return m_api->balance(m_client.token); }

    TestSmsc m_smsc;
    std::unique_ptr<KannelGateway> m_kannel;
    TestDatabase m_database;
    std::unique_ptr<ApplianceProcess> m_appliance;
    std::unique_ptr<ApiClient> m_api;
    QString m_admin;
    ApiClient::Account m_client;
    int m_serial = 0;
};

void KannelUpstreamTest::initTestCase()
{
    QVERIFY2(KannelGateway::installed(), "Kannel is missing: install the kannel package (scripts/install-deps.sh --with-tests)");
    QString why;
    QVERIFY2(m_smsc.start(&why), qPrintable(why));
    m_kannel = std::make_unique<KannelGateway>(
        KannelGateway::Smsc{QStringLiteral("127.0.0.1"), m_smsc.port(), QStringLiteral("ogene"), QStringLiteral("secret")});
    QVERIFY2(m_kannel->start(&why), qPrintable(why));

    const quint16 httpPort = ApplianceProcess::freePort();
    const QJsonObject kannel{{QStringLiteral("name"), QStringLiteral("kannel")},
                             {QStringLiteral("type"), QStringLiteral("kannel")},
                             {QStringLiteral("sendsms_url"), m_kannel->sendsmsUrl()},
                             {QStringLiteral("username"), QLatin1String(KannelGateway::SendSmsUser)},
                             {QStringLiteral("password"), QLatin1String(KannelGateway::SendSmsPassword)},
                             {QStringLiteral("dlr_base_url"), QStringLiteral("http://127.0.0.1:%1").arg(httpPort)},
                             {QStringLiteral("webhook_secret"), QStringLiteral("kannel-dlr-secret")}};
    QVERIFY2(m_database.isValid(), qPrintable(m_database.error()));
    m_appliance = std::make_unique<ApplianceProcess>(m_database.url());
    m_appliance->setEnv(QStringLiteral("OGENE_HTTP_LISTEN"), QStringLiteral("127.0.0.1:%1").arg(httpPort));
    m_appliance->setGateways({kannel});
    QVERIFY2(m_appliance->start(), qPrintable(m_appliance->output()));
    m_api = std::make_unique<ApiClient>(m_appliance->baseUrl());
    m_admin = m_api->adminToken();
    QVERIFY(!m_admin.isEmpty());
    m_client = m_api->readyClient(m_admin, QStringLiteral("1000"), Sender);
    QVERIFY(!m_client.token.isEmpty());
    const ApiReply routes = m_api->put(QStringLiteral("/api/admin/routes"),
                                       {{QStringLiteral("default"), QJsonArray{QStringLiteral("kannel")}}}, m_admin);
    QVERIFY2(routes.status == 200, qPrintable(routes.describe()));
    QTRY_VERIFY_WITH_TIMEOUT(m_smsc.count(QStringLiteral("bound")) >= 1, SettleTimeoutMs);
}

void KannelUpstreamTest::cleanupTestCase()
{
    if (m_kannel)
        m_kannel->stop();
}

void KannelUpstreamTest::messageGoesThroughKannelAndItsDlrDeliversIt()
{
    const QString to = destination(++m_serial, QStringLiteral("0"));
    const qint64 id = send(to);
    QVERIFY(id > 0);
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(id), QStringLiteral("delivered"), SettleTimeoutMs);
    QCOMPARE(m_smsc.submissionsTo(to).size(), 1);
    QCOMPARE(m_smsc.submissionsTo(to).first().value(QStringLiteral("text")).toString(), QStringLiteral("hello through Kannel"));
    QCOMPARE(m_smsc.submissionsTo(to).first().value(QStringLiteral("source")).toString(), Sender);
    QCOMPARE(m_database.scalar(QStringLiteral("SELECT gateway FROM messages WHERE id = ?"), {id}).toString(),
             QStringLiteral("kannel"));
}

void KannelUpstreamTest::longMessageReachesTheSmscAsParts()
{
    const QString to = destination(++m_serial, QStringLiteral("0"));
    const QString text = QString(200, QLatin1Char('k'));
    const qint64 id = send(to, text);
    QVERIFY(id > 0);
    QCOMPARE(messageOf(id).value(QStringLiteral("segments_count")).toInt(), 2);
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(id), QStringLiteral("delivered"), SettleTimeoutMs);
    QCOMPARE(m_smsc.submissionsTo(to).size(), 2);
}

void KannelUpstreamTest::carrierReportedFailureIsNotRefunded()
{
    const QString to = destination(++m_serial, QStringLiteral("4"));
    const qint64 before = balance();
    const qint64 id = send(to);
    QVERIFY(id > 0);
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(id), QStringLiteral("failed"), SettleTimeoutMs);
    QVERIFY2(messageOf(id).value(QStringLiteral("failure_reason")).toString().startsWith(QLatin1String("UNDELIV")),
             qPrintable(messageOf(id).value(QStringLiteral("failure_reason")).toString()));
    QCOMPARE(balance(), before - 400);
}

void KannelUpstreamTest::smscRejectionBehindKannelIsRefunded()
{
    const QString to = destination(++m_serial, QStringLiteral("2"));
    const qint64 before = balance();
    const qint64 id = send(to);
    QVERIFY(id > 0);
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(id), QStringLiteral("failed"), SettleTimeoutMs);
    QTRY_COMPARE_WITH_TIMEOUT(balance(), before, SettleTimeoutMs);
    QCOMPARE(m_database.scalar(
                    QStringLiteral("SELECT COUNT(*) FROM wallet_transactions WHERE reference = ? AND category = 'refund'"),
                    {QStringLiteral("message:%1").arg(id)})
                 .toInt(),
             1);
}

// Kannel can call the dlr-url before Ogene has recorded Kannel's answer to the sendsms: the message
// is still queued and has no gateway id yet. The report finds it by the message id it carries.
void KannelUpstreamTest::reportThatOvertakesTheSendRecordIsApplied()
{
    // Back to the moment between Kannel's acceptance and its record: queued, claimed, no gateway.
    const auto unrecord = [this](qint64 id) {
        return m_database
            .scalar(QStringLiteral("UPDATE messages SET status = 'queued', gateway = NULL, gateway_message_id = NULL, "
                                   "sent_at = NULL, completed_at = NULL, failure_reason = NULL, claimed_until = ? "
                                   "WHERE id = ? RETURNING id"),
                    {QDateTime::currentMSecsSinceEpoch() + 3600 * 1000, id})
            .toLongLong();
    };
    const auto report = [this](qint64 id, int type) {
        return m_api->get(QStringLiteral("/api/webhooks/kannel/dlr?secret=kannel-dlr-secret&msgid=%1&type=%2&reply=").arg(id).arg(type));
    };

    const qint64 delivered = send(destination(++m_serial, QStringLiteral("0")));
    QVERIFY(delivered > 0);
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(delivered), QStringLiteral("delivered"), SettleTimeoutMs);
    QCOMPARE(unrecord(delivered), delivered);
    const ApiReply deliveredReport = report(delivered, 1);
    QVERIFY2(deliveredReport.status == 200, qPrintable(deliveredReport.describe()));
    QCOMPARE(statusOf(delivered), QStringLiteral("delivered"));
    QCOMPARE(m_database.scalar(QStringLiteral("SELECT gateway FROM messages WHERE id = ?"), {delivered}).toString(),
             QStringLiteral("kannel"));

    // A rejection by the SMSC behind Kannel that overtakes the record is refunded, once.
    const qint64 rejected = send(destination(++m_serial, QStringLiteral("0")));
    QVERIFY(rejected > 0);
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(rejected), QStringLiteral("delivered"), SettleTimeoutMs);
    QCOMPARE(unrecord(rejected), rejected);
    const qint64 before = balance();
    const ApiReply rejectedReport = report(rejected, 16);
    QVERIFY2(rejectedReport.status == 200, qPrintable(rejectedReport.describe()));
    QCOMPARE(statusOf(rejected), QStringLiteral("failed"));
    QCOMPARE(balance(), before + 400);
    QCOMPARE(m_database.scalar(QStringLiteral("SELECT COUNT(*) FROM wallet_transactions WHERE reference = ? AND category = 'refund'"),
                               {QStringLiteral("message:%1").arg(rejected)})
                 .toInt(),
             1);

    // An id that is no message of Ogene's still answers 404.
    QCOMPARE(report(999999999, 1).status, 404);
}

QTEST_GUILESS_MAIN(KannelUpstreamTest)
#include "tst_kannelupstream.moc"
