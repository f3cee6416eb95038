// HTTP API keys: creating, listing (masked previews, last use, pagination), revoking, per-account
// isolation, the active-key cap, and storage as SHA-256 hashes only.
#include "apiclient.h"
#include "applianceprocess.h"
#include "testdatabase.h"

#include <QCryptographicHash>
#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRegularExpression>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QTest>
#include <QTimer>

#include <memory>
#include <vector>

class ApiKeysTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void createdKeyIsOgnPrefixAndBase62();
    void everyKeyIsDifferent();
    void fullKeyIsShownOnlyWhenCreated();
    void lastUsedAtIsNullUntilTheKeyIsUsed();
    void createValidatesTheName_data();
    void createValidatesTheName();
    void nameOfExactly100CharactersIsAccepted();
    void bodyThatIsNotAJsonObjectGets400_data();
    void bodyThatIsNotAJsonObjectGets400();
    void revokedKeyIsRefusedAtOnce();
    void revokingTwiceGets404();
    void anotherAccountsKeyCannotBeSeenOrRevoked();
    void revokeOfAnIdThatIsNotAPositiveNumberGets404_data();
    void revokeOfAnIdThatIsNotAPositiveNumberGets404();
    void keyIsStoredOnlyAsItsSha256Hash();
    void anAccountHasAtMost50ActiveKeys();
    void concurrentCreatesDoNotPassTheCap();
    void listIsPaginatedNewestFirst();
    void badPaginationParametersGet422_data();
    void badPaginationParametersGet422();
    void routesNeedABearer();

private:
    ApiReply createKey(const QString &token, const QString &name = QStringLiteral("ci"));
    QString newKey(const QString &token, const QString &name = QStringLiteral("ci"));
    QJsonArray listKeys(const QString &token);
    static QJsonObject findById(const QJsonArray &items, qint64 id);
    QList<int> createKeysAtOnce(const QString &token, int count);

    TestDatabase m_database;
    std::unique_ptr<ApplianceProcess> m_appliance;
    std::unique_ptr<ApiClient> m_api;
    QString m_adminToken;
    ApiClient::Account m_client;
};

ApiReply ApiKeysTest::createKey(const QString &token, const QString &name)
{
    return m_api->post(QStringLiteral("/api/client/credentials/http/create"), {{QStringLiteral("name"), name}}, token);
}

QString ApiKeysTest::newKey(const QString &token, const QString &name)
{
    const ApiReply reply = createKey(token, name);
    if (reply.status != 201)
        qWarning("creating an API key failed: %s", qPrintable(reply.describe()));
    return reply.data().value(QStringLiteral("api_key")).toString();
}

QJsonArray ApiKeysTest::listKeys(const QString &token)
{
    return m_api->get(QStringLiteral("/api/client/credentials/http?per_page=100"), token).list();
}

QJsonObject ApiKeysTest::findById(const QJsonArray &items, qint64 id)
{
    for (const QJsonValue &item : items) {
        if (item.toObject().value(QStringLiteral("id")).toInteger() == id)
            return item.toObject();
    }
    return {};
}

// Sends `count` creations together, over several connections, and answers their statuses.
QList<int> ApiKeysTest::createKeysAtOnce(const QString &token, int count)
{
    std::vector<std::unique_ptr<QNetworkAccessManager>> managers;
    for (int n = 0; n < 4; ++n)
        managers.push_back(std::make_unique<QNetworkAccessManager>());
    QList<int> statuses(count, 0);
    int pending = count;
    QEventLoop loop;
    for (int n = 0; n < count; ++n) {
        QNetworkRequest request(QUrl(m_appliance->baseUrl() + QStringLiteral("/api/client/credentials/http/create")));
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
        request.setRawHeader("Authorization", "Bearer " + token.toUtf8());
        QNetworkReply *reply = managers[size_t(n) % managers.size()]->post(request, "{\"name\":\"racer\"}");
        QObject::connect(reply, &QNetworkReply::finished, &loop, [&, reply, n] {
            statuses[n] = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            reply->deleteLater();
            if (--pending == 0)
                loop.quit();
        });
    }
    QTimer::singleShot(30000, &loop, &QEventLoop::quit);
    loop.exec();
    return statuses;
}

