// Operations: GET /metrics in the Prometheus text format (figures that move with real traffic, its
// guard by token and address list, no rate limit), and the log as text or JSON lines without secrets.
#include "apiclient.h"
#include "applianceprocess.h"
#include "smpptestclient.h"
#include "testdatabase.h"

#include "smpp/pducodec.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

using namespace ogene::smpp;

namespace {

constexpr const char *MetricsToken = "metrics-Token-5c9e1f07d2";

// One scrape, parsed: each sample by its full name with labels as written ("name{a=\"b\"}").
struct Exposition
{
    QHash<QString, double> samples;
    QString problem; // empty when every line is well formed

    double value(const QString &series) const { return samples.value(series, 0); }
    // The sum of every sample of the family whose labels include all of these.
    double sum(const QString &family, const QStringList &labels = {}) const
    {
        double total = 0;
        for (auto it = samples.cbegin(); it != samples.cend(); ++it) {
            const QString name = it.key().section(QLatin1Char('{'), 0, 0);
            if (name != family)
                continue;
            bool all = true;
            for (const QString &label : labels)
                all = all && it.key().contains(label);
            if (all)
                total += it.value();
        }
        return total;
    }
};

// Checks the format as Prometheus reads it (version 0.0.4): every family has HELP and TYPE before
// its samples, counters end in _total, label values are quoted, values are numbers.
Exposition parse(const QByteArray &body)
{
    Exposition parsed;
    static const QRegularExpression sampleLine(QStringLiteral(
        R"(^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{([a-zA-Z_][a-zA-Z0-9_]*="(\\.|[^"\\])*"(,[a-zA-Z_][a-zA-Z0-9_]*="(\\.|[^"\\])*")*)?\})? (?<value>\S+)$)"));
    static const QRegularExpression helpLine(QStringLiteral(R"(^# HELP ([a-zA-Z_:][a-zA-Z0-9_:]*) .+$)"));
    static const QRegularExpression typeLine(QStringLiteral(R"(^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge)$)"));
    QSet<QString> helped, typed;
    for (const QString &line : QString::fromUtf8(body).split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        if (const auto help = helpLine.match(line); help.hasMatch()) {
            helped.insert(help.captured(1));
            continue;
        }
        if (const auto type = typeLine.match(line); type.hasMatch()) {
            if (!helped.contains(type.captured(1)))
                parsed.problem = QStringLiteral("TYPE before HELP: ") + line;
            if (type.captured(2) == QLatin1String("counter") && !type.captured(1).endsWith(QLatin1String("_total")))
                parsed.problem = QStringLiteral("counter not ending in _total: ") + line;
            typed.insert(type.captured(1));
            continue;
        }
        const auto sample = sampleLine.match(line);
        if (!sample.hasMatch()) {
            parsed.problem = QStringLiteral("malformed line: ") + line;
            continue;
        }
        if (!typed.contains(sample.captured(1)))
            parsed.problem = QStringLiteral("sample before its TYPE: ") + line;
        bool ok = false;
        const double value = sample.captured(QStringLiteral("value")).toDouble(&ok);
        if (!ok)
            parsed.problem = QStringLiteral("value is not a number: ") + line;
        const QString key = line.section(QLatin1Char(' '), 0, -2);
        if (parsed.samples.contains(key))
            parsed.problem = QStringLiteral("series written twice: ") + key;
        parsed.samples.insert(key, value);
    }
    return parsed;
}

QList<QPair<QByteArray, QByteArray>> bearer(const QByteArray &token)
{
    return {{QByteArrayLiteral("Authorization"), QByteArrayLiteral("Bearer ") + token}};
}

} // namespace

class MetricsTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void expositionIsWellFormedWithEveryFamily();
    void messageAndHttpFiguresMoveWithSends();
    void walletCreditShows();
    void smppBindShowsAsASession();
    void routesAreCountedByPatternNotPath();
    void missingOrWrongTokenIs401();
    void offWithoutTokenOrAllowList();
    void addressOutsideTheAllowListIs403();
    void allowedByAddressAloneAndNotRateLimited();
    void addressAndTokenTogetherNeedBoth();
    void jsonLogLinesParseWithTheirFields();
    void secretsNeverReachTheLogInEitherFormat();

private:
    Exposition scrape(ApiClient &api, const QByteArray &token = MetricsToken);
    std::unique_ptr<ApplianceProcess> applianceWith(const QList<QPair<QString, QString>> &environment);

