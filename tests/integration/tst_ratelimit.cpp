// Rate limits: X-RateLimit-* headers, the global per-account limit across all credentials, per-account
// limits set by an admin, and per-address limits on routes that need no authentication.
#include "apiclient.h"
#include "applianceprocess.h"
#include "testdatabase.h"

#include <QDateTime>
#include <QDeadlineTimer>
#include <QJsonDocument>
#include <QTcpSocket>
#include <QTest>

#include <memory>

namespace {

// An appliance of its own (each test spends its accounts' budgets as it likes).
struct Node
{
    TestDatabase database;
    std::unique_ptr<ApplianceProcess> appliance;
    std::unique_ptr<ApiClient> api;
    QString adminToken;
    QString error;
};

std::unique_ptr<Node> startNode(const QList<QPair<QString, QString>> &environment)
{
    auto node = std::make_unique<Node>();
    if (!node->database.isValid()) {
        node->error = node->database.error();
        return node;
    }
    node->appliance = std::make_unique<ApplianceProcess>(node->database.url());
    for (const auto &[name, value] : environment)
        node->appliance->setEnv(name, value);
    if (!node->appliance->start()) {
        node->error = node->appliance->output();
        return node;
    }
    node->api = std::make_unique<ApiClient>(node->appliance->baseUrl());
    node->adminToken = node->api->adminToken();
    if (node->adminToken.isEmpty())
        node->error = QStringLiteral("the admin cannot log in");
    return node;
}

QString createKey(ApiClient &api, const QString &token, const QString &name)
{
    return api.post(QStringLiteral("/api/client/credentials/http/create"), {{QStringLiteral("name"), name}}, token)
        .data()
        .value(QStringLiteral("api_key"))
        .toString();
}

qint64 headerNumber(const ApiReply &reply, const QByteArray &name, bool *ok)
{
    return reply.header(name).toLongLong(ok);
}

// GET on a raw socket whose source address is sourceAddress (anything in 127/8 reaches the appliance).
ApiReply getFrom(const QHostAddress &sourceAddress, quint16 port, const QByteArray &path)
{
    ApiReply reply;
    QTcpSocket socket;
    if (!socket.bind(sourceAddress))
        return reply;
    socket.connectToHost(QHostAddress::LocalHost, port);
    if (!socket.waitForConnected(5000))
        return reply;
    socket.write("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    QByteArray received;
    const QDeadlineTimer deadline(5000);
    while (socket.state() == QAbstractSocket::ConnectedState && !deadline.hasExpired()) {
        socket.waitForReadyRead(int(qMax<qint64>(1, deadline.remainingTime())));
        received += socket.readAll();
    }
    received += socket.readAll();
    const qsizetype headEnd = received.indexOf("\r\n\r\n");
    if (headEnd < 0)
        return reply;
    const QList<QByteArray> lines = received.left(headEnd).split('\n');
    reply.status = lines.first().split(' ').value(1).toInt();
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines[i].indexOf(':');
        if (colon > 0)
            reply.headers.insert(lines[i].left(colon).trimmed().toLower(), lines[i].mid(colon + 1).trimmed());
    }
    reply.body = received.mid(headEnd + 4);
    reply.json = QJsonDocument::fromJson(reply.body).object();
    return reply;
}

} // namespace

#define START_NODE(node, ...)                                                                                              \
    const std::unique_ptr<Node> node = startNode(__VA_ARGS__);                                                             \
    QVERIFY2(node->error.isEmpty(), qPrintable(node->error))

class RateLimitTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyAuthenticatedResponseCarriesRateLimitHeaders();
    void globalLimitAnswers429WithRetryAfter();
    void limitCoversAllKeysAndTokensOfOneAccount();
    void anotherAccountIsNotAffected();
    void accountLimitSetByAdminWinsOverTheGlobalOne();
    void nullAccountLimitRestoresTheGlobalOne();
    void publicRoutesAreLimitedPerClientAddress();
};