void ApiKeysTest::initTestCase()
{
    QString why;
    QVERIFY2(startSignedIn(m_database, m_appliance, m_api, m_adminToken, &why), qPrintable(why));
    m_client = m_api->createClient(m_adminToken);
    QVERIFY(!m_client.token.isEmpty());
}

void ApiKeysTest::createdKeyIsOgnPrefixAndBase62()
{
    const QDateTime before = QDateTime::currentDateTimeUtc().addSecs(-1);
    const ApiReply reply = createKey(m_client.token, QStringLiteral("  billing server  "));
    QCOMPARE(reply.status, 201);
    QCOMPARE(reply.json.value(QStringLiteral("success")).toBool(), true);
    QVERIFY(!reply.message().isEmpty());
    const QJsonObject data = reply.data();
    QVERIFY(data.value(QStringLiteral("id")).toInteger() > 0);
    QCOMPARE(data.value(QStringLiteral("name")).toString(), QStringLiteral("billing server"));
    const QString key = data.value(QStringLiteral("api_key")).toString();
    static const QRegularExpression shape(QStringLiteral("^ogn_[0-9A-Za-z]{32,}$"));
    QVERIFY2(shape.match(key).hasMatch(), qPrintable(key));
    const QDateTime createdAt = QDateTime::fromString(data.value(QStringLiteral("created_at")).toString(), Qt::ISODateWithMs);
    QVERIFY(createdAt.isValid());
    QVERIFY(createdAt >= before && createdAt <= QDateTime::currentDateTimeUtc().addSecs(1));
}

void ApiKeysTest::everyKeyIsDifferent()
{
    const QString first = newKey(m_client.token);
    const QString second = newKey(m_client.token);
    QVERIFY(!first.isEmpty());
    QVERIFY(!second.isEmpty());
    QVERIFY(first != second);
    QVERIFY(first.mid(4, 8) != second.mid(4, 8));
}

void ApiKeysTest::fullKeyIsShownOnlyWhenCreated()
{
    const ApiReply created = createKey(m_client.token, QStringLiteral("preview"));
    const qint64 id = created.data().value(QStringLiteral("id")).toInteger();
    const QString key = created.data().value(QStringLiteral("api_key")).toString();
    QVERIFY(!key.isEmpty());

    const ApiReply list = m_api->get(QStringLiteral("/api/client/credentials/http?per_page=100"), m_client.token);
    QCOMPARE(list.status, 200);
    QCOMPARE(list.json.value(QStringLiteral("success")).toBool(), true);
    QVERIFY2(!list.body.contains(key.toLatin1()), list.body.constData());
    QVERIFY(!list.body.contains("api_key"));

    const QJsonObject item = findById(list.list(), id);
    QVERIFY2(!item.isEmpty(), list.body.constData());
    QCOMPARE(item.value(QStringLiteral("name")).toString(), QStringLiteral("preview"));
    QCOMPARE(item.value(QStringLiteral("created_at")).toString(), created.data().value(QStringLiteral("created_at")).toString());
    const QString preview = item.value(QStringLiteral("key_preview")).toString();
    const qsizetype shown = preview.indexOf(QLatin1Char('*'));
    QVERIFY2(shown > 4, qPrintable(preview)); // more than the bare "ogn_"
    QCOMPARE(preview.left(shown), key.left(shown));
    QVERIFY(shown < key.size() - 16); // most of the key stays hidden
    QCOMPARE(preview.mid(shown), QString(preview.size() - shown, QLatin1Char('*')));
    QVERIFY(!preview.contains(key));
}

