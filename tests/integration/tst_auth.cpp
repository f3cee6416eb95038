// Authentication: login, logout, profile, bearer credentials, password storage, failed-login limit.
#include "apiclient.h"
#include "applianceprocess.h"
#include "testdatabase.h"

#include <QSqlQuery>
#include <QTest>

class AuthTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void loginAnswersUserAndToken();
    void wrongPasswordAndUnknownEmailGetTheSame401();
    void loginValidatesItsFields();
    void meAnswersTheProfile();
    void missingOrInvalidBearerGets401();
    void logoutRevokesOnlyThatToken();
    void logoutWithAnApiKeyIsRefused();
    void apiKeyWorksAsBearer();
    void passwordsAndTokensAreStoredHashed();
    void tenFailedLoginsBlockTheEmail();
    void suspendedAccountCannotLogIn();

private:
    TestDatabase m_database;
    std::unique_ptr<ApplianceProcess> m_appliance;
    std::unique_ptr<ApiClient> m_api;
    QString m_adminToken;
};

void AuthTest::initTestCase()
{
    QString why;
    QVERIFY2(startSignedIn(m_database, m_appliance, m_api, m_adminToken, &why), qPrintable(why));
}

void AuthTest::loginAnswersUserAndToken()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    const ApiReply reply = m_api->post(QStringLiteral("/api/auth/login"),
                                       {{QStringLiteral("email"), client.email}, {QStringLiteral("password"), client.password}});
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.json.value(QStringLiteral("success")).toBool(), true);
    const QJsonObject user = reply.data().value(QStringLiteral("user")).toObject();
    QCOMPARE(user.value(QStringLiteral("id")).toInteger(), client.id);
    QCOMPARE(user.value(QStringLiteral("role")).toString(), QStringLiteral("client"));
    QVERIFY(user.value(QStringLiteral("name")).toString().startsWith(QLatin1String("Client ")));
    QVERIFY(reply.data().value(QStringLiteral("token")).toString().startsWith(QLatin1String("ogs_")));

    // Email is not case-sensitive.
    QVERIFY(!m_api->login(client.email.toUpper(), client.password).isEmpty());
}

void AuthTest::wrongPasswordAndUnknownEmailGetTheSame401()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    const ApiReply wrongPassword = m_api->post(
        QStringLiteral("/api/auth/login"), {{QStringLiteral("email"), client.email}, {QStringLiteral("password"), QStringLiteral("not-it-at-all")}});
    const ApiReply unknownEmail = m_api->post(
        QStringLiteral("/api/auth/login"),
        {{QStringLiteral("email"), QStringLiteral("nobody@example.test")}, {QStringLiteral("password"), client.password}});
    QCOMPARE(wrongPassword.status, 401);
    QCOMPARE(unknownEmail.status, 401);
    QVERIFY(wrongPassword.isErrorEnvelope());
    QCOMPARE(wrongPassword.message(), unknownEmail.message());
}

void AuthTest::loginValidatesItsFields()
{
    ApiReply reply = m_api->post(QStringLiteral("/api/auth/login"), {});
    QCOMPARE(reply.status, 422);
    QVERIFY(reply.isErrorEnvelope());
    QVERIFY(reply.errors().contains(QStringLiteral("email")));
    QVERIFY(reply.errors().contains(QStringLiteral("password")));

    reply = m_api->post(QStringLiteral("/api/auth/login"),
                        {{QStringLiteral("email"), 42}, {QStringLiteral("password"), QString(2000, QLatin1Char('x'))}});
    QCOMPARE(reply.status, 422);
    QVERIFY(reply.errors().contains(QStringLiteral("email")));
    QVERIFY(reply.errors().contains(QStringLiteral("password")));

    reply = m_api->send("POST", QStringLiteral("/api/auth/login"), "{\"email\":");
    QCOMPARE(reply.status, 400);
    QVERIFY(reply.errors().contains(QStringLiteral("body")));
}

void AuthTest::meAnswersTheProfile()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken, QStringLiteral("USD"));
    const ApiReply reply = m_api->get(QStringLiteral("/api/auth/me"), client.token);
    QCOMPARE(reply.status, 200);
    const QJsonObject me = reply.data();
    QCOMPARE(me.value(QStringLiteral("id")).toInteger(), client.id);
    QCOMPARE(me.value(QStringLiteral("email")).toString(), client.email);
    QCOMPARE(me.value(QStringLiteral("role")).toString(), QStringLiteral("client"));
    QCOMPARE(me.value(QStringLiteral("status")).toString(), QStringLiteral("active"));
    QCOMPARE(me.value(QStringLiteral("currency")).toString(), QStringLiteral("USD"));
    QVERIFY(QDateTime::fromString(me.value(QStringLiteral("created_at")).toString(), Qt::ISODateWithMs).isValid());
    QVERIFY(!me.contains(QStringLiteral("password_hash")));
}