    TestDatabase m_database;
    std::unique_ptr<ApplianceProcess> m_appliance;
    std::unique_ptr<ApiClient> m_api;
    QString m_admin;
};

void MetricsTest::initTestCase()
{
    QVERIFY2(m_database.isValid(), qPrintable(m_database.error()));
    m_appliance = std::make_unique<ApplianceProcess>(m_database.url());
    m_appliance->setEnv(QStringLiteral("OGENE_METRICS_TOKEN"), QLatin1String(MetricsToken));
    m_appliance->setEnv(QStringLiteral("OGENE_METRICS_DATABASE_REFRESH_MS"), QStringLiteral("0"));
    m_appliance->setEnv(QStringLiteral("OGENE_SIMULATOR_DELIVERY_DELAY_MS"), QStringLiteral("100"));
    m_appliance->setEnv(QStringLiteral("OGENE_LOG_FORMAT"), QStringLiteral("json"));
    m_appliance->setEnv(QStringLiteral("OGENE_LOG_LEVEL"), QStringLiteral("debug"));
    QVERIFY2(m_appliance->start(), qPrintable(m_appliance->output()));
    m_api = std::make_unique<ApiClient>(m_appliance->baseUrl());
    m_admin = m_api->adminToken();
    QVERIFY(!m_admin.isEmpty());
}

std::unique_ptr<ApplianceProcess> MetricsTest::applianceWith(const QList<QPair<QString, QString>> &environment)
{
    auto appliance = std::make_unique<ApplianceProcess>(m_database.url());
    for (const auto &[name, value] : environment)
        appliance->setEnv(name, value);
    if (!appliance->start()) {
        qWarning("%s", qPrintable(appliance->output()));
        return nullptr;
    }
    return appliance;
}

Exposition MetricsTest::scrape(ApiClient &api, const QByteArray &token)
{
    const ApiReply reply = api.send("GET", QStringLiteral("/metrics"), {}, {}, token.isEmpty() ? QList<QPair<QByteArray, QByteArray>>{} : bearer(token));
    Exposition parsed;
    if (reply.status != 200) {
        parsed.problem = reply.describe();
        return parsed;
    }
    if (!reply.header("content-type").startsWith("text/plain; version=0.0.4")) {
        parsed.problem = QStringLiteral("content type ") + QString::fromLatin1(reply.header("content-type"));
        return parsed;
    }
    return parse(reply.body);
}

void MetricsTest::expositionIsWellFormedWithEveryFamily()
{
    const Exposition metrics = scrape(*m_api);
    QVERIFY2(metrics.problem.isEmpty(), qPrintable(metrics.problem));
    QCOMPARE(metrics.value(QStringLiteral("ogene_build_info{version=\"%1\"}").arg(QStringLiteral(OGENE_VERSION))), 1.0);
    const double started = metrics.value(QStringLiteral("process_start_time_seconds"));
    QVERIFY(started > QDateTime::currentSecsSinceEpoch() - 600 && started <= QDateTime::currentSecsSinceEpoch() + 1);
    for (const QString &status : {QStringLiteral("queued"), QStringLiteral("sent"), QStringLiteral("delivered"), QStringLiteral("failed")})
        QVERIFY2(metrics.samples.contains(QStringLiteral("ogene_messages{status=\"%1\"}").arg(status)), qPrintable(status));
    QVERIFY(metrics.samples.contains(QStringLiteral("ogene_outbound_queue_depth")));
    QVERIFY(metrics.samples.contains(QStringLiteral("ogene_gateway_up{gateway=\"simulator\",type=\"simulator\"}")));
    QVERIFY(metrics.samples.contains(QStringLiteral("ogene_gateway_in_flight{gateway=\"simulator\"}")));
    QVERIFY(metrics.samples.contains(QStringLiteral("ogene_gateway_errors_total{gateway=\"simulator\",kind=\"rejected\"}")));
    QVERIFY(metrics.samples.contains(QStringLiteral("ogene_smpp_sessions{bind_type=\"transceiver\"}")));
    QVERIFY(metrics.samples.contains(QStringLiteral("ogene_database_figures_age_seconds")));
    // The admin's sign-in above was answered and counted.
    QVERIFY(metrics.value(QStringLiteral("ogene_http_requests_total{method=\"POST\",route=\"/api/auth/login\",status=\"200\"}")) >= 1);
}