void ApiKeysTest::lastUsedAtIsNullUntilTheKeyIsUsed()
{
    const ApiReply created = createKey(m_client.token, QStringLiteral("usage"));
    const qint64 id = created.data().value(QStringLiteral("id")).toInteger();
    const QString key = created.data().value(QStringLiteral("api_key")).toString();

    QJsonObject item = findById(listKeys(m_client.token), id);
    QVERIFY(item.contains(QStringLiteral("last_used_at")));
    QVERIFY(item.value(QStringLiteral("last_used_at")).isNull());

    const QDateTime before = QDateTime::currentDateTimeUtc().addSecs(-1);
    QCOMPARE(m_api->get(QStringLiteral("/api/auth/me"), key).status, 200);
    const QDateTime after = QDateTime::currentDateTimeUtc().addSecs(1);

    item = findById(listKeys(m_client.token), id);
    const QDateTime lastUsed = QDateTime::fromString(item.value(QStringLiteral("last_used_at")).toString(), Qt::ISODateWithMs);
    QVERIFY2(lastUsed.isValid(), qPrintable(item.value(QStringLiteral("last_used_at")).toString()));
    QVERIFY(lastUsed >= before && lastUsed <= after);
}

void ApiKeysTest::createValidatesTheName_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::newRow("missing") << QByteArray("{}");
    QTest::newRow("empty body") << QByteArray();
    QTest::newRow("null") << QByteArray("{\"name\":null}");
    QTest::newRow("empty") << QByteArray("{\"name\":\"\"}");
    QTest::newRow("blank") << QByteArray("{\"name\":\"   \"}");
    QTest::newRow("number") << QByteArray("{\"name\":42}");
    QTest::newRow("array") << QByteArray("{\"name\":[\"ci\"]}");
    QTest::newRow("object") << QByteArray("{\"name\":{\"a\":1}}");
    QTest::newRow("101 characters") << "{\"name\":\"" + QByteArray(101, 'n') + "\"}";
}

void ApiKeysTest::createValidatesTheName()
{
    QFETCH(QByteArray, body);
    const qsizetype keysBefore = listKeys(m_client.token).size();
    const ApiReply reply = m_api->send("POST", QStringLiteral("/api/client/credentials/http/create"), body, m_client.token);
    QCOMPARE(reply.status, 422);
    QVERIFY2(reply.isErrorEnvelope(), qPrintable(reply.describe()));
    QVERIFY(reply.errors().value(QStringLiteral("name")).isString());
    QCOMPARE(listKeys(m_client.token).size(), keysBefore);
}

void ApiKeysTest::nameOfExactly100CharactersIsAccepted()
{
    const QString name(100, QLatin1Char('n'));
    const ApiReply reply = createKey(m_client.token, name);
    QCOMPARE(reply.status, 201);
    QCOMPARE(reply.data().value(QStringLiteral("name")).toString(), name);
}

void ApiKeysTest::bodyThatIsNotAJsonObjectGets400_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::newRow("truncated") << QByteArray("{\"name\":");
    QTest::newRow("plain text") << QByteArray("name=ci");
    QTest::newRow("array") << QByteArray("[\"ci\"]");
    QTest::newRow("string") << QByteArray("\"ci\"");
}

void ApiKeysTest::bodyThatIsNotAJsonObjectGets400()
{
    QFETCH(QByteArray, body);
    const ApiReply reply = m_api->send("POST", QStringLiteral("/api/client/credentials/http/create"), body, m_client.token);
    QCOMPARE(reply.status, 400);
    QVERIFY2(reply.isErrorEnvelope(), qPrintable(reply.describe()));
    QVERIFY(reply.errors().contains(QStringLiteral("body")));
}

void ApiKeysTest::revokedKeyIsRefusedAtOnce()
{
    const ApiReply created = createKey(m_client.token, QStringLiteral("short-lived"));
    const qint64 id = created.data().value(QStringLiteral("id")).toInteger();
    const QString key = created.data().value(QStringLiteral("api_key")).toString();
    QCOMPARE(m_api->get(QStringLiteral("/api/auth/me"), key).status, 200);

    const ApiReply revoked = m_api->post(QStringLiteral("/api/client/credentials/http/revoke/%1").arg(id), {}, m_client.token);
    QCOMPARE(revoked.status, 200);
    QCOMPARE(revoked.json.value(QStringLiteral("success")).toBool(), true);
    QVERIFY(!revoked.message().isEmpty());

    const ApiReply refused = m_api->get(QStringLiteral("/api/auth/me"), key);
    QCOMPARE(refused.status, 401);
    QVERIFY(refused.isErrorEnvelope());
    QCOMPARE(m_api->get(QStringLiteral("/api/client/credentials/http"), key).status, 401);
    QVERIFY(findById(listKeys(m_client.token), id).isEmpty());
    // The session that revoked it is unaffected.
    QCOMPARE(m_api->get(QStringLiteral("/api/auth/me"), m_client.token).status, 200);
}