void RateLimitTest::everyAuthenticatedResponseCarriesRateLimitHeaders()
{
    START_NODE(node, {{QStringLiteral("OGENE_RATE_LIMIT_PER_MINUTE"), QStringLiteral("1000")}});
    const ApiClient::Account client = node->api->createClient(node->adminToken);
    QVERIFY(!client.token.isEmpty());

    // Success, validation error, forbidden and not found: all counted, all with the figures.
    const QList<ApiReply> replies = {
        node->api->get(QStringLiteral("/api/auth/me"), client.token),
        node->api->get(QStringLiteral("/api/client/credentials/http"), client.token),
        node->api->post(QStringLiteral("/api/client/credentials/http/create"), {}, client.token),
        node->api->get(QStringLiteral("/api/admin/users"), client.token),
        node->api->post(QStringLiteral("/api/client/credentials/http/revoke/999999"), {}, client.token),
    };
    const QList<int> statuses = {200, 200, 422, 403, 404};
    const qint64 nowSeconds = QDateTime::currentSecsSinceEpoch();
    for (qsizetype i = 0; i < replies.size(); ++i) {
        const ApiReply &reply = replies.at(i);
        QCOMPARE(reply.status, statuses.at(i));
        bool ok = false;
        QCOMPARE(headerNumber(reply, "x-ratelimit-limit", &ok), 1000);
        QVERIFY(ok);
        QCOMPARE(headerNumber(reply, "x-ratelimit-remaining", &ok), 1000 - 1 - i);
        QVERIFY(ok);
        const qint64 reset = headerNumber(reply, "x-ratelimit-reset", &ok);
        QVERIFY(ok);
        QVERIFY2(reset >= nowSeconds && reset <= nowSeconds + 61, reply.header("x-ratelimit-reset").constData());
    }
    // One window per account: every answer names the same reset time.
    for (const ApiReply &reply : replies)
        QCOMPARE(reply.header("x-ratelimit-reset"), replies.first().header("x-ratelimit-reset"));
}

void RateLimitTest::globalLimitAnswers429WithRetryAfter()
{
    START_NODE(node, {{QStringLiteral("OGENE_RATE_LIMIT_PER_MINUTE"), QStringLiteral("5")}});
    const ApiClient::Account client = node->api->createClient(node->adminToken);
    QVERIFY(!client.token.isEmpty());

    for (int i = 0; i < 5; ++i) {
        const ApiReply reply = node->api->get(QStringLiteral("/api/auth/me"), client.token);
        QCOMPARE(reply.status, 200);
        QCOMPARE(reply.header("x-ratelimit-limit"), QByteArray("5"));
        QCOMPARE(reply.header("x-ratelimit-remaining"), QByteArray::number(4 - i));
    }
    const ApiReply limited = node->api->get(QStringLiteral("/api/auth/me"), client.token);
    QCOMPARE(limited.status, 429);
    QVERIFY2(limited.isErrorEnvelope(), qPrintable(limited.describe()));
    bool ok = false;
    const int retryAfter = limited.header("retry-after").toInt(&ok);
    QVERIFY2(ok && retryAfter >= 1 && retryAfter <= 60, limited.header("retry-after").constData());
    QCOMPARE(limited.header("x-ratelimit-limit"), QByteArray("5"));
    QCOMPARE(limited.header("x-ratelimit-remaining"), QByteArray("0"));
    QVERIFY(!limited.header("x-ratelimit-reset").isEmpty());

    // Refused requests do not count: it stays refused, no deeper.
    QCOMPARE(node->api->get(QStringLiteral("/api/client/credentials/http"), client.token).status, 429);
}