void MetricsTest::messageAndHttpFiguresMoveWithSends()
{
    const ApiClient::Account client = m_api->readyClient(m_admin, QStringLiteral("100.00"));
    QVERIFY(!client.token.isEmpty());
    const Exposition before = scrape(*m_api);
    QVERIFY2(before.problem.isEmpty(), qPrintable(before.problem));

    constexpr int Sends = 7;
    QList<qint64> ids;
    for (int i = 0; i < Sends; ++i) {
        ids.append(m_api->sendSms(client.token, QStringLiteral("+2348031234567"), QStringLiteral("Ogene"), QStringLiteral("Metrics %1").arg(i)));
        QVERIFY(ids.last() > 0);
    }
    const Exposition accepted = scrape(*m_api);
    QVERIFY2(accepted.problem.isEmpty(), qPrintable(accepted.problem));
    const QString sendRoute = QStringLiteral("ogene_http_requests_total{method=\"POST\",route=\"/api/client/sms/send\",status=\"201\"}");
    QCOMPARE(accepted.value(sendRoute) - before.value(sendRoute), double(Sends));
    QCOMPARE(accepted.sum(QStringLiteral("ogene_messages")) - before.sum(QStringLiteral("ogene_messages")), double(Sends));
    const QString sms = QStringLiteral("{currency=\"NGN\",operation=\"debit\",category=\"sms\"}");
    QCOMPARE(accepted.value(QStringLiteral("ogene_wallet_operations_total") + sms)
                 - before.value(QStringLiteral("ogene_wallet_operations_total") + sms),
             double(Sends));
    QCOMPARE(accepted.value(QStringLiteral("ogene_wallet_operation_amount_minor_units_total") + sms)
                 - before.value(QStringLiteral("ogene_wallet_operation_amount_minor_units_total") + sms),
             double(Sends * 400));

    // The simulator takes them (sent) and reports them delivered after 100 ms.
    for (qint64 id : std::as_const(ids))
        QTRY_COMPARE_WITH_TIMEOUT(m_api->messageStatus(client.token, id), QStringLiteral("delivered"), 15000);
    const Exposition delivered = scrape(*m_api);
    QVERIFY2(delivered.problem.isEmpty(), qPrintable(delivered.problem));
    const QString deliveredSeries = QStringLiteral("ogene_messages{status=\"delivered\"}");
    QCOMPARE(delivered.value(deliveredSeries) - before.value(deliveredSeries), double(Sends));
    QCOMPARE(delivered.value(QStringLiteral("ogene_messages{status=\"queued\"}")), before.value(QStringLiteral("ogene_messages{status=\"queued\"}")));
    QCOMPARE(delivered.value(QStringLiteral("ogene_outbound_queue_depth")), delivered.value(QStringLiteral("ogene_messages{status=\"queued\"}")));
    const QString simulatorSent = QStringLiteral("ogene_gateway_sent_total{gateway=\"simulator\"}");
    QCOMPARE(delivered.value(simulatorSent) - before.value(simulatorSent), double(Sends));
    QCOMPARE(delivered.value(QStringLiteral("ogene_gateway_in_flight{gateway=\"simulator\"}")), 0.0);
    const QString statusRoute = QStringLiteral("ogene_http_requests_total{method=\"GET\",route=\"/api/client/sms/status/{id}\",status=\"200\"}");
    QVERIFY(delivered.value(statusRoute) - before.value(statusRoute) >= Sends);
}