void ApiKeysTest::revokingTwiceGets404()
{
    const qint64 id = createKey(m_client.token).data().value(QStringLiteral("id")).toInteger();
    const QString path = QStringLiteral("/api/client/credentials/http/revoke/%1").arg(id);
    QCOMPARE(m_api->post(path, {}, m_client.token).status, 200);
    const ApiReply again = m_api->post(path, {}, m_client.token);
    QCOMPARE(again.status, 404);
    QVERIFY(again.isErrorEnvelope());
}

void ApiKeysTest::anotherAccountsKeyCannotBeSeenOrRevoked()
{
    const ApiClient::Account owner = m_api->createClient(m_adminToken);
    const ApiClient::Account other = m_api->createClient(m_adminToken);
    const ApiReply created = createKey(owner.token, QStringLiteral("owner's"));
    const qint64 id = created.data().value(QStringLiteral("id")).toInteger();
    const QString key = created.data().value(QStringLiteral("api_key")).toString();
    newKey(other.token, QStringLiteral("other's"));

    const ApiReply revoke = m_api->post(QStringLiteral("/api/client/credentials/http/revoke/%1").arg(id), {}, other.token);
    QCOMPARE(revoke.status, 404);
    QVERIFY(revoke.isErrorEnvelope());
    // Not even with the other account's own API key.
    const QString otherKey = newKey(other.token);
    QCOMPARE(m_api->post(QStringLiteral("/api/client/credentials/http/revoke/%1").arg(id), {}, otherKey).status, 404);

    const QJsonArray otherList = listKeys(other.token);
    QCOMPARE(otherList.size(), 2);
    QVERIFY(findById(otherList, id).isEmpty());
    const ApiReply otherReply = m_api->get(QStringLiteral("/api/client/credentials/http"), other.token);
    QCOMPARE(otherReply.json.value(QStringLiteral("meta")).toObject().value(QStringLiteral("total")).toInteger(), 2);

    // The owner's key still works and is still listed for the owner.
    const ApiReply me = m_api->get(QStringLiteral("/api/auth/me"), key);
    QCOMPARE(me.status, 200);
    QCOMPARE(me.data().value(QStringLiteral("id")).toInteger(), owner.id);
    QVERIFY(!findById(listKeys(owner.token), id).isEmpty());
}

void ApiKeysTest::revokeOfAnIdThatIsNotAPositiveNumberGets404_data()
{
    QTest::addColumn<QString>("id");
    QTest::newRow("letters") << QStringLiteral("abc");
    QTest::newRow("number then letters") << QStringLiteral("1abc");
    QTest::newRow("zero") << QStringLiteral("0");
    QTest::newRow("negative") << QStringLiteral("-1");
    QTest::newRow("fraction") << QStringLiteral("1.5");
    QTest::newRow("too large") << QStringLiteral("99999999999999999999999");
    QTest::newRow("unknown") << QStringLiteral("987654321");
}

void ApiKeysTest::revokeOfAnIdThatIsNotAPositiveNumberGets404()
{
    QFETCH(QString, id);
    const ApiReply reply = m_api->post(QStringLiteral("/api/client/credentials/http/revoke/") + id, {}, m_client.token);
    QCOMPARE(reply.status, 404);
    QVERIFY2(reply.isErrorEnvelope(), qPrintable(reply.describe()));
}

