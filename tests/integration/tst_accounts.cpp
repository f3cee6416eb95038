// Admin account routes: create, list and search, show, update, suspend and reactivate; field
// validation; the admin role requirement; and what suspension does to a client's keys and tokens.
#include "apiclient.h"
#include "applianceprocess.h"
#include "testdatabase.h"

#include <QAtomicInt>
#include <QJsonDocument>
#include <QSet>
#include <QTest>
#include <QUrl>

#include <tuple>

class AccountsTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void createAnswersTheUserRecordWithoutSecrets();
    void createWithRoleAdminMakesAnAdmin();
    void createAcceptsFieldsAtTheirLimits();
    void createValidatesEachField_data();
    void createValidatesEachField();
    void severalBadFieldsGetOneEntryEach();
    void createRefusesABodyThatIsNotJson();
    void duplicateEmailIsRefusedInAnyLetterCase();
    void listIsPaginated();
    void searchMatchesNameAndEmailIgnoringCase();
    void searchIgnoresCaseBeyondAscii();
    void searchTreatsPercentAndUnderscoreLiterally();
    void searchLongerThan100CharactersGets422();
    void listRefusesBadPagination();
    void showAnswersTheUser();
    void showOfAnUnknownUserGets404();
    void recordsShowTheWalletBalanceAndSmppAccess();
    void updateChangesNameEmailAndRateLimit();
    void updateWithNullRateLimitResetsIt();
    void updatedPasswordReplacesTheOldOne();
    void updateRefusesBadFields_data();
    void updateRefusesBadFields();
    void updateRefusesAnEmailTakenByAnotherUser();
    void updateOfAnUnknownUserGets404();
    void suspendAndReactivateChangeTheStatus();
    void adminCannotSuspendItself();
    void clientGets403OnEveryAdminRoute();
    void adminRoutesNeedABearer();
    void suspendedAccountIsRefusedWithEveryCredential();
    void createdAdminCanUseAdminRoutes();

private:
    struct Created
    {
        qint64 id = 0;
        QString email;
        QString password;
        ApiReply reply;
    };

    static QString unique();
    QJsonObject validUser() const;
    Created createUser(const QString &name, const QString &email = {}, const QString &role = {});
    ApiReply listUsers(const QString &query);
    static QSet<qint64> idsOf(const ApiReply &reply);
    static qint64 meta(const ApiReply &reply, const QString &name);

    TestDatabase m_database;
    std::unique_ptr<ApplianceProcess> m_appliance;
    std::unique_ptr<ApiClient> m_api;
    QString m_adminToken;
    qint64 m_adminId = 0;
    Created m_updateTarget;
};

QString AccountsTest::unique()
{
    static QAtomicInt counter;
    // Ends in a letter so that no tag is a substring of a later one.
    return QStringLiteral("%1n%2z").arg(QDateTime::currentMSecsSinceEpoch()).arg(counter.fetchAndAddRelaxed(1));
}

QJsonObject AccountsTest::validUser() const
{
    return {{QStringLiteral("name"), QStringLiteral("Ada Lovelace")},
            {QStringLiteral("email"), QStringLiteral("ada-%1@example.test").arg(unique())},
            {QStringLiteral("password"), QStringLiteral("Analytical-1843")},
            {QStringLiteral("currency"), QStringLiteral("NGN")}};
}

AccountsTest::Created AccountsTest::createUser(const QString &name, const QString &email, const QString &role)
{
    Created created;
    created.email = email.isEmpty() ? QStringLiteral("user-%1@example.test").arg(unique()) : email;
    created.password = QStringLiteral("Password-%1").arg(unique());
    QJsonObject body{{QStringLiteral("name"), name},
                     {QStringLiteral("email"), created.email},
                     {QStringLiteral("password"), created.password},
                     {QStringLiteral("currency"), QStringLiteral("USD")}};
    if (!role.isEmpty())
        body.insert(QStringLiteral("role"), role);
    created.reply = m_api->post(QStringLiteral("/api/admin/users"), body, m_adminToken);
    if (created.reply.status != 201)
        qWarning("creating a user failed: %s", qPrintable(created.reply.describe()));
    created.id = created.reply.data().value(QStringLiteral("id")).toInteger();
    return created;
}

ApiReply AccountsTest::listUsers(const QString &query)
{
    return m_api->get(QStringLiteral("/api/admin/users?per_page=100&q=")
                          + QString::fromLatin1(QUrl::toPercentEncoding(query)),
                      m_adminToken);
}

QSet<qint64> AccountsTest::idsOf(const ApiReply &reply)
{
    QSet<qint64> ids;
    for (const QJsonValue &item : reply.list())
        ids.insert(item.toObject().value(QStringLiteral("id")).toInteger());
    return ids;
}

qint64 AccountsTest::meta(const ApiReply &reply, const QString &name)
{
    return reply.json.value(QStringLiteral("meta")).toObject().value(name).toInteger(-1);
}

void AccountsTest::initTestCase()
{
    QString why;
    QVERIFY2(startSignedIn(m_database, m_appliance, m_api, m_adminToken, &why), qPrintable(why));
    m_adminId = m_api->get(QStringLiteral("/api/auth/me"), m_adminToken).data().value(QStringLiteral("id")).toInteger();
    QVERIFY(m_adminId > 0);
}