void RateLimitTest::limitCoversAllKeysAndTokensOfOneAccount()
{
    START_NODE(node, {{QStringLiteral("OGENE_RATE_LIMIT_PER_MINUTE"), QStringLiteral("8")}});
    const ApiClient::Account client = node->api->createClient(node->adminToken);
    QVERIFY(!client.token.isEmpty());
    const QString secondToken = node->api->login(client.email, client.password); // logins are public: not counted
    QVERIFY(!secondToken.isEmpty());
    const QString firstKey = createKey(*node->api, client.token, QStringLiteral("one")); // request 1
    const QString secondKey = createKey(*node->api, client.token, QStringLiteral("two")); // request 2
    QVERIFY(!firstKey.isEmpty());
    QVERIFY(!secondKey.isEmpty());

    const QStringList credentials = {firstKey, secondKey, secondToken, client.token, firstKey, secondKey};
    for (qsizetype i = 0; i < credentials.size(); ++i) {
        const ApiReply reply = node->api->get(QStringLiteral("/api/auth/me"), credentials.at(i));
        QCOMPARE(reply.status, 200);
        QCOMPARE(reply.header("x-ratelimit-remaining"), QByteArray::number(8 - 3 - i));
    }
    for (const QString &credential : {client.token, secondToken, firstKey, secondKey}) {
        const ApiReply reply = node->api->get(QStringLiteral("/api/auth/me"), credential);
        QCOMPARE(reply.status, 429);
        QVERIFY(reply.isErrorEnvelope());
    }
    // A token issued now is the same account: refused as well.
    const QString thirdToken = node->api->login(client.email, client.password);
    QVERIFY(!thirdToken.isEmpty());
    QCOMPARE(node->api->get(QStringLiteral("/api/auth/me"), thirdToken).status, 429);
}

void RateLimitTest::anotherAccountIsNotAffected()
{
    START_NODE(node, {{QStringLiteral("OGENE_RATE_LIMIT_PER_MINUTE"), QStringLiteral("5")}});
    const ApiClient::Account busy = node->api->createClient(node->adminToken);
    const ApiClient::Account quiet = node->api->createClient(node->adminToken);
    QVERIFY(!busy.token.isEmpty());
    QVERIFY(!quiet.token.isEmpty());

    for (int i = 0; i < 5; ++i)
        QCOMPARE(node->api->get(QStringLiteral("/api/auth/me"), busy.token).status, 200);
    QCOMPARE(node->api->get(QStringLiteral("/api/auth/me"), busy.token).status, 429);

    const ApiReply reply = node->api->get(QStringLiteral("/api/auth/me"), quiet.token);
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.data().value(QStringLiteral("id")).toInteger(), quiet.id);
    QCOMPARE(reply.header("x-ratelimit-remaining"), QByteArray("4"));
    // The admin that made both accounts has spent two of its own five.
    const ApiReply admin = node->api->get(QStringLiteral("/api/auth/me"), node->adminToken);
    QCOMPARE(admin.status, 200);
    QCOMPARE(admin.header("x-ratelimit-remaining"), QByteArray("2"));
}

void RateLimitTest::accountLimitSetByAdminWinsOverTheGlobalOne()
{
    START_NODE(node, {{QStringLiteral("OGENE_RATE_LIMIT_PER_MINUTE"), QStringLiteral("5")}});
    const ApiClient::Account client = node->api->createClient(node->adminToken);
    QVERIFY(!client.token.isEmpty());
    const QString userPath = QStringLiteral("/api/admin/users/%1").arg(client.id);

    // Lower than the global limit.
    ApiReply updated = node->api->put(userPath, {{QStringLiteral("rate_limit_per_minute"), 3}}, node->adminToken);
    QCOMPARE(updated.status, 200);
    QCOMPARE(updated.data().value(QStringLiteral("rate_limit_per_minute")).toInteger(), 3);
    for (int i = 0; i < 3; ++i) {
        const ApiReply reply = node->api->get(QStringLiteral("/api/auth/me"), client.token);
        QCOMPARE(reply.status, 200);
        QCOMPARE(reply.header("x-ratelimit-limit"), QByteArray("3"));
    }
    ApiReply limited = node->api->get(QStringLiteral("/api/auth/me"), client.token);
    QCOMPARE(limited.status, 429);
    QCOMPARE(limited.header("x-ratelimit-limit"), QByteArray("3"));

    // Higher than the global limit: the account goes past the global five.
    updated = node->api->put(userPath, {{QStringLiteral("rate_limit_per_minute"), 8}}, node->adminToken);
    QCOMPARE(updated.status, 200);
    for (int i = 3; i < 8; ++i) {
        const ApiReply reply = node->api->get(QStringLiteral("/api/auth/me"), client.token);
        QCOMPARE(reply.status, 200);
        QCOMPARE(reply.header("x-ratelimit-limit"), QByteArray("8"));
        QCOMPARE(reply.header("x-ratelimit-remaining"), QByteArray::number(8 - 1 - i));
    }
    limited = node->api->get(QStringLiteral("/api/auth/me"), client.token);
    QCOMPARE(limited.status, 429);
    QCOMPARE(limited.header("x-ratelimit-limit"), QByteArray("8"));
}