void ApiKeysTest::keyIsStoredOnlyAsItsSha256Hash()
{
    const ApiReply created = createKey(m_client.token, QStringLiteral("hashed"));
    const qint64 id = created.data().value(QStringLiteral("id")).toInteger();
    const QString key = created.data().value(QStringLiteral("api_key")).toString();
    QVERIFY(!key.isEmpty());

    QSqlQuery query(m_database.connection());
    QVERIFY(query.exec(QStringLiteral("SELECT * FROM api_keys")));
    bool found = false;
    while (query.next()) {
        const QSqlRecord row = query.record();
        for (int column = 0; column < row.count(); ++column)
            QVERIFY2(!row.value(column).toString().contains(key.mid(4)), qPrintable(row.fieldName(column)));
        if (row.value(QStringLiteral("id")).toLongLong() == id) {
            found = true;
            const QString expected =
                QString::fromLatin1(QCryptographicHash::hash(key.toUtf8(), QCryptographicHash::Sha256).toHex());
            QCOMPARE(row.value(QStringLiteral("key_hash")).toString(), expected);
            QCOMPARE(row.value(QStringLiteral("user_id")).toLongLong(), m_client.id);
        }
    }
    QVERIFY(found);
}

void ApiKeysTest::anAccountHasAtMost50ActiveKeys()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    qint64 firstId = 0;
    for (int n = 0; n < 50; ++n) {
        const ApiReply reply = createKey(client.token, QStringLiteral("key %1").arg(n));
        QVERIFY2(reply.status == 201, qPrintable(reply.describe()));
        if (n == 0)
            firstId = reply.data().value(QStringLiteral("id")).toInteger();
    }
    const ApiReply refused = createKey(client.token, QStringLiteral("one too many"));
    QCOMPARE(refused.status, 422);
    QVERIFY(refused.isErrorEnvelope());
    QVERIFY(refused.errors().value(QStringLiteral("name")).isString());
    QCOMPARE(listKeys(client.token).size(), 50);

    // Revoked keys do not count, and other accounts have their own allowance.
    QCOMPARE(m_api->post(QStringLiteral("/api/client/credentials/http/revoke/%1").arg(firstId), {}, client.token).status, 200);
    QCOMPARE(createKey(client.token, QStringLiteral("replacement")).status, 201);
    QCOMPARE(createKey(client.token, QStringLiteral("one too many")).status, 422);
    QCOMPARE(createKey(m_client.token, QStringLiteral("elsewhere")).status, 201);
}

void ApiKeysTest::concurrentCreatesDoNotPassTheCap()
{
    // A few rounds: where there is a race, it does not show every time.
    for (int round = 0; round < 3; ++round) {
        const ApiClient::Account client = m_api->createClient(m_adminToken);
        for (int n = 0; n < 44; ++n)
            QCOMPARE(createKey(client.token).status, 201);
        const QList<int> statuses = createKeysAtOnce(client.token, 16);
        QCOMPARE(statuses.count(201), 6);
        QCOMPARE(statuses.count(422), 10);
        const ApiReply list = m_api->get(QStringLiteral("/api/client/credentials/http"), client.token);
        QCOMPARE(list.json.value(QStringLiteral("meta")).toObject().value(QStringLiteral("total")).toInteger(), 50);
    }
}

