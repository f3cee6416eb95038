// The audit log: every admin route that changes something writes one entry in the same transaction
// as the change (none for a refused or rolled-back change, and no change without its entry);
// admins' sign-ins are recorded; secrets never reach it; GET /api/admin/audit lists it.
#include "apiclient.h"
#include "applianceprocess.h"
#include "testdatabase.h"

#include <QDate>
#include <QDateTime>
#include <QJsonArray>
#include <QFile>
#include <QRegularExpression>
#include <QSqlQuery>
#include <QTest>

#include <functional>
#include <memory>

namespace {

// What one admin call should have recorded.
struct Expected
{
    ApiReply reply;
    QString action;
    QString targetType;
    std::optional<qint64> targetId;
};

// Every operation of resources/openapi.yaml under /api/admin/ that is not a GET: "POST /api/admin/users/{id}/suspend".
QStringList documentedAdminChanges()
{
    QFile file(QStringLiteral(OGENE_SOURCE_DIR "/resources/openapi.yaml"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    static const QRegularExpression pathLine(QStringLiteral("^  (/api/\\S*):\\s*$"));
    static const QRegularExpression methodLine(QStringLiteral("^    (post|put|patch|delete):\\s*$"));
    QStringList operations;
    QString path;
    for (const QString &line : QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'))) {
        if (const auto match = pathLine.match(line); match.hasMatch())
            path = match.captured(1);
        else if (!line.startsWith(QLatin1String("    ")) && !line.trimmed().isEmpty())
            path.clear();
        else if (const auto method = methodLine.match(line); method.hasMatch() && path.startsWith(QLatin1String("/api/admin/")))
            operations.append(method.captured(1).toUpper() + QLatin1Char(' ') + path);
    }
    return operations;
}

QJsonObject scheduledCampaign()
{
    return {{QStringLiteral("name"), QStringLiteral("Audit")},
            {QStringLiteral("sender_id"), QStringLiteral("Ogene")},
            {QStringLiteral("message_text"), QStringLiteral("Doors open at nine")},
            {QStringLiteral("recipient_type"), QStringLiteral("manual")},
            {QStringLiteral("phone_numbers"), QJsonArray{QStringLiteral("+2348051234567"), QStringLiteral("+2348051234568")}},
            {QStringLiteral("scheduled_at"), QDateTime::currentDateTimeUtc().addSecs(3600).toString(Qt::ISODateWithMs)}};
}

} // namespace

class AuditTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void everyDocumentedAdminChangeIsRecorded();
    void refusedAndRolledBackChangesLeaveNoEntry();
    void noChangeWithoutItsEntry();
    void adminSignInIsRecordedClientSignInIsNot();
    void secretsNeverReachTheLog();
    void listFiltersAndPages();
    void badFiltersAre422();
    void clientGets403AndNoTokenGets401();

private:
    qint64 entryCount() { return m_database.scalar(QStringLiteral("SELECT COUNT(*) FROM audit_log")).toLongLong(); }
    QJsonObject newestEntry()
    {
        const QJsonArray newest = m_api->get(QStringLiteral("/api/admin/audit?per_page=1"), m_admin).list();
        return newest.isEmpty() ? QJsonObject() : newest.first().toObject();
    }
    qint64 pendingSenderId(const ApiClient::Account &client, const QString &name);
    qint64 scheduledCampaignOf(const ApiClient::Account &client);

    TestDatabase m_database;
    std::unique_ptr<ApplianceProcess> m_appliance;
    std::unique_ptr<ApiClient> m_api;
    QString m_admin;
    qint64 m_adminId = 0;
    ApiClient::Account m_client;
};

void AuditTest::initTestCase()
{
    QString why;
    QVERIFY2(startSignedIn(m_database, m_appliance, m_api, m_admin, &why), qPrintable(why));
    m_adminId = m_api->get(QStringLiteral("/api/auth/me"), m_admin).data().value(QStringLiteral("id")).toInteger();
    QVERIFY(m_adminId > 0);
    m_client = m_api->readyClient(m_admin, QStringLiteral("100"));
    QVERIFY(m_client.id > 0 && !m_client.token.isEmpty());
}

qint64 AuditTest::pendingSenderId(const ApiClient::Account &client, const QString &name)
{
    return m_api->post(QStringLiteral("/api/client/sender-id/request"), {{QStringLiteral("sender_name"), name}}, client.token)
        .data()
        .value(QStringLiteral("id"))
        .toInteger();
}

qint64 AuditTest::scheduledCampaignOf(const ApiClient::Account &client)
{
    const ApiReply created = m_api->post(QStringLiteral("/api/client/bulk-sms"), scheduledCampaign(), client.token);
    if (created.status != 201)
        qWarning() << created.describe();
    return created.data().value(QStringLiteral("id")).toInteger();
}

void AuditTest::everyDocumentedAdminChangeIsRecorded()
{
    const qint64 user = m_client.id;
    const QString userPath = QStringLiteral("/api/admin/users/%1").arg(user);
    // How to make each admin change succeed. A route documented without a way here fails the test:
    // add it, and the check below proves the new route writes its entry.
    const QHash<QString, std::function<Expected()>> changes = {
        {QStringLiteral("POST /api/admin/users"),
         [&] {
             const ApiReply reply = m_api->post(QStringLiteral("/api/admin/users"),
                                                {{QStringLiteral("name"), QStringLiteral("Audited")},
                                                 {QStringLiteral("email"), QStringLiteral("audited@example.test")},
                                                 {QStringLiteral("password"), QStringLiteral("Audited-pass-1")},
                                                 {QStringLiteral("currency"), QStringLiteral("USD")}},
                                                m_admin);
             return Expected{reply, QStringLiteral("user.create"), QStringLiteral("user"), reply.data().value(QStringLiteral("id")).toInteger()};
         }},
        {QStringLiteral("PUT /api/admin/users/{id}"),
         [&] {
             return Expected{m_api->put(userPath, {{QStringLiteral("name"), QStringLiteral("Renamed")}}, m_admin),
                             QStringLiteral("user.update"), QStringLiteral("user"), user};
         }},
        {QStringLiteral("POST /api/admin/users/{id}/suspend"),
         [&] { return Expected{m_api->post(userPath + QStringLiteral("/suspend"), {}, m_admin), QStringLiteral("user.suspend"), QStringLiteral("user"), user}; }},
        {QStringLiteral("POST /api/admin/users/{id}/reactivate"),
         [&] {
             return Expected{m_api->post(userPath + QStringLiteral("/reactivate"), {}, m_admin), QStringLiteral("user.reactivate"),
                             QStringLiteral("user"), user};
         }},
        {QStringLiteral("POST /api/admin/users/{id}/wallet/credit"),
         [&] {
             return Expected{m_api->post(userPath + QStringLiteral("/wallet/credit"), {{QStringLiteral("amount"), QStringLiteral("12.50")}}, m_admin),
                             QStringLiteral("wallet.credit"), QStringLiteral("user"), user};
         }},
        {QStringLiteral("POST /api/admin/users/{id}/smpp-access"),
         [&] {
             return Expected{m_api->post(userPath + QStringLiteral("/smpp-access"), {{QStringLiteral("approved"), true}}, m_admin),
                             QStringLiteral("user.smpp_access"), QStringLiteral("user"), user};
         }},
        {QStringLiteral("POST /api/admin/sender-ids/{id}/approve"),
         [&] {
             const qint64 id = pendingSenderId(m_client, QStringLiteral("Approve"));
             return Expected{m_api->post(QStringLiteral("/api/admin/sender-ids/%1/approve").arg(id), {}, m_admin),
                             QStringLiteral("sender_id.approve"), QStringLiteral("sender_id"), id};
         }},
        {QStringLiteral("POST /api/admin/sender-ids/{id}/reject"),
         [&] {
             const qint64 id = pendingSenderId(m_client, QStringLiteral("Reject"));
             return Expected{m_api->post(QStringLiteral("/api/admin/sender-ids/%1/reject").arg(id),
                                         {{QStringLiteral("reason"), QStringLiteral("Not your brand")}}, m_admin),
                             QStringLiteral("sender_id.reject"), QStringLiteral("sender_id"), id};
         }},
        {QStringLiteral("PUT /api/admin/routes"),
         [&] {
             return Expected{m_api->put(QStringLiteral("/api/admin/routes"),
                                        {{QStringLiteral("default"), QJsonArray{QStringLiteral("simulator")}}, {QStringLiteral("routes"), QJsonArray{}}},
                                        m_admin),
                             QStringLiteral("route.update"), QStringLiteral("route"), std::nullopt};
         }},
        {QStringLiteral("PUT /api/admin/pricing"),
         [&] {
             return Expected{m_api->put(QStringLiteral("/api/admin/pricing"),
                                        {{QStringLiteral("defaults"), QJsonObject{{QStringLiteral("NGN"), QStringLiteral("4.00")}}}}, m_admin),
                             QStringLiteral("pricing.update"), QStringLiteral("pricing"), std::nullopt};
         }},
        {QStringLiteral("POST /api/admin/campaigns/{id}/cancel"),
         [&] {
             const qint64 id = scheduledCampaignOf(m_client);
             return Expected{m_api->post(QStringLiteral("/api/admin/campaigns/%1/cancel").arg(id), {}, m_admin),
                             QStringLiteral("campaign.cancel"), QStringLiteral("campaign"), id};
         }},
    };

    const QStringList documented = documentedAdminChanges();
    QVERIFY(documented.size() >= changes.size());
    for (const QString &operation : documented) {
        QVERIFY2(changes.contains(operation),
                 qPrintable(QStringLiteral("%1 is an admin change with no case in this test: add one").arg(operation)));
        const qint64 before = entryCount();
        const Expected expected = changes.value(operation)(); // any setup in it is the client's, never audited
        QVERIFY2(expected.reply.status >= 200 && expected.reply.status < 300, qPrintable(operation + QLatin1Char(' ') + expected.reply.describe()));
        QVERIFY2(entryCount() == before + 1, qPrintable(operation + QStringLiteral(": not exactly one entry")));
        const QJsonObject entry = newestEntry();
        QVERIFY2(entry.value(QStringLiteral("action")).toString() == expected.action,
                 qPrintable(operation + QStringLiteral(" recorded ") + entry.value(QStringLiteral("action")).toString()));
        QCOMPARE(entry.value(QStringLiteral("target_type")).toString(), expected.targetType);
        if (expected.targetId)
            QCOMPARE(entry.value(QStringLiteral("target_id")).toInteger(), *expected.targetId);
        else
            QVERIFY(entry.value(QStringLiteral("target_id")).isNull());
        const QJsonObject actor = entry.value(QStringLiteral("actor")).toObject();
        QCOMPARE(actor.value(QStringLiteral("id")).toInteger(), m_adminId);
        QCOMPARE(actor.value(QStringLiteral("email")).toString(), QString::fromLatin1(ApplianceProcess::AdminEmail));
        QCOMPARE(entry.value(QStringLiteral("client_address")).toString(), QStringLiteral("127.0.0.1"));
        QVERIFY(!entry.value(QStringLiteral("created_at")).toString().isEmpty());
    }

    // The details say what was asked: the credit's amount, the rejection's reason.
    const QJsonObject credit =
        m_api->get(QStringLiteral("/api/admin/audit?action=wallet.credit"), m_admin).list().at(0).toObject();
    QCOMPARE(credit.value(QStringLiteral("details")).toObject().value(QStringLiteral("amount")).toString(), QStringLiteral("12.50"));
    const QJsonObject reject =
        m_api->get(QStringLiteral("/api/admin/audit?action=sender_id.reject"), m_admin).list().at(0).toObject();
    QCOMPARE(reject.value(QStringLiteral("details")).toObject().value(QStringLiteral("reason")).toString(), QStringLiteral("Not your brand"));
}

void AuditTest::refusedAndRolledBackChangesLeaveNoEntry()
{
    const qint64 before = entryCount();
    // Refused before any work: validation, unknown ids, the admin's own suspension.
    QCOMPARE(m_api->post(QStringLiteral("/api/admin/users/%1/wallet/credit").arg(m_client.id), {{QStringLiteral("amount"), QStringLiteral("-5")}}, m_admin).status, 422);
    QCOMPARE(m_api->post(QStringLiteral("/api/admin/users/999999/suspend"), {}, m_admin).status, 404);
    QCOMPARE(m_api->post(QStringLiteral("/api/admin/users/%1/suspend").arg(m_adminId), {}, m_admin).status, 422);
    QCOMPARE(m_api->post(QStringLiteral("/api/admin/sender-ids/999999/approve"), {}, m_admin).status, 404);
    // Refused inside the transaction, after work began: cancelling a campaign twice.
    const qint64 campaign = scheduledCampaignOf(m_client);
    QVERIFY(campaign > 0);
    QCOMPARE(m_api->post(QStringLiteral("/api/admin/campaigns/%1/cancel").arg(campaign), {}, m_admin).status, 200);
    const qint64 afterCancel = entryCount();
    QCOMPARE(afterCancel, before + 1);
    const ApiReply again = m_api->post(QStringLiteral("/api/admin/campaigns/%1/cancel").arg(campaign), {}, m_admin);
    QCOMPARE(again.status, 422);
    QVERIFY(again.isErrorEnvelope());
    // A duplicate email fails on the database's unique index, inside the work.
    const ApiReply duplicate = m_api->post(QStringLiteral("/api/admin/users"),
                                           {{QStringLiteral("name"), QStringLiteral("Twice")},
                                            {QStringLiteral("email"), m_client.email},
                                            {QStringLiteral("password"), QStringLiteral("Twice-pass-1")},
                                            {QStringLiteral("currency"), QStringLiteral("NGN")}},
                                           m_admin);
    QVERIFY2(duplicate.status == 422, qPrintable(duplicate.describe()));
    QCOMPARE(entryCount(), afterCancel);
}

void AuditTest::noChangeWithoutItsEntry()
{
    // With the audit table out of reach the entry cannot be written, so the change must not be either.
    QSqlQuery rename(m_database.connection());
    QVERIFY2(rename.exec(QStringLiteral("ALTER TABLE audit_log RENAME TO audit_log_away")), qPrintable(rename.lastQuery()));
    const ApiReply suspend = m_api->post(QStringLiteral("/api/admin/users/%1/suspend").arg(m_client.id), {}, m_admin);
    const ApiReply credit = m_api->post(QStringLiteral("/api/admin/users/%1/wallet/credit").arg(m_client.id),
                                        {{QStringLiteral("amount"), QStringLiteral("1.00")}}, m_admin);
    QSqlQuery restore(m_database.connection());
    QVERIFY(restore.exec(QStringLiteral("ALTER TABLE audit_log_away RENAME TO audit_log")));
    QCOMPARE(suspend.status, 500);
    QVERIFY(suspend.isErrorEnvelope());
    QCOMPARE(credit.status, 500);
    QCOMPARE(m_database.scalar(QStringLiteral("SELECT status FROM users WHERE id = ?"), {m_client.id}).toString(), QStringLiteral("active"));
    QCOMPARE(m_database.scalar(QStringLiteral("SELECT COUNT(*) FROM wallet_transactions WHERE user_id = ? AND amount = 100"), {m_client.id}).toLongLong(), 0);
    // And once it is back, the same change goes through with its entry.
    QCOMPARE(m_api->post(QStringLiteral("/api/admin/users/%1/suspend").arg(m_client.id), {}, m_admin).status, 200);
    QCOMPARE(newestEntry().value(QStringLiteral("action")).toString(), QStringLiteral("user.suspend"));
    QCOMPARE(m_api->post(QStringLiteral("/api/admin/users/%1/reactivate").arg(m_client.id), {}, m_admin).status, 200);
}

void AuditTest::adminSignInIsRecordedClientSignInIsNot()
{
    const qint64 before = entryCount();
    QVERIFY(!m_api->login(m_client.email, m_client.password).isEmpty());
    QCOMPARE(entryCount(), before);
    QVERIFY(m_api->login(QString::fromLatin1(ApplianceProcess::AdminEmail), QStringLiteral("wrong-password")).isEmpty());
    QCOMPARE(entryCount(), before);
    QVERIFY(!m_api->adminToken().isEmpty());
    QCOMPARE(entryCount(), before + 1);
    const QJsonObject entry = newestEntry();
    QCOMPARE(entry.value(QStringLiteral("action")).toString(), QStringLiteral("auth.sign_in"));
    QCOMPARE(entry.value(QStringLiteral("target_id")).toInteger(), m_adminId);
    QCOMPARE(entry.value(QStringLiteral("actor")).toObject().value(QStringLiteral("id")).toInteger(), m_adminId);
}

void AuditTest::secretsNeverReachTheLog()
{
    const QString password = QStringLiteral("Fresh-secret-4242");
    QCOMPARE(m_api->put(QStringLiteral("/api/admin/users/%1").arg(m_client.id), {{QStringLiteral("password"), password}}, m_admin).status, 200);
    const QJsonObject details = newestEntry().value(QStringLiteral("details")).toObject();
    QCOMPARE(details.value(QStringLiteral("password")).toString(), QStringLiteral("[redacted]"));
    // Nowhere in the table: not this password, not the ones accounts were created with, no token.
    QSqlQuery rows(m_database.connection());
    QVERIFY(rows.exec(QStringLiteral("SELECT details, actor_email, action FROM audit_log")));
    int seen = 0;
    while (rows.next()) {
        const QString text = rows.value(0).toString() + rows.value(1).toString() + rows.value(2).toString();
        QVERIFY2(!text.contains(password) && !text.contains(m_client.password) && !text.contains(QLatin1String("Audited-pass-1"))
                     && !text.contains(QLatin1String(ApplianceProcess::AdminPassword)) && !text.contains(m_admin),
                 qPrintable(text));
        ++seen;
    }
    QVERIFY(seen > 10);
}

void AuditTest::listFiltersAndPages()
{
    const ApiReply all = m_api->get(QStringLiteral("/api/admin/audit?per_page=2"), m_admin);
    QCOMPARE(all.status, 200);
    QCOMPARE(all.list().size(), 2);
    const QJsonObject meta = all.json.value(QStringLiteral("meta")).toObject();
    QCOMPARE(meta.value(QStringLiteral("per_page")).toInteger(), 2);
    QCOMPARE(meta.value(QStringLiteral("total")).toInteger(), entryCount());
    QCOMPARE(meta.value(QStringLiteral("last_page")).toInteger(), (entryCount() + 1) / 2);
    // Newest first, and page 2 goes on where page 1 stopped.
    const qint64 first = all.list().at(0).toObject().value(QStringLiteral("id")).toInteger();
    const qint64 second = all.list().at(1).toObject().value(QStringLiteral("id")).toInteger();
    QVERIFY(first > second);
    const ApiReply next = m_api->get(QStringLiteral("/api/admin/audit?per_page=2&page=2"), m_admin);
    QVERIFY(next.list().first().toObject().value(QStringLiteral("id")).toInteger() < second);

    const auto total = [&](const QString &query) {
        const ApiReply reply = m_api->get(QStringLiteral("/api/admin/audit?") + query, m_admin);
        if (reply.status != 200)
            qWarning() << reply.describe();
        return reply.json.value(QStringLiteral("meta")).toObject().value(QStringLiteral("total")).toInteger(-1);
    };
    QCOMPARE(total(QStringLiteral("actor_id=%1").arg(m_adminId)), entryCount());
    QCOMPARE(total(QStringLiteral("actor_id=%1").arg(m_client.id)), 0);
    QCOMPARE(total(QStringLiteral("action=user.suspend")),
             m_database.scalar(QStringLiteral("SELECT COUNT(*) FROM audit_log WHERE action = 'user.suspend'")).toLongLong());
    QCOMPARE(total(QStringLiteral("target_type=user&target_id=%1").arg(m_client.id)),
             m_database.scalar(QStringLiteral("SELECT COUNT(*) FROM audit_log WHERE target_type = 'user' AND target_id = ?"), {m_client.id}).toLongLong());
    QCOMPARE(total(QStringLiteral("target_type=campaign")),
             m_database.scalar(QStringLiteral("SELECT COUNT(*) FROM audit_log WHERE target_type = 'campaign'")).toLongLong());
    const QDate today = QDateTime::currentDateTimeUtc().date();
    const QString yesterday = today.addDays(-1).toString(Qt::ISODate);
    const QString tomorrow = today.addDays(1).toString(Qt::ISODate);
    QCOMPARE(total(QStringLiteral("date_from=%1&date_to=%2").arg(yesterday, tomorrow)), entryCount());
    QCOMPARE(total(QStringLiteral("date_from=%1").arg(tomorrow)), 0);
    QCOMPARE(total(QStringLiteral("date_to=2020-01-01T00:00:00Z")), 0);
}

void AuditTest::badFiltersAre422()
{
    for (const QString &query : {QStringLiteral("actor_id=abc"), QStringLiteral("target_id=-3"), QStringLiteral("action=DROP%20TABLE"),
                                 QStringLiteral("target_type=") + QString(65, QLatin1Char('a')), QStringLiteral("date_from=yesterday"),
                                 QStringLiteral("per_page=101"), QStringLiteral("page=0")}) {
        const ApiReply reply = m_api->get(QStringLiteral("/api/admin/audit?") + query, m_admin);
        QVERIFY2(reply.status == 422, qPrintable(query + QLatin1Char(' ') + reply.describe()));
        QVERIFY(reply.isErrorEnvelope());
        QCOMPARE(reply.errors().size(), 1);
    }
    const ApiReply reply = m_api->get(QStringLiteral("/api/admin/audit?actor_id=x&date_to=never"), m_admin);
    QVERIFY(reply.errors().contains(QStringLiteral("actor_id")) && reply.errors().contains(QStringLiteral("date_to")));
}

void AuditTest::clientGets403AndNoTokenGets401()
{
    const ApiReply client = m_api->get(QStringLiteral("/api/admin/audit"), m_client.token);
    QCOMPARE(client.status, 403);
    QVERIFY(client.isErrorEnvelope());
    const ApiReply anonymous = m_api->get(QStringLiteral("/api/admin/audit"));
    QCOMPARE(anonymous.status, 401);
    QVERIFY(anonymous.isErrorEnvelope());
    const ApiReply write = m_api->post(QStringLiteral("/api/admin/audit"), {}, m_admin);
    QCOMPARE(write.status, 405);
    QVERIFY(write.isErrorEnvelope());
}

QTEST_GUILESS_MAIN(AuditTest)
#include "tst_audit.moc"