void MetricsTest::walletCreditShows()
{
    const ApiClient::Account client = m_api->createClient(m_admin, QStringLiteral("USD"));
    const Exposition before = scrape(*m_api);
    QCOMPARE(m_api->credit(m_admin, client.id, QStringLiteral("12.34")), 200);
    const Exposition after = scrape(*m_api);
    QVERIFY2(after.problem.isEmpty(), qPrintable(after.problem));
    const QString credit = QStringLiteral("{currency=\"USD\",operation=\"credit\",category=\"adjustment\"}");
    QCOMPARE(after.value(QStringLiteral("ogene_wallet_operations_total") + credit)
                 - before.value(QStringLiteral("ogene_wallet_operations_total") + credit),
             1.0);
    QCOMPARE(after.value(QStringLiteral("ogene_wallet_operation_amount_minor_units_total") + credit)
                 - before.value(QStringLiteral("ogene_wallet_operation_amount_minor_units_total") + credit),
             1234.0);
}

void MetricsTest::smppBindShowsAsASession()
{
    const ApiClient::Account client = m_api->readyClient(m_admin, QStringLiteral("10.00"), QStringLiteral("Acme"));
    QCOMPARE(m_api->post(QStringLiteral("/api/admin/users/%1/smpp-access").arg(client.id), {{QStringLiteral("approved"), true}}, m_admin).status, 200);
    const ApiReply generated = m_api->post(QStringLiteral("/api/client/credentials/smpp/generate"), {}, client.token);
    QCOMPARE(generated.status, 201);
    const QString username = generated.data().value(QStringLiteral("smpp_username")).toString();
    const QString password = generated.data().value(QStringLiteral("smpp_password")).toString();

    const QString transceivers = QStringLiteral("ogene_smpp_sessions{bind_type=\"transceiver\"}");
    const QString receivers = QStringLiteral("ogene_smpp_sessions{bind_type=\"receiver\"}");
    QCOMPARE(scrape(*m_api).value(transceivers), 0.0);
    {
        SmppTestClient transceiver(m_appliance->smppPort());
        QCOMPARE(transceiver.bind(CommandId::BindTransceiver, username, password), CommandStatus::ESME_ROK);
        SmppTestClient receiver(m_appliance->smppPort());
        QCOMPARE(receiver.bind(CommandId::BindReceiver, username, password), CommandStatus::ESME_ROK);
        const Exposition bound = scrape(*m_api);
        QCOMPARE(bound.value(transceivers), 1.0);
        QCOMPARE(bound.value(receivers), 1.0);
        QCOMPARE(bound.value(QStringLiteral("ogene_smpp_sessions{bind_type=\"transmitter\"}")), 0.0);
    }
    // The clients hung up: their sessions leave.
    QTRY_COMPARE_WITH_TIMEOUT(scrape(*m_api).value(transceivers), 0.0, 10000);
    QCOMPARE(scrape(*m_api).value(receivers), 0.0);
}

void MetricsTest::routesAreCountedByPatternNotPath()
{
    const Exposition before = scrape(*m_api);
    for (int i = 0; i < 3; ++i)
        QCOMPARE(m_api->get(QStringLiteral("/api/no-such-route-%1").arg(i), m_admin).status, 404);
    QCOMPARE(m_api->get(QStringLiteral("/api/admin/users/987654"), m_admin).status, 404);
    const Exposition after = scrape(*m_api);
    const QString unmatched = QStringLiteral("ogene_http_requests_total{method=\"\",route=\"unmatched\",status=\"404\"}");
    QCOMPARE(after.value(unmatched) - before.value(unmatched), 3.0);
    const QString user = QStringLiteral("ogene_http_requests_total{method=\"GET\",route=\"/api/admin/users/{id}\",status=\"404\"}");
    QCOMPARE(after.value(user) - before.value(user), 1.0);
    for (const QString &series : after.samples.keys())
        QVERIFY2(!series.contains(QLatin1String("no-such-route")) && !series.contains(QLatin1String("987654")), qPrintable(series));
}

void MetricsTest::missingOrWrongTokenIs401()
{
    for (const QByteArray &token : {QByteArray(), QByteArray("wrong-token"), QByteArray(MetricsToken).chopped(1),
                                    QByteArray(MetricsToken) + 'x', m_admin.toUtf8()}) {
        const ApiReply reply = m_api->send("GET", QStringLiteral("/metrics"), {}, {}, token.isEmpty() ? QList<QPair<QByteArray, QByteArray>>{} : bearer(token));
        QCOMPARE(reply.status, 401);
        QVERIFY2(reply.isErrorEnvelope(), qPrintable(reply.describe()));
    }
    QCOMPARE(m_api->send("POST", QStringLiteral("/metrics"), {}, {}, bearer(MetricsToken)).status, 405);
}