void RateLimitTest::nullAccountLimitRestoresTheGlobalOne()
{
    START_NODE(node, {{QStringLiteral("OGENE_RATE_LIMIT_PER_MINUTE"), QStringLiteral("5")}});
    const ApiClient::Account client = node->api->createClient(node->adminToken);
    QVERIFY(!client.token.isEmpty());
    const QString userPath = QStringLiteral("/api/admin/users/%1").arg(client.id);

    QCOMPARE(node->api->put(userPath, {{QStringLiteral("rate_limit_per_minute"), 2}}, node->adminToken).status, 200);
    const ApiReply restored =
        node->api->put(userPath, {{QStringLiteral("rate_limit_per_minute"), QJsonValue(QJsonValue::Null)}}, node->adminToken);
    QCOMPARE(restored.status, 200);
    QVERIFY(restored.data().contains(QStringLiteral("rate_limit_per_minute")));
    QVERIFY(restored.data().value(QStringLiteral("rate_limit_per_minute")).isNull());

    for (int i = 0; i < 5; ++i) {
        const ApiReply reply = node->api->get(QStringLiteral("/api/auth/me"), client.token);
        QCOMPARE(reply.status, 200);
        QCOMPARE(reply.header("x-ratelimit-limit"), QByteArray("5"));
    }
    QCOMPARE(node->api->get(QStringLiteral("/api/auth/me"), client.token).status, 429);
}

void RateLimitTest::publicRoutesAreLimitedPerClientAddress()
{
    START_NODE(node, {{QStringLiteral("OGENE_ANONYMOUS_RATE_LIMIT_PER_MINUTE"), QStringLiteral("5")}});
    // start() and the admin's login have already spent some of 127.0.0.1's five: read what is left.
    ApiReply reply = node->api->get(QStringLiteral("/api/health"));
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.header("x-ratelimit-limit"), QByteArray("5"));
    bool ok = false;
    qint64 remaining = reply.header("x-ratelimit-remaining").toLongLong(&ok);
    QVERIFY2(ok && remaining >= 0 && remaining <= 2, reply.header("x-ratelimit-remaining").constData());
    while (remaining > 0) {
        reply = node->api->get(QStringLiteral("/api/health"));
        QCOMPARE(reply.status, 200);
        QCOMPARE(reply.header("x-ratelimit-remaining").toLongLong(), remaining - 1);
        remaining = reply.header("x-ratelimit-remaining").toLongLong();
    }

    reply = node->api->get(QStringLiteral("/api/health"));
    QCOMPARE(reply.status, 429);
    QVERIFY2(reply.isErrorEnvelope(), qPrintable(reply.describe()));
    QVERIFY(reply.header("retry-after").toInt() >= 1);
    // Every public route shares the address's budget.
    QCOMPARE(node->api->post(QStringLiteral("/api/auth/login"),
                             {{QStringLiteral("email"), QLatin1String(ApplianceProcess::AdminEmail)},
                              {QStringLiteral("password"), QLatin1String(ApplianceProcess::AdminPassword)}})
                 .status,
             429);

    // Another address has a budget of its own.
    const ApiReply elsewhere = getFrom(QHostAddress(QStringLiteral("127.0.0.2")), node->appliance->port(), "/api/health");
    QCOMPARE(elsewhere.status, 200);
    QCOMPARE(elsewhere.header("x-ratelimit-remaining"), QByteArray("4"));

    // Authenticated routes count against the account, not the address.
    const ApiReply me = node->api->get(QStringLiteral("/api/auth/me"), node->adminToken);
    QCOMPARE(me.status, 200);
    QCOMPARE(me.header("x-ratelimit-limit"), QByteArray("100000"));
}

QTEST_GUILESS_MAIN(RateLimitTest)
#include "tst_ratelimit.moc"