void AccountsTest::createAnswersTheUserRecordWithoutSecrets()
{
    const QDateTime before = QDateTime::currentDateTimeUtc().addSecs(-1);
    const QString email = QStringLiteral("Grace.Hopper-%1@Example.TEST").arg(unique());
    const QString password = QStringLiteral("Cobol-Compiler-1959");
    const ApiReply reply = m_api->post(QStringLiteral("/api/admin/users"),
                                       {{QStringLiteral("name"), QStringLiteral("  Grace Hopper ")},
                                        {QStringLiteral("email"), email},
                                        {QStringLiteral("password"), password},
                                        {QStringLiteral("currency"), QStringLiteral("USD")}},
                                       m_adminToken);
    QCOMPARE(reply.status, 201);
    QCOMPARE(reply.json.value(QStringLiteral("success")).toBool(), true);
    QVERIFY(!reply.message().isEmpty());

    const QJsonObject user = reply.data();
    QStringList keys = user.keys();
    keys.sort();
    QCOMPARE(keys, (QStringList{QStringLiteral("balance"), QStringLiteral("created_at"), QStringLiteral("currency"),
                                QStringLiteral("email"), QStringLiteral("id"), QStringLiteral("name"),
                                QStringLiteral("rate_limit_per_minute"), QStringLiteral("role"), QStringLiteral("smpp_access"),
                                QStringLiteral("smpp_submit_per_second"), QStringLiteral("status"), QStringLiteral("updated_at")}));
    QVERIFY(user.value(QStringLiteral("id")).toInteger() > m_adminId);
    QCOMPARE(user.value(QStringLiteral("name")).toString(), QStringLiteral("Grace Hopper"));
    QCOMPARE(user.value(QStringLiteral("email")).toString(), email.toLower());
    QCOMPARE(user.value(QStringLiteral("role")).toString(), QStringLiteral("client"));
    QCOMPARE(user.value(QStringLiteral("status")).toString(), QStringLiteral("active"));
    QCOMPARE(user.value(QStringLiteral("currency")).toString(), QStringLiteral("USD"));
    QVERIFY(user.value(QStringLiteral("rate_limit_per_minute")).isNull());
    const QDateTime createdAt = QDateTime::fromString(user.value(QStringLiteral("created_at")).toString(), Qt::ISODateWithMs);
    const QDateTime updatedAt = QDateTime::fromString(user.value(QStringLiteral("updated_at")).toString(), Qt::ISODateWithMs);
    QVERIFY(createdAt.isValid() && updatedAt.isValid());
    QVERIFY(createdAt >= before && createdAt <= QDateTime::currentDateTimeUtc().addSecs(1));
    QCOMPARE(updatedAt, createdAt);

    QVERIFY(!reply.body.contains(password.toUtf8()));
    QVERIFY(!reply.body.contains("password"));
    QVERIFY(!reply.body.contains("$scrypt$"));
    QVERIFY(!reply.body.contains("hash"));

    // The new account can sign in with the email in any case.
    QVERIFY(!m_api->login(email, password).isEmpty());
}

void AccountsTest::createWithRoleAdminMakesAnAdmin()
{
    const Created admin = createUser(QStringLiteral("Second Admin"), {}, QStringLiteral("admin"));
    QCOMPARE(admin.reply.status, 201);
    QCOMPARE(admin.reply.data().value(QStringLiteral("role")).toString(), QStringLiteral("admin"));
    const Created client = createUser(QStringLiteral("Explicit Client"), {}, QStringLiteral("client"));
    QCOMPARE(client.reply.status, 201);
    QCOMPARE(client.reply.data().value(QStringLiteral("role")).toString(), QStringLiteral("client"));
}

void AccountsTest::createAcceptsFieldsAtTheirLimits()
{
    QJsonObject body = validUser();
    body.insert(QStringLiteral("name"), QString(255, QLatin1Char('n')));
    body.insert(QStringLiteral("password"), QString(8, QLatin1Char('p')));
    ApiReply reply = m_api->post(QStringLiteral("/api/admin/users"), body, m_adminToken);
    QCOMPARE(reply.status, 201);
    QCOMPARE(reply.data().value(QStringLiteral("name")).toString(), QString(255, QLatin1Char('n')));
    QVERIFY(!m_api->login(body.value(QStringLiteral("email")).toString(), QString(8, QLatin1Char('p'))).isEmpty());

    body = validUser();
    body.insert(QStringLiteral("password"), QString(128, QLatin1Char('P')));
    reply = m_api->post(QStringLiteral("/api/admin/users"), body, m_adminToken);
    QCOMPARE(reply.status, 201);
    QVERIFY(!m_api->login(body.value(QStringLiteral("email")).toString(), QString(128, QLatin1Char('P'))).isEmpty());
}

void AccountsTest::createValidatesEachField_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QJsonValue>("value"); // undefined: leave the field out

    const QJsonValue missing(QJsonValue::Undefined);
    QTest::newRow("name missing") << QStringLiteral("name") << missing;
    QTest::newRow("name null") << QStringLiteral("name") << QJsonValue(QJsonValue::Null);
    QTest::newRow("name empty") << QStringLiteral("name") << QJsonValue(QString());
    QTest::newRow("name blank") << QStringLiteral("name") << QJsonValue(QStringLiteral("   "));
    QTest::newRow("name not a string") << QStringLiteral("name") << QJsonValue(7);
    QTest::newRow("name of 256 characters") << QStringLiteral("name") << QJsonValue(QString(256, QLatin1Char('n')));
    QTest::newRow("email missing") << QStringLiteral("email") << missing;
    QTest::newRow("email empty") << QStringLiteral("email") << QJsonValue(QString());
    QTest::newRow("email without @") << QStringLiteral("email") << QJsonValue(QStringLiteral("not-an-email"));
    QTest::newRow("email without domain dot") << QStringLiteral("email") << QJsonValue(QStringLiteral("ada@localhost"));
    QTest::newRow("email with two @") << QStringLiteral("email") << QJsonValue(QStringLiteral("a@b@example.test"));
    QTest::newRow("email with a space") << QStringLiteral("email") << QJsonValue(QStringLiteral("a da@example.test"));
    QTest::newRow("email not a string") << QStringLiteral("email") << QJsonValue(true);
    QTest::newRow("email too long") << QStringLiteral("email")
                                    << QJsonValue(QString(250, QLatin1Char('a')) + QStringLiteral("@example.test"));
    QTest::newRow("password missing") << QStringLiteral("password") << missing;
    QTest::newRow("password of 7 characters") << QStringLiteral("password") << QJsonValue(QStringLiteral("1234567"));
    QTest::newRow("password of 129 characters") << QStringLiteral("password") << QJsonValue(QString(129, QLatin1Char('p')));
    QTest::newRow("password not a string") << QStringLiteral("password") << QJsonValue(12345678);
    QTest::newRow("currency missing") << QStringLiteral("currency") << missing;
    QTest::newRow("currency EUR") << QStringLiteral("currency") << QJsonValue(QStringLiteral("EUR"));
    QTest::newRow("currency in lower case") << QStringLiteral("currency") << QJsonValue(QStringLiteral("ngn"));
    QTest::newRow("currency empty") << QStringLiteral("currency") << QJsonValue(QString());
    QTest::newRow("currency not a string") << QStringLiteral("currency") << QJsonValue(566);
    QTest::newRow("role superuser") << QStringLiteral("role") << QJsonValue(QStringLiteral("superuser"));
    QTest::newRow("role in upper case") << QStringLiteral("role") << QJsonValue(QStringLiteral("ADMIN"));
    QTest::newRow("role empty") << QStringLiteral("role") << QJsonValue(QString());
    QTest::newRow("role not a string") << QStringLiteral("role") << QJsonValue(1);
}