void MetricsTest::offWithoutTokenOrAllowList()
{
    auto appliance = applianceWith({});
    QVERIFY(appliance);
    ApiClient api(appliance->baseUrl());
    for (const QByteArray &token : {QByteArray(), QByteArray(MetricsToken)}) {
        const ApiReply reply = api.send("GET", QStringLiteral("/metrics"), {}, {}, token.isEmpty() ? QList<QPair<QByteArray, QByteArray>>{} : bearer(token));
        QCOMPARE(reply.status, 404);
        QVERIFY2(reply.isErrorEnvelope(), qPrintable(reply.describe()));
    }
}

void MetricsTest::addressOutsideTheAllowListIs403()
{
    auto appliance = applianceWith({{QStringLiteral("OGENE_METRICS_ALLOW"), QStringLiteral("10.0.0.0/8, 192.168.1.7")}});
    QVERIFY(appliance);
    ApiClient api(appliance->baseUrl());
    const ApiReply reply = api.get(QStringLiteral("/metrics"));
    QCOMPARE(reply.status, 403);
    QVERIFY2(reply.isErrorEnvelope(), qPrintable(reply.describe()));
}

void MetricsTest::allowedByAddressAloneAndNotRateLimited()
{
    auto appliance = applianceWith({{QStringLiteral("OGENE_METRICS_ALLOW"), QStringLiteral("10.0.0.0/8,127.0.0.0/8")},
                                    {QStringLiteral("OGENE_ANONYMOUS_RATE_LIMIT_PER_MINUTE"), QStringLiteral("2")},
                                    {QStringLiteral("OGENE_RATE_LIMIT_PER_MINUTE"), QStringLiteral("2")}});
    QVERIFY(appliance);
    ApiClient api(appliance->baseUrl());
    for (int i = 0; i < 6; ++i) {
        const Exposition metrics = scrape(api, {});
        QVERIFY2(metrics.problem.isEmpty(), qPrintable(metrics.problem));
    }
    // The public routes around it are limited as before.
    int limited = 0;
    for (int i = 0; i < 4; ++i)
        limited += api.get(QStringLiteral("/api/health")).status == 429;
    QVERIFY(limited > 0);
}

void MetricsTest::addressAndTokenTogetherNeedBoth()
{
    auto appliance = applianceWith({{QStringLiteral("OGENE_METRICS_ALLOW"), QStringLiteral("127.0.0.1/32")},
                                    {QStringLiteral("OGENE_METRICS_TOKEN"), QLatin1String(MetricsToken)}});
    QVERIFY(appliance);
    ApiClient api(appliance->baseUrl());
    const ApiReply missing = api.get(QStringLiteral("/metrics"));
    QCOMPARE(missing.status, 401);
    QVERIFY(missing.isErrorEnvelope());
    const Exposition metrics = scrape(api);
    QVERIFY2(metrics.problem.isEmpty(), qPrintable(metrics.problem));

    // A bad list stops start-up with one line naming the key.
    ApplianceProcess broken(m_database.url());
    broken.setEnv(QStringLiteral("OGENE_METRICS_ALLOW"), QStringLiteral("10.0.0.0/8,not-an-address"));
    QVERIFY(!broken.start());
    QVERIFY2(broken.output().contains(QLatin1String("OGENE_METRICS_ALLOW")), qPrintable(broken.output()));
}