void AuthTest::missingOrInvalidBearerGets401()
{
    const QStringList paths = {QStringLiteral("/api/auth/me"), QStringLiteral("/api/client/credentials/http")};
    for (const QString &path : paths) {
        ApiReply reply = m_api->get(path);
        QCOMPARE(reply.status, 401);
        QVERIFY(reply.isErrorEnvelope());
        reply = m_api->get(path, QStringLiteral("ogs_notARealTokenAtAll0000000000000000000"));
        QCOMPARE(reply.status, 401);
        reply = m_api->get(path, QStringLiteral("ogn_notARealKeyAtAll00000000000000000000000"));
        QCOMPARE(reply.status, 401);
        reply = m_api->send("GET", path, {}, {}, {{"Authorization", "Basic YWRtaW46YWRtaW4="}});
        QCOMPARE(reply.status, 401);
        reply = m_api->send("GET", path, {}, {}, {{"Authorization", "Bearer " + QByteArray(5000, 'a')}});
        QCOMPARE(reply.status, 401);
    }
}

void AuthTest::logoutRevokesOnlyThatToken()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    const QString second = m_api->login(client.email, client.password);
    const ApiReply out = m_api->post(QStringLiteral("/api/auth/logout"), {}, client.token);
    QCOMPARE(out.status, 200);
    QCOMPARE(out.json.value(QStringLiteral("success")).toBool(), true);
    QCOMPARE(m_api->get(QStringLiteral("/api/auth/me"), client.token).status, 401);
    QCOMPARE(m_api->post(QStringLiteral("/api/auth/logout"), {}, client.token).status, 401);
    QCOMPARE(m_api->get(QStringLiteral("/api/auth/me"), second).status, 200);
}

void AuthTest::logoutWithAnApiKeyIsRefused()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    const QString key = m_api->post(QStringLiteral("/api/client/credentials/http/create"), {{QStringLiteral("name"), QStringLiteral("ci")}},
                                    client.token)
                            .data()
                            .value(QStringLiteral("api_key"))
                            .toString();
    const ApiReply reply = m_api->post(QStringLiteral("/api/auth/logout"), {}, key);
    QCOMPARE(reply.status, 422);
    QVERIFY(reply.errors().contains(QStringLiteral("token")));
    QCOMPARE(m_api->get(QStringLiteral("/api/auth/me"), key).status, 200);
}

void AuthTest::apiKeyWorksAsBearer()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    const QString key = m_api->post(QStringLiteral("/api/client/credentials/http/create"), {{QStringLiteral("name"), QStringLiteral("server")}},
                                    client.token)
                            .data()
                            .value(QStringLiteral("api_key"))
                            .toString();
    const ApiReply reply = m_api->get(QStringLiteral("/api/auth/me"), key);
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.data().value(QStringLiteral("id")).toInteger(), client.id);
}

void AuthTest::passwordsAndTokensAreStoredHashed()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    QSqlQuery query(m_database.connection());
    QVERIFY(query.exec(QStringLiteral("SELECT password_hash FROM users WHERE id = %1").arg(client.id)));
    QVERIFY(query.next());
    const QString stored = query.value(0).toString();
    QVERIFY2(stored.startsWith(QLatin1String("$scrypt$ln=15,r=8,p=1$")), qPrintable(stored));
    QVERIFY(!stored.contains(client.password));

    QVERIFY(query.exec(QStringLiteral("SELECT token_hash FROM auth_tokens WHERE user_id = %1").arg(client.id)));
    QVERIFY(query.next());
    const QString tokenHash = query.value(0).toString();
    QCOMPARE(tokenHash, QString::fromLatin1(QCryptographicHash::hash(client.token.toUtf8(), QCryptographicHash::Sha256).toHex()));
    QVERIFY(!tokenHash.contains(client.token));
}

void AuthTest::tenFailedLoginsBlockTheEmail()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    const QJsonObject wrong{{QStringLiteral("email"), client.email}, {QStringLiteral("password"), QStringLiteral("wrong-password")}};
    for (int attempt = 0; attempt < 10; ++attempt)
        QCOMPARE(m_api->post(QStringLiteral("/api/auth/login"), wrong).status, 401);

    const ApiReply blocked = m_api->post(QStringLiteral("/api/auth/login"),
                                         {{QStringLiteral("email"), client.email}, {QStringLiteral("password"), client.password}});
    QCOMPARE(blocked.status, 429);
    QVERIFY(blocked.isErrorEnvelope());
    const int retryAfter = blocked.header("retry-after").toInt();
    QVERIFY2(retryAfter > 800 && retryAfter <= 900, blocked.header("retry-after").constData());

    // Another email is not affected, and a token issued before keeps working.
    const ApiClient::Account other = m_api->createClient(m_adminToken);
    QVERIFY(!other.token.isEmpty());
    QCOMPARE(m_api->get(QStringLiteral("/api/auth/me"), client.token).status, 200);
}

void AuthTest::suspendedAccountCannotLogIn()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    QCOMPARE(m_api->post(QStringLiteral("/api/admin/users/%1/suspend").arg(client.id), {}, m_adminToken).status, 200);
    const ApiReply reply = m_api->post(QStringLiteral("/api/auth/login"),
                                       {{QStringLiteral("email"), client.email}, {QStringLiteral("password"), client.password}});
    QCOMPARE(reply.status, 403);
    QVERIFY(reply.isErrorEnvelope());
    // A wrong password for a suspended account still says only 401: suspension is not revealed to guessers.
    QCOMPARE(m_api->post(QStringLiteral("/api/auth/login"),
                         {{QStringLiteral("email"), client.email}, {QStringLiteral("password"), QStringLiteral("wrong-password")}})
                 .status,
             401);
}

QTEST_GUILESS_MAIN(AuthTest)
#include "tst_auth.moc"