void AccountsTest::createValidatesEachField()
{
    QFETCH(QString, field);
    QFETCH(QJsonValue, value);
    QJsonObject body = validUser();
    if (value.isUndefined())
        body.remove(field);
    else
        body.insert(field, value);
    const qint64 usersBefore =
        meta(m_api->get(QStringLiteral("/api/admin/users"), m_adminToken), QStringLiteral("total"));

    const ApiReply reply = m_api->post(QStringLiteral("/api/admin/users"), body, m_adminToken);
    QCOMPARE(reply.status, 422);
    QVERIFY2(reply.isErrorEnvelope(), qPrintable(reply.describe()));
    QCOMPARE(reply.errors().keys(), QStringList{field});
    QVERIFY(!reply.errors().value(field).toString().isEmpty());
    QCOMPARE(meta(m_api->get(QStringLiteral("/api/admin/users"), m_adminToken), QStringLiteral("total")),
             usersBefore);
}

void AccountsTest::severalBadFieldsGetOneEntryEach()
{
    ApiReply reply = m_api->post(QStringLiteral("/api/admin/users"),
                                 {{QStringLiteral("name"), QString(300, QLatin1Char('n'))},
                                  {QStringLiteral("email"), QStringLiteral("nope")},
                                  {QStringLiteral("password"), QStringLiteral("short")},
                                  {QStringLiteral("currency"), QStringLiteral("GBP")},
                                  {QStringLiteral("role"), QStringLiteral("root")}},
                                 m_adminToken);
    QCOMPARE(reply.status, 422);
    QVERIFY(reply.isErrorEnvelope());
    QStringList keys = reply.errors().keys();
    keys.sort();
    QCOMPARE(keys, (QStringList{QStringLiteral("currency"), QStringLiteral("email"), QStringLiteral("name"),
                                QStringLiteral("password"), QStringLiteral("role")}));
    for (const QJsonValue &message : reply.errors())
        QVERIFY(message.isString() && !message.toString().isEmpty());

    // An empty object misses every required field.
    reply = m_api->post(QStringLiteral("/api/admin/users"), {}, m_adminToken);
    QCOMPARE(reply.status, 422);
    keys = reply.errors().keys();
    keys.sort();
    QCOMPARE(keys, (QStringList{QStringLiteral("currency"), QStringLiteral("email"), QStringLiteral("name"),
                                QStringLiteral("password")}));
}

void AccountsTest::createRefusesABodyThatIsNotJson()
{
    const ApiReply reply = m_api->send("POST", QStringLiteral("/api/admin/users"), "{\"name\": \"Ada\"", m_adminToken);
    QCOMPARE(reply.status, 400);
    QVERIFY(reply.isErrorEnvelope());
    QVERIFY(reply.errors().contains(QStringLiteral("body")));
}

void AccountsTest::duplicateEmailIsRefusedInAnyLetterCase()
{
    const QString email = QStringLiteral("twin-%1@example.test").arg(unique());
    QCOMPARE(createUser(QStringLiteral("First Twin"), email).reply.status, 201);
    for (const QString &again : {email, email.toUpper(), QStringLiteral("Twin") + email.mid(4)}) {
        QJsonObject body = validUser();
        body.insert(QStringLiteral("email"), again);
        const ApiReply reply = m_api->post(QStringLiteral("/api/admin/users"), body, m_adminToken);
        QCOMPARE(reply.status, 422);
        QVERIFY(reply.isErrorEnvelope());
        QCOMPARE(reply.errors().keys(), QStringList{QStringLiteral("email")});
    }
    QCOMPARE(listUsers(email).list().size(), 1);
}

void AccountsTest::listIsPaginated()
{
    createUser(QStringLiteral("Pager A"));
    createUser(QStringLiteral("Pager B"));
    ApiReply reply = m_api->get(QStringLiteral("/api/admin/users"), m_adminToken);
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.json.value(QStringLiteral("success")).toBool(), true);
    const QJsonObject meta = reply.json.value(QStringLiteral("meta")).toObject();
    const qint64 total = meta.value(QStringLiteral("total")).toInteger();
    QVERIFY(total >= 3);
    QCOMPARE(meta.value(QStringLiteral("current_page")).toInteger(), 1);
    QCOMPARE(meta.value(QStringLiteral("per_page")).toInteger(), 25);
    QCOMPARE(reply.list().size(), qMin<qint64>(total, 25));
    const QJsonObject first = reply.list().first().toObject();
    QCOMPARE(first.value(QStringLiteral("id")).toInteger(), m_adminId);
    QVERIFY(!reply.body.contains("password"));
    QVERIFY(first.contains(QStringLiteral("rate_limit_per_minute")));

    QSet<qint64> seen;
    const qint64 lastPage = (total + 1) / 2;
    for (qint64 page = 1; page <= lastPage; ++page) {
        reply = m_api->get(QStringLiteral("/api/admin/users?per_page=2&page=%1").arg(page), m_adminToken);
        QCOMPARE(reply.status, 200);
        const QJsonObject pageMeta = reply.json.value(QStringLiteral("meta")).toObject();
        QCOMPARE(pageMeta.value(QStringLiteral("current_page")).toInteger(), page);
        QCOMPARE(pageMeta.value(QStringLiteral("per_page")).toInteger(), 2);
        QCOMPARE(pageMeta.value(QStringLiteral("total")).toInteger(), total);
        QCOMPARE(pageMeta.value(QStringLiteral("last_page")).toInteger(), lastPage);
        QCOMPARE(reply.list().size(), page < lastPage || total % 2 == 0 ? 2 : 1);
        seen.unite(idsOf(reply));
    }
    QCOMPARE(seen.size(), total);
}