void ApiKeysTest::listIsPaginatedNewestFirst()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    QList<qint64> ids;
    for (int n = 0; n < 5; ++n)
        ids.prepend(createKey(client.token, QStringLiteral("page key %1").arg(n)).data().value(QStringLiteral("id")).toInteger());

    ApiReply reply = m_api->get(QStringLiteral("/api/client/credentials/http"), client.token);
    QCOMPARE(reply.status, 200);
    QJsonObject meta = reply.json.value(QStringLiteral("meta")).toObject();
    QCOMPARE(meta.value(QStringLiteral("current_page")).toInteger(), 1);
    QCOMPARE(meta.value(QStringLiteral("per_page")).toInteger(), 25);
    QCOMPARE(meta.value(QStringLiteral("total")).toInteger(), 5);
    QCOMPARE(meta.value(QStringLiteral("last_page")).toInteger(), 1);
    QCOMPARE(reply.list().size(), 5);

    QList<qint64> seen;
    for (int page = 1; page <= 3; ++page) {
        reply = m_api->get(QStringLiteral("/api/client/credentials/http?per_page=2&page=%1").arg(page), client.token);
        QCOMPARE(reply.status, 200);
        QCOMPARE(reply.json.value(QStringLiteral("success")).toBool(), true);
        meta = reply.json.value(QStringLiteral("meta")).toObject();
        QCOMPARE(meta.value(QStringLiteral("current_page")).toInteger(), page);
        QCOMPARE(meta.value(QStringLiteral("per_page")).toInteger(), 2);
        QCOMPARE(meta.value(QStringLiteral("total")).toInteger(), 5);
        QCOMPARE(meta.value(QStringLiteral("last_page")).toInteger(), 3);
        QCOMPARE(reply.list().size(), page < 3 ? 2 : 1);
        for (const QJsonValue &item : reply.list())
            seen.append(item.toObject().value(QStringLiteral("id")).toInteger());
    }
    QCOMPARE(seen, ids);

    // Past the end: an empty page, not an error.
    reply = m_api->get(QStringLiteral("/api/client/credentials/http?per_page=2&page=4"), client.token);
    QCOMPARE(reply.status, 200);
    QVERIFY(reply.list().isEmpty());
    QCOMPARE(reply.json.value(QStringLiteral("meta")).toObject().value(QStringLiteral("total")).toInteger(), 5);

    reply = m_api->get(QStringLiteral("/api/client/credentials/http?per_page=100"), client.token);
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.json.value(QStringLiteral("meta")).toObject().value(QStringLiteral("per_page")).toInteger(), 100);
}

void ApiKeysTest::badPaginationParametersGet422_data()
{
    QTest::addColumn<QString>("query");
    QTest::addColumn<QStringList>("fields");
    const QStringList perPage{QStringLiteral("per_page")};
    const QStringList page{QStringLiteral("page")};
    QTest::newRow("per_page=0") << QStringLiteral("per_page=0") << perPage;
    QTest::newRow("per_page=101") << QStringLiteral("per_page=101") << perPage;
    QTest::newRow("per_page=-5") << QStringLiteral("per_page=-5") << perPage;
    QTest::newRow("per_page=ten") << QStringLiteral("per_page=ten") << perPage;
    QTest::newRow("per_page empty") << QStringLiteral("per_page=") << perPage;
    QTest::newRow("page=0") << QStringLiteral("page=0") << page;
    QTest::newRow("page=abc") << QStringLiteral("page=abc") << page;
    QTest::newRow("page=1.5") << QStringLiteral("page=1.5") << page;
    QTest::newRow("both") << QStringLiteral("page=0&per_page=0") << QStringList{QStringLiteral("page"), QStringLiteral("per_page")};
}

void ApiKeysTest::badPaginationParametersGet422()
{
    QFETCH(QString, query);
    QFETCH(QStringList, fields);
    const ApiReply reply = m_api->get(QStringLiteral("/api/client/credentials/http?") + query, m_client.token);
    QCOMPARE(reply.status, 422);
    QVERIFY2(reply.isErrorEnvelope(), qPrintable(reply.describe()));
    QStringList keys = reply.errors().keys();
    keys.sort();
    QCOMPARE(keys, fields);
}

void ApiKeysTest::routesNeedABearer()
{
    QCOMPARE(m_api->get(QStringLiteral("/api/client/credentials/http")).status, 401);
    QCOMPARE(createKey(QString()).status, 401);
    const qint64 id = createKey(m_client.token).data().value(QStringLiteral("id")).toInteger();
    const ApiReply reply = m_api->post(QStringLiteral("/api/client/credentials/http/revoke/%1").arg(id), {});
    QCOMPARE(reply.status, 401);
    QVERIFY(reply.isErrorEnvelope());
    QVERIFY(!findById(listKeys(m_client.token), id).isEmpty());
}

QTEST_GUILESS_MAIN(ApiKeysTest)
#include "tst_apikeys.moc"