void MetricsTest::jsonLogLinesParseWithTheirFields()
{
    int lines = 0;
    // The first start prints the admin it created on standard output, for the operator's terminal;
    // everything else is the log.
    static const QRegularExpression firstAdmin(QStringLiteral("^(Ogene: created the first admin account\\.|  email: |  password: |Sign in with )"));
    for (const QString &line : m_appliance->output().split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        if (firstAdmin.match(line).hasMatch())
            continue;
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(line.toUtf8(), &error);
        QVERIFY2(error.error == QJsonParseError::NoError && document.isObject(), qPrintable(line));
        const QJsonObject entry = document.object();
        const QDateTime time = QDateTime::fromString(entry.value(QStringLiteral("time")).toString(), Qt::ISODateWithMs);
        QVERIFY2(time.isValid() && time.timeSpec() == Qt::UTC, qPrintable(line));
        QVERIFY2(entry.value(QStringLiteral("time")).toString().contains(QRegularExpression(QStringLiteral("\\.\\d{3}Z$"))), qPrintable(line));
        QVERIFY2(QStringList({QStringLiteral("debug"), QStringLiteral("info"), QStringLiteral("warning"), QStringLiteral("error")})
                     .contains(entry.value(QStringLiteral("level")).toString()),
                 qPrintable(line));
        QVERIFY2(!entry.value(QStringLiteral("category")).toString().isEmpty(), qPrintable(line));
        QVERIFY2(entry.value(QStringLiteral("message")).isString(), qPrintable(line));
        QVERIFY2(entry.value(QStringLiteral("pid")).toInteger() > 0, qPrintable(line));
        ++lines;
    }
    QVERIFY2(lines >= 2, qPrintable(m_appliance->output()));
}

void MetricsTest::secretsNeverReachTheLogInEitherFormat()
{
    auto text = applianceWith({{QStringLiteral("OGENE_METRICS_TOKEN"), QLatin1String(MetricsToken)},
                               {QStringLiteral("OGENE_LOG_LEVEL"), QStringLiteral("debug")}});
    QVERIFY(text);
    for (ApplianceProcess *appliance : {m_appliance.get(), text.get()}) {
        ApiClient api(appliance->baseUrl());
        const QString admin = api.login(QLatin1String(ApplianceProcess::AdminEmail), QLatin1String(ApplianceProcess::AdminPassword));
        QVERIFY(!admin.isEmpty());
        QStringList secrets{admin, QLatin1String(ApplianceProcess::AdminPassword), QLatin1String(MetricsToken)};
        const ApiClient::Account client = api.readyClient(admin, QStringLiteral("10.00"), QStringLiteral("Secret"));
        QVERIFY(!client.token.isEmpty());
        secrets << client.password << client.token;
        const QString key = api.createApiKey(client.token);
        QVERIFY(key.startsWith(QLatin1String("ogn_")));
        secrets << key;
        QCOMPARE(api.post(QStringLiteral("/api/admin/users/%1/smpp-access").arg(client.id), {{QStringLiteral("approved"), true}}, admin).status, 200);
        const ApiReply generated = api.post(QStringLiteral("/api/client/credentials/smpp/generate"), {}, client.token);
        QCOMPARE(generated.status, 201);
        const QString password = generated.data().value(QStringLiteral("smpp_password")).toString();
        secrets << password;
        // Use each of them, and get them wrong, where a careless log line would show them.
        QVERIFY(api.sendSms(key, QStringLiteral("+2348031234567"), QStringLiteral("Secret"), QStringLiteral("With the key")) > 0);
        QCOMPARE(api.get(QStringLiteral("/api/auth/me"), key + QLatin1Char('x')).status, 401);
        {
            SmppTestClient session(appliance->smppPort());
            QCOMPARE(session.bind(CommandId::BindTransceiver, generated.data().value(QStringLiteral("smpp_username")).toString(), password),
                     CommandStatus::ESME_ROK);
        }
        scrape(api);
        api.send("GET", QStringLiteral("/metrics"), {}, {}, bearer(QByteArray(MetricsToken) + "-wrong"));
        QVERIFY(api.login(client.email, client.password + QLatin1Char('x')).isEmpty());
        api.post(QStringLiteral("/api/auth/logout"), {}, client.token);
        QTest::qWait(300);
        const QString log = appliance->output();
        QVERIFY(log.size() > 100);
        for (const QString &secret : std::as_const(secrets)) {
            QVERIFY(secret.size() >= 8);
            QVERIFY2(!log.contains(secret), qPrintable(QStringLiteral("a secret of %1 characters is in the log").arg(secret.size())));
        }
    }
}

QTEST_GUILESS_MAIN(MetricsTest)
#include "tst_metrics.moc"