void AccountsTest::searchMatchesNameAndEmailIgnoringCase()
{
    const QString tag = unique();
    const Created byName = createUser(QStringLiteral("Zephyrine Quill %1").arg(tag));
    const Created byEmail = createUser(QStringLiteral("Plain Name"), QStringLiteral("zephyrine.box-%1@example.test").arg(tag));
    const Created both = createUser(QStringLiteral("ZEPHYRINE %1").arg(tag), QStringLiteral("zephyrine-%1@example.test").arg(tag));
    const Created neither = createUser(QStringLiteral("Someone Else %1").arg(tag));

    const QSet<qint64> expected{byName.id, byEmail.id, both.id};
    for (const QString &query : {QStringLiteral("zephyrine"), QStringLiteral("ZEPHYRINE"), QStringLiteral("ZePhYrInE"),
                                 QStringLiteral("  zephyrine  ")}) {
        const ApiReply reply = listUsers(query);
        QCOMPARE(reply.status, 200);
        QCOMPARE(idsOf(reply), expected);
        QCOMPARE(meta(reply, QStringLiteral("total")), 3);
    }
    // The email part alone, in upper case.
    QCOMPARE(idsOf(listUsers(QStringLiteral("ZEPHYRINE.BOX-") + tag)), QSet<qint64>{byEmail.id});
    // The tag is in three names and two emails: each user counts once.
    QCOMPARE(idsOf(listUsers(tag)), (QSet<qint64>{byName.id, byEmail.id, both.id, neither.id}));
    QVERIFY(listUsers(QStringLiteral("no-such-person-") + tag).list().isEmpty());

    // Paginated like every list.
    const ApiReply page = m_api->get(QStringLiteral("/api/admin/users?q=zephyrine&per_page=2&page=2"), m_adminToken);
    QCOMPARE(page.status, 200);
    QCOMPARE(page.list().size(), 1);
    const QJsonObject meta = page.json.value(QStringLiteral("meta")).toObject();
    QCOMPARE(meta.value(QStringLiteral("total")).toInteger(), 3);
    QCOMPARE(meta.value(QStringLiteral("last_page")).toInteger(), 2);
    QCOMPARE(meta.value(QStringLiteral("current_page")).toInteger(), 2);
}

void AccountsTest::searchIgnoresCaseBeyondAscii()
{
    const Created emile = createUser(QStringLiteral("\u00C9mile \u00D6zt\u00FCrk"));
    for (const QString &query : {QStringLiteral("\u00C9mile"), QStringLiteral("\u00E9mile"), QStringLiteral("\u00C9MILE"),
                                 QStringLiteral("\u00F6zt\u00FCrk"), QStringLiteral("\u00D6ZT\u00DCRK")}) {
        const ApiReply reply = listUsers(query);
        QCOMPARE(reply.status, 200);
        QVERIFY2(idsOf(reply) == QSet<qint64>{emile.id}, qPrintable(query + QStringLiteral(": ") + reply.describe()));
    }
}

void AccountsTest::searchTreatsPercentAndUnderscoreLiterally()
{
    const QString tag = unique();
    const Created percent = createUser(QStringLiteral("Lit %1 50% off").arg(tag));
    const Created noPercent = createUser(QStringLiteral("Lit %1 50 pence off").arg(tag));
    const Created underscore = createUser(QStringLiteral("Lit %1 snake_case").arg(tag));
    const Created noUnderscore = createUser(QStringLiteral("Lit %1 snakexcase").arg(tag));
    const Created backslash = createUser(QStringLiteral("Lit %1 back\\slash").arg(tag));

    QCOMPARE(idsOf(listUsers(QStringLiteral("Lit ") + tag)),
             (QSet<qint64>{percent.id, noPercent.id, underscore.id, noUnderscore.id, backslash.id}));
    QCOMPARE(idsOf(listUsers(tag + QStringLiteral(" 50%"))), QSet<qint64>{percent.id});
    QCOMPARE(idsOf(listUsers(QStringLiteral("snake_case"))), QSet<qint64>{underscore.id});
    QCOMPARE(idsOf(listUsers(QStringLiteral("back\\slash"))), QSet<qint64>{backslash.id});
    QVERIFY(listUsers(QStringLiteral("%")).list().size() == 1);
    QVERIFY(listUsers(QStringLiteral("Lit_")).list().isEmpty());
    QVERIFY(listUsers(QStringLiteral("\\")).list().size() == 1);
}

void AccountsTest::searchLongerThan100CharactersGets422()
{
    ApiReply reply = listUsers(QString(101, QLatin1Char('q')));
    QCOMPARE(reply.status, 422);
    QVERIFY(reply.isErrorEnvelope());
    QCOMPARE(reply.errors().keys(), QStringList{QStringLiteral("q")});

    reply = listUsers(QString(100, QLatin1Char('q')));
    QCOMPARE(reply.status, 200);
    QVERIFY(reply.list().isEmpty());
    QCOMPARE(meta(reply, QStringLiteral("total")), 0);
    QCOMPARE(meta(reply, QStringLiteral("last_page")), 1);
}

void AccountsTest::listRefusesBadPagination()
{
    const QList<QPair<QString, QString>> cases{{QStringLiteral("per_page=0"), QStringLiteral("per_page")},
                                               {QStringLiteral("per_page=101"), QStringLiteral("per_page")},
                                               {QStringLiteral("page=0"), QStringLiteral("page")},
                                               {QStringLiteral("page=abc"), QStringLiteral("page")}};
    for (const auto &[query, field] : cases) {
        const ApiReply reply = m_api->get(QStringLiteral("/api/admin/users?") + query, m_adminToken);
        QCOMPARE(reply.status, 422);
        QVERIFY(reply.isErrorEnvelope());
        QCOMPARE(reply.errors().keys(), QStringList{field});
    }
}

void AccountsTest::showAnswersTheUser()
{
    const Created created = createUser(QStringLiteral("Shown User"));
    const ApiReply reply = m_api->get(QStringLiteral("/api/admin/users/%1").arg(created.id), m_adminToken);
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.json.value(QStringLiteral("success")).toBool(), true);
    QCOMPARE(reply.data(), created.reply.data());
    QVERIFY(!reply.body.contains("password"));
}

void AccountsTest::showOfAnUnknownUserGets404()
{
    for (const QString &id : {QStringLiteral("987654321"), QStringLiteral("0"), QStringLiteral("abc"), QStringLiteral("-3")}) {
        const ApiReply reply = m_api->get(QStringLiteral("/api/admin/users/") + id, m_adminToken);
        QCOMPARE(reply.status, 404);
        QVERIFY2(reply.isErrorEnvelope(), qPrintable(reply.describe()));
    }
}

void AccountsTest::updateChangesNameEmailAndRateLimit()
{
    const Created created = createUser(QStringLiteral("Before Update"));
    const QString newEmail = QStringLiteral("After.Update-%1@Example.test").arg(unique());
    const ApiReply reply = m_api->put(QStringLiteral("/api/admin/users/%1").arg(created.id),
                                      {{QStringLiteral("name"), QStringLiteral("After Update")},
                                       {QStringLiteral("email"), newEmail},
                                       {QStringLiteral("rate_limit_per_minute"), 1200}},
                                      m_adminToken);
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.json.value(QStringLiteral("success")).toBool(), true);
    const QJsonObject user = reply.data();
    QCOMPARE(user.value(QStringLiteral("id")).toInteger(), created.id);
    QCOMPARE(user.value(QStringLiteral("name")).toString(), QStringLiteral("After Update"));
    QCOMPARE(user.value(QStringLiteral("email")).toString(), newEmail.toLower());
    QCOMPARE(user.value(QStringLiteral("rate_limit_per_minute")).toInteger(), 1200);
    QCOMPARE(user.value(QStringLiteral("currency")).toString(), QStringLiteral("USD"));
    QCOMPARE(user.value(QStringLiteral("role")).toString(), QStringLiteral("client"));
    QCOMPARE(user.value(QStringLiteral("created_at")), created.reply.data().value(QStringLiteral("created_at")));
    QVERIFY(QDateTime::fromString(user.value(QStringLiteral("updated_at")).toString(), Qt::ISODateWithMs)
            >= QDateTime::fromString(user.value(QStringLiteral("created_at")).toString(), Qt::ISODateWithMs));
    QVERIFY(!reply.body.contains("password"));

    QCOMPARE(m_api->get(QStringLiteral("/api/admin/users/%1").arg(created.id), m_adminToken).data(), user);
    // The account signs in with its new email only; its password is unchanged.
    QVERIFY(!m_api->login(newEmail, created.password).isEmpty());
    QVERIFY(m_api->login(created.email, created.password).isEmpty());

    // The limit applies to the account's own requests.
    const QString token = m_api->login(newEmail, created.password);
    QCOMPARE(m_api->get(QStringLiteral("/api/auth/me"), token).header("x-ratelimit-limit"), QByteArray("1200"));

    // An empty update changes nothing.
    const ApiReply unchanged = m_api->put(QStringLiteral("/api/admin/users/%1").arg(created.id), {}, m_adminToken);
    QCOMPARE(unchanged.status, 200);
    QCOMPARE(unchanged.data().value(QStringLiteral("name")), user.value(QStringLiteral("name")));
    QCOMPARE(unchanged.data().value(QStringLiteral("email")), user.value(QStringLiteral("email")));
    QCOMPARE(unchanged.data().value(QStringLiteral("rate_limit_per_minute")), user.value(QStringLiteral("rate_limit_per_minute")));
}

void AccountsTest::updateWithNullRateLimitResetsIt()
{
    const Created created = createUser(QStringLiteral("Limited"));
    const QString path = QStringLiteral("/api/admin/users/%1").arg(created.id);
    QCOMPARE(m_api->put(path, {{QStringLiteral("rate_limit_per_minute"), 30}}, m_adminToken)
                 .data()
                 .value(QStringLiteral("rate_limit_per_minute"))
                 .toInteger(),
             30);
    // Leaving the field out keeps it.
    ApiReply reply = m_api->put(path, {{QStringLiteral("name"), QStringLiteral("Still Limited")}}, m_adminToken);
    QCOMPARE(reply.data().value(QStringLiteral("rate_limit_per_minute")).toInteger(), 30);

    reply = m_api->put(path, {{QStringLiteral("rate_limit_per_minute"), QJsonValue(QJsonValue::Null)}}, m_adminToken);
    QCOMPARE(reply.status, 200);
    QVERIFY(reply.data().value(QStringLiteral("rate_limit_per_minute")).isNull());
    QCOMPARE(reply.data().value(QStringLiteral("name")).toString(), QStringLiteral("Still Limited"));
    QVERIFY(m_api->get(path, m_adminToken).data().value(QStringLiteral("rate_limit_per_minute")).isNull());

    // Back to the appliance's default.
    const QString token = m_api->login(created.email, created.password);
    QCOMPARE(m_api->get(QStringLiteral("/api/auth/me"), token).header("x-ratelimit-limit"), QByteArray("100000"));
}

void AccountsTest::updatedPasswordReplacesTheOldOne()
{
    const Created created = createUser(QStringLiteral("Password Changer"));
    const QString newPassword = QStringLiteral("Brand-new-secret-42");
    const ApiReply reply = m_api->put(QStringLiteral("/api/admin/users/%1").arg(created.id),
                                      {{QStringLiteral("password"), newPassword}}, m_adminToken);
    QCOMPARE(reply.status, 200);
    QVERIFY(!reply.body.contains(newPassword.toUtf8()));
    QVERIFY(!reply.body.contains("password"));
    QVERIFY(!m_api->login(created.email, newPassword).isEmpty());
    const ApiReply old = m_api->post(QStringLiteral("/api/auth/login"),
                                     {{QStringLiteral("email"), created.email}, {QStringLiteral("password"), created.password}});
    QCOMPARE(old.status, 401);
}

void AccountsTest::updateRefusesBadFields_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QJsonValue>("value");
    QTest::newRow("currency") << QStringLiteral("currency") << QJsonValue(QStringLiteral("NGN"));
    QTest::newRow("currency unchanged") << QStringLiteral("currency") << QJsonValue(QStringLiteral("USD"));
    QTest::newRow("role") << QStringLiteral("role") << QJsonValue(QStringLiteral("admin"));
    QTest::newRow("rate limit 0") << QStringLiteral("rate_limit_per_minute") << QJsonValue(0);
    QTest::newRow("rate limit negative") << QStringLiteral("rate_limit_per_minute") << QJsonValue(-10);
    QTest::newRow("rate limit fraction") << QStringLiteral("rate_limit_per_minute") << QJsonValue(1.5);
    QTest::newRow("rate limit text") << QStringLiteral("rate_limit_per_minute") << QJsonValue(QStringLiteral("x"));
    QTest::newRow("rate limit numeric text") << QStringLiteral("rate_limit_per_minute") << QJsonValue(QStringLiteral("60"));
    QTest::newRow("rate limit above the maximum") << QStringLiteral("rate_limit_per_minute") << QJsonValue(100000001);
    QTest::newRow("rate limit far out of range") << QStringLiteral("rate_limit_per_minute") << QJsonValue(1e300);
    QTest::newRow("rate limit boolean") << QStringLiteral("rate_limit_per_minute") << QJsonValue(true);
    QTest::newRow("name empty") << QStringLiteral("name") << QJsonValue(QString());
    QTest::newRow("name of 256 characters") << QStringLiteral("name") << QJsonValue(QString(256, QLatin1Char('n')));
    QTest::newRow("name not a string") << QStringLiteral("name") << QJsonValue(5);
    QTest::newRow("email invalid") << QStringLiteral("email") << QJsonValue(QStringLiteral("not-an-email"));
    QTest::newRow("password of 7 characters") << QStringLiteral("password") << QJsonValue(QStringLiteral("1234567"));
    QTest::newRow("password of 129 characters") << QStringLiteral("password") << QJsonValue(QString(129, QLatin1Char('p')));
}

void AccountsTest::updateRefusesBadFields()
{
    QFETCH(QString, field);
    QFETCH(QJsonValue, value);
    if (m_updateTarget.id == 0)
        m_updateTarget = createUser(QStringLiteral("Update Target"));
    const Created &target = m_updateTarget;
    const QString path = QStringLiteral("/api/admin/users/%1").arg(target.id);

    // A good field next to the bad one is not applied either.
    QJsonObject body{{field, value}};
    if (field == QLatin1String("name"))
        body.insert(QStringLiteral("rate_limit_per_minute"), 500);
    else
        body.insert(QStringLiteral("name"), QStringLiteral("Should Not Stick"));
    const ApiReply reply = m_api->put(path, body, m_adminToken);
    QCOMPARE(reply.status, 422);
    QVERIFY2(reply.isErrorEnvelope(), qPrintable(reply.describe()));
    QVERIFY2(reply.errors().contains(field), qPrintable(reply.describe()));
    QCOMPARE(m_api->get(path, m_adminToken).data(), target.reply.data());
}

void AccountsTest::updateRefusesAnEmailTakenByAnotherUser()
{
    const Created first = createUser(QStringLiteral("Email Owner"));
    const Created second = createUser(QStringLiteral("Email Wanter"));
    const ApiReply reply = m_api->put(QStringLiteral("/api/admin/users/%1").arg(second.id),
                                      {{QStringLiteral("email"), first.email.toUpper()}}, m_adminToken);
    QCOMPARE(reply.status, 422);
    QVERIFY(reply.isErrorEnvelope());
    QCOMPARE(reply.errors().keys(), QStringList{QStringLiteral("email")});
    QCOMPARE(m_api->get(QStringLiteral("/api/admin/users/%1").arg(second.id), m_adminToken).data(), second.reply.data());

    // Its own email, in another case, is not "taken".
    const ApiReply own = m_api->put(QStringLiteral("/api/admin/users/%1").arg(second.id),
                                    {{QStringLiteral("email"), second.email.toUpper()}}, m_adminToken);
    QCOMPARE(own.status, 200);
    QCOMPARE(own.data().value(QStringLiteral("email")).toString(), second.email.toLower());
}

void AccountsTest::updateOfAnUnknownUserGets404()
{
    ApiReply reply = m_api->put(QStringLiteral("/api/admin/users/987654321"), {{QStringLiteral("name"), QStringLiteral("Ghost")}},
                                m_adminToken);
    QCOMPARE(reply.status, 404);
    QVERIFY(reply.isErrorEnvelope());
    reply = m_api->put(QStringLiteral("/api/admin/users/987654321"), {{QStringLiteral("password"), QStringLiteral("Ghostly-pass")}},
                       m_adminToken);
    QCOMPARE(reply.status, 404);
    QVERIFY(reply.isErrorEnvelope());
    QCOMPARE(m_api->post(QStringLiteral("/api/admin/users/987654321/suspend"), {}, m_adminToken).status, 404);
    QCOMPARE(m_api->post(QStringLiteral("/api/admin/users/987654321/reactivate"), {}, m_adminToken).status, 404);
    QCOMPARE(m_api->post(QStringLiteral("/api/admin/users/abc/suspend"), {}, m_adminToken).status, 404);
}

void AccountsTest::suspendAndReactivateChangeTheStatus()
{
    const Created created = createUser(QStringLiteral("Status Changer"));
    const QString path = QStringLiteral("/api/admin/users/%1").arg(created.id);

    ApiReply reply = m_api->post(path + QStringLiteral("/suspend"), {}, m_adminToken);
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.json.value(QStringLiteral("success")).toBool(), true);
    QVERIFY(!reply.message().isEmpty());
    QCOMPARE(reply.data().value(QStringLiteral("id")).toInteger(), created.id);
    QCOMPARE(reply.data().value(QStringLiteral("status")).toString(), QStringLiteral("suspended"));
    QCOMPARE(m_api->get(path, m_adminToken).data().value(QStringLiteral("status")).toString(), QStringLiteral("suspended"));
    // Suspending again is harmless.
    QCOMPARE(m_api->post(path + QStringLiteral("/suspend"), {}, m_adminToken).data().value(QStringLiteral("status")).toString(),
             QStringLiteral("suspended"));

    reply = m_api->post(path + QStringLiteral("/reactivate"), {}, m_adminToken);
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.data().value(QStringLiteral("status")).toString(), QStringLiteral("active"));
    QCOMPARE(m_api->get(path, m_adminToken).data().value(QStringLiteral("status")).toString(), QStringLiteral("active"));
    QVERIFY(!m_api->login(created.email, created.password).isEmpty());
}

void AccountsTest::adminCannotSuspendItself()
{
    const ApiReply reply = m_api->post(QStringLiteral("/api/admin/users/%1/suspend").arg(m_adminId), {}, m_adminToken);
    QCOMPARE(reply.status, 422);
    QVERIFY(reply.isErrorEnvelope());
    QCOMPARE(m_api->get(QStringLiteral("/api/admin/users/%1").arg(m_adminId), m_adminToken).data().value(QStringLiteral("status")).toString(),
             QStringLiteral("active"));
    QCOMPARE(m_api->get(QStringLiteral("/api/admin/users"), m_adminToken).status, 200);
    // Reactivating itself is a harmless no-op.
    QCOMPARE(m_api->post(QStringLiteral("/api/admin/users/%1/reactivate").arg(m_adminId), {}, m_adminToken).status, 200);
}

void AccountsTest::clientGets403OnEveryAdminRoute()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    const QString key = m_api->post(QStringLiteral("/api/client/credentials/http/create"), {{QStringLiteral("name"), QStringLiteral("ci")}},
                                    client.token)
                            .data()
                            .value(QStringLiteral("api_key"))
                            .toString();
    QVERIFY(!key.isEmpty());
    const QString other = QString::number(createUser(QStringLiteral("Bystander")).id);
    const QJsonObject newUser = validUser();
    const QList<std::tuple<QByteArray, QString, QJsonObject>> routes{
        {"POST", QStringLiteral("/api/admin/users"), newUser},
        {"GET", QStringLiteral("/api/admin/users"), {}},
        {"GET", QStringLiteral("/api/admin/users/") + other, {}},
        {"GET", QStringLiteral("/api/admin/users/%1").arg(client.id), {}},
        {"PUT", QStringLiteral("/api/admin/users/") + other, {{QStringLiteral("name"), QStringLiteral("Hijacked")}}},
        {"PUT", QStringLiteral("/api/admin/users/%1").arg(client.id), {{QStringLiteral("rate_limit_per_minute"), 100000000}}},
        {"POST", QStringLiteral("/api/admin/users/") + other + QStringLiteral("/suspend"), {}},
        {"POST", QStringLiteral("/api/admin/users/") + other + QStringLiteral("/reactivate"), {}},
        {"POST", QStringLiteral("/api/admin/users/%1/wallet/credit").arg(client.id), {{QStringLiteral("amount"), QStringLiteral("100.00")}}},
        {"GET", QStringLiteral("/api/admin/sender-ids"), {}},
        {"POST", QStringLiteral("/api/admin/sender-ids/1/approve"), {}},
        {"POST", QStringLiteral("/api/admin/sender-ids/1/reject"), {}},
        {"GET", QStringLiteral("/api/admin/pricing"), {}},
        {"PUT", QStringLiteral("/api/admin/pricing"), {}},
    };
    for (const QString &credential : {client.token, key}) {
        for (const auto &[method, path, body] : routes) {
            const ApiReply reply = m_api->send(method, path, QJsonDocument(body).toJson(QJsonDocument::Compact), credential);
            QVERIFY2(reply.status == 403, qPrintable(QString::fromLatin1(method) + QLatin1Char(' ') + path + QStringLiteral(": ")
                                                     + reply.describe()));
            QVERIFY(reply.isErrorEnvelope());
        }
    }
    // Nothing changed.
    const QJsonObject bystander = m_api->get(QStringLiteral("/api/admin/users/") + other, m_adminToken).data();
    QCOMPARE(bystander.value(QStringLiteral("name")).toString(), QStringLiteral("Bystander"));
    QCOMPARE(bystander.value(QStringLiteral("status")).toString(), QStringLiteral("active"));
    QVERIFY(listUsers(newUser.value(QStringLiteral("email")).toString()).list().isEmpty());
    QVERIFY(m_api->get(QStringLiteral("/api/admin/users/%1").arg(client.id), m_adminToken)
                .data()
                .value(QStringLiteral("rate_limit_per_minute"))
                .isNull());
    const ApiReply balance = m_api->get(QStringLiteral("/api/client/balance"), client.token);
    QCOMPARE(balance.status, 200);
    QCOMPARE(balance.json.value(QStringLiteral("balance")).toDouble(), 0.0);
}

void AccountsTest::adminRoutesNeedABearer()
{
    ApiReply reply = m_api->get(QStringLiteral("/api/admin/users"));
    QCOMPARE(reply.status, 401);
    QVERIFY(reply.isErrorEnvelope());
    reply = m_api->post(QStringLiteral("/api/admin/users"), validUser());
    QCOMPARE(reply.status, 401);
    reply = m_api->post(QStringLiteral("/api/admin/users/%1/suspend").arg(m_adminId), {});
    QCOMPARE(reply.status, 401);
}

void AccountsTest::suspendedAccountIsRefusedWithEveryCredential()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    const QString secondToken = m_api->login(client.email, client.password);
    QVERIFY(!secondToken.isEmpty());
    const ApiReply created = m_api->post(QStringLiteral("/api/client/credentials/http/create"),
                                         {{QStringLiteral("name"), QStringLiteral("before suspension")}}, client.token);
    QCOMPARE(created.status, 201);
    const QString key = created.data().value(QStringLiteral("api_key")).toString();
    const qint64 keyId = created.data().value(QStringLiteral("id")).toInteger();
    const QString sandboxKey = m_api->createApiKey(client.token, true);
    QVERIFY(!sandboxKey.isEmpty());

    const QStringList credentials{client.token, secondToken, key, sandboxKey};
    for (const QString &credential : credentials)
        QCOMPARE(m_api->get(QStringLiteral("/api/auth/me"), credential).status, 200);

    QCOMPARE(m_api->post(QStringLiteral("/api/admin/users/%1/suspend").arg(client.id), {}, m_adminToken).status, 200);

    // Every route a client may call, each with a body it would otherwise accept or validate.
    const QList<std::tuple<QByteArray, QString, QJsonObject>> routes{
        {"GET", QStringLiteral("/api/auth/me"), {}},
        {"POST", QStringLiteral("/api/auth/logout"), {}},
        {"GET", QStringLiteral("/api/client/credentials/http"), {}},
        {"POST", QStringLiteral("/api/client/credentials/http/create"), {{QStringLiteral("name"), QStringLiteral("during")}}},
        {"POST", QStringLiteral("/api/client/credentials/http/revoke/%1").arg(keyId), {}},
        {"GET", QStringLiteral("/api/client/balance"), {}},
        {"GET", QStringLiteral("/api/client/wallet/balance"), {}},
        {"GET", QStringLiteral("/api/client/wallet/transactions"), {}},
        {"POST", QStringLiteral("/api/client/sender-id/request"), {{QStringLiteral("sender_name"), QStringLiteral("Suspect")}}},
        {"GET", QStringLiteral("/api/client/sender-id"), {}},
        {"GET", QStringLiteral("/api/client/sender-id/approved"), {}},
        {"POST", QStringLiteral("/api/client/sms/send"),
         {{QStringLiteral("to"), QStringLiteral("+2348031234567")}, {QStringLiteral("message"), QStringLiteral("hello")}}},
        {"GET", QStringLiteral("/api/client/sms/status/1"), {}},
        {"GET", QStringLiteral("/api/client/sms/messages"), {}},
    };
    for (const QString &credential : credentials) {
        for (const auto &[method, path, body] : routes) {
            const ApiReply reply = m_api->send(method, path, QJsonDocument(body).toJson(QJsonDocument::Compact), credential);
            QVERIFY2(reply.status == 403, qPrintable(QString::fromLatin1(method) + QLatin1Char(' ') + path + QStringLiteral(": ")
                                                     + reply.describe()));
            QVERIFY(reply.isErrorEnvelope());
        }
    }
    const ApiReply login = m_api->post(QStringLiteral("/api/auth/login"),
                                       {{QStringLiteral("email"), client.email}, {QStringLiteral("password"), client.password}});
    QCOMPARE(login.status, 403);
    QVERIFY(login.isErrorEnvelope());
    QVERIFY(login.data().value(QStringLiteral("token")).isUndefined());

    QCOMPARE(m_api->post(QStringLiteral("/api/admin/users/%1/reactivate").arg(client.id), {}, m_adminToken).status, 200);

    for (const QString &credential : credentials) {
        const ApiReply me = m_api->get(QStringLiteral("/api/auth/me"), credential);
        QCOMPARE(me.status, 200);
        QCOMPARE(me.data().value(QStringLiteral("id")).toInteger(), client.id);
        QCOMPARE(me.data().value(QStringLiteral("status")).toString(), QStringLiteral("active"));
        QCOMPARE(m_api->get(QStringLiteral("/api/client/credentials/http"), credential).status, 200);
    }
    // Nothing was created, revoked or requested while suspended, and logout did not end the sessions.
    const ApiReply keys = m_api->get(QStringLiteral("/api/client/credentials/http"), key);
    QCOMPARE(keys.list().size(), 2);
    QVERIFY(!idsOf(keys).isEmpty() && idsOf(keys).contains(keyId));
    QVERIFY(m_api->get(QStringLiteral("/api/client/sender-id"), key).list().isEmpty());
    QVERIFY(!m_api->login(client.email, client.password).isEmpty());
}

void AccountsTest::createdAdminCanUseAdminRoutes()
{
    const Created admin = createUser(QStringLiteral("Deputy Admin"), {}, QStringLiteral("admin"));
    QCOMPARE(admin.reply.status, 201);
    const QString token = m_api->login(admin.email, admin.password);
    QVERIFY(!token.isEmpty());

    QCOMPARE(m_api->get(QStringLiteral("/api/admin/users"), token).status, 200);
    QCOMPARE(m_api->get(QStringLiteral("/api/admin/users/%1").arg(m_adminId), token).status, 200);
    QJsonObject body = validUser();
    const ApiReply created = m_api->post(QStringLiteral("/api/admin/users"), body, token);
    QCOMPARE(created.status, 201);
    const qint64 id = created.data().value(QStringLiteral("id")).toInteger();
    QCOMPARE(m_api->put(QStringLiteral("/api/admin/users/%1").arg(id), {{QStringLiteral("name"), QStringLiteral("Renamed")}}, token).status,
             200);
    QCOMPARE(m_api->post(QStringLiteral("/api/admin/users/%1/suspend").arg(id), {}, token).status, 200);
    QCOMPARE(m_api->post(QStringLiteral("/api/admin/users/%1/reactivate").arg(id), {}, token).status, 200);
    // Like every admin, it cannot suspend itself.
    QCOMPARE(m_api->post(QStringLiteral("/api/admin/users/%1/suspend").arg(admin.id), {}, token).status, 422);

    // An API key of an admin works on admin routes too.
    const QString key = m_api->post(QStringLiteral("/api/client/credentials/http/create"), {{QStringLiteral("name"), QStringLiteral("ops")}},
                                    token)
                            .data()
                            .value(QStringLiteral("api_key"))
                            .toString();
    QCOMPARE(m_api->get(QStringLiteral("/api/admin/users"), key).status, 200);
}

void AccountsTest::recordsShowTheWalletBalanceAndSmppAccess()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    const QString path = QStringLiteral("/api/admin/users/%1").arg(client.id);
    QJsonObject shown = m_api->get(path, m_adminToken).data();
    QCOMPARE(shown.value(QStringLiteral("balance")).toDouble(-1), 0.0);
    QCOMPARE(shown.value(QStringLiteral("smpp_access")).toBool(true), false);
    QVERIFY(shown.value(QStringLiteral("smpp_submit_per_second")).isNull());

    QCOMPARE(m_api->credit(m_adminToken, client.id, QStringLiteral("10.25")), 200);
    QCOMPARE(m_api->post(path + QStringLiteral("/smpp-access"),
                         {{QStringLiteral("approved"), true}, {QStringLiteral("submit_per_second"), 20}}, m_adminToken)
                 .status,
             200);
    shown = m_api->get(path, m_adminToken).data();
    QCOMPARE(shown.value(QStringLiteral("balance")).toDouble(), 10.25);
    QCOMPARE(shown.value(QStringLiteral("smpp_access")).toBool(), true);
    QCOMPARE(shown.value(QStringLiteral("smpp_submit_per_second")).toInt(), 20);

    // A null rate goes back to the node's default.
    QCOMPARE(m_api->post(path + QStringLiteral("/smpp-access"),
                         {{QStringLiteral("approved"), true}, {QStringLiteral("submit_per_second"), QJsonValue::Null}}, m_adminToken)
                 .status,
             200);
    QVERIFY(m_api->get(path, m_adminToken).data().value(QStringLiteral("smpp_submit_per_second")).isNull());
    QCOMPARE(m_api->post(path + QStringLiteral("/smpp-access"),
                         {{QStringLiteral("approved"), true}, {QStringLiteral("submit_per_second"), 20}}, m_adminToken)
                 .status,
             200);

    // The list shows the same for each account of the page.
    const ApiReply listed = m_api->get(QStringLiteral("/api/admin/users?per_page=100&q=") + client.email, m_adminToken);
    QCOMPARE(listed.list().size(), 1);
    QCOMPARE(listed.list().first().toObject().value(QStringLiteral("balance")).toDouble(), 10.25);
    QCOMPARE(listed.list().first().toObject().value(QStringLiteral("smpp_access")).toBool(), true);
}

QTEST_GUILESS_MAIN(AccountsTest)
#include "tst_accounts.moc"
