// The appliance as an operator starts it: --help, the sample configuration, --config and OGENE_*
// variables, one-line errors with exit 2, the first admin, "user add", restarts on the same
// database, and /api/health.
#include "apiclient.h"
#include "applianceprocess.h"
#include "testdatabase.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

class OperationsTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void helpListsEveryKeyWithItsDefault();
    void sampleConfigurationDocumentsEveryKey();
    void badValueStopsStartWithOneLineAndExit2();
    void configFileIsReadAndEnvironmentWins();
    void firstStartPrintsAGeneratedAdminPasswordOnce();
    void firstAdminCanComeFromTheEnvironment();
    void userAddCreatesAUserThatCanSignIn();
    void userAddRefusesADuplicateAndBadArguments();
    void healthNamesTheEngine();

private:
    static QStringList helpKeys();
};

QStringList OperationsTest::helpKeys()
{
    QProcess help;
    help.start(ApplianceProcess::binary(), {QStringLiteral("--help")});
    help.waitForFinished();
    const QString text = QString::fromUtf8(help.readAllStandardOutput());
    static const QRegularExpression key(QStringLiteral("^  OGENE_([A-Z_]+) \\(default: .*\\)$"), QRegularExpression::MultilineOption);
    QStringList keys;
    for (auto it = key.globalMatch(text); it.hasNext();)
        keys.append(it.next().captured(1));
    return keys;
}

void OperationsTest::helpListsEveryKeyWithItsDefault()
{
    QProcess help;
    help.start(ApplianceProcess::binary(), {QStringLiteral("--help")});
    QVERIFY(help.waitForFinished());
    QCOMPARE(help.exitCode(), 0);
    const QString text = QString::fromUtf8(help.readAllStandardOutput());
    QVERIFY(text.contains(QLatin1String("OGENE_HTTP_LISTEN (default: 127.0.0.1:8080)")));
    QVERIFY(text.contains(QLatin1String("OGENE_SMPP_LISTEN (default: 0.0.0.0:2775)")));
    QVERIFY(text.contains(QLatin1String("OGENE_DATA_DIR (default: data)")));
    QVERIFY(text.contains(QLatin1String("OGENE_DATABASE (default: empty)")));
    QVERIFY(text.contains(QLatin1String("user add")));
    QVERIFY(helpKeys().size() >= 15);
}

void OperationsTest::sampleConfigurationDocumentsEveryKey()
{
    QFile sample(QStringLiteral(OGENE_SOURCE_DIR "/installers/appliance.conf"));
    QVERIFY(sample.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(sample.readAll());
    for (const QString &key : helpKeys()) {
        const QRegularExpression line(QStringLiteral("^;?\\s*%1\\s*=").arg(key.toLower()), QRegularExpression::MultilineOption);
        QVERIFY2(line.match(text).hasMatch(), qPrintable(QStringLiteral("installers/appliance.conf lacks ") + key.toLower()));
    }
}

void OperationsTest::badValueStopsStartWithOneLineAndExit2()
{
    TestDatabase database;
    QVERIFY2(database.isValid(), qPrintable(database.error()));
    ApplianceProcess appliance(database.url());
    QProcessEnvironment bad;
    bad.insert(QStringLiteral("OGENE_HTTP_LISTEN"), QStringLiteral("localhost"));
    ApplianceProcess::CommandResult result = appliance.runCommand({}, bad);
    QCOMPARE(result.exitCode, 2);
    QCOMPARE(result.err.trimmed().count(QLatin1Char('\n')), 0);
    QVERIFY2(result.err.contains(QLatin1String("OGENE_HTTP_LISTEN")), qPrintable(result.err));

    bad.insert(QStringLiteral("OGENE_HTTP_LISTEN"), QStringLiteral("127.0.0.1:0"));
    bad.insert(QStringLiteral("OGENE_DATABASE"), QStringLiteral("oracle://x"));
    result = appliance.runCommand({}, bad);
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains(QLatin1String("OGENE_DATABASE")), qPrintable(result.err));

    result = appliance.runCommand({QStringLiteral("--config"), QStringLiteral("/nonexistent.conf")});
    QCOMPARE(result.exitCode, 2);
    result = appliance.runCommand({QStringLiteral("frobnicate")});
    QCOMPARE(result.exitCode, 2);
}

void OperationsTest::configFileIsReadAndEnvironmentWins()
{
    TestDatabase database;
    QVERIFY2(database.isValid(), qPrintable(database.error()));
    QTemporaryDir dir;
    QFile file(dir.filePath(QStringLiteral("appliance.conf")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("; written by the test\nrate_limit_per_minute = 3\nTOKEN_TTL_HOURS = 2\n");
    file.close();

    // The file sets a token lifetime and a rate limit; the environment overrides only the limit.
    ApplianceProcess appliance(database.url());
    appliance.setEnv(QStringLiteral("OGENE_RATE_LIMIT_PER_MINUTE"), QStringLiteral("4"));
    appliance.setArguments({QStringLiteral("--config"), file.fileName()});
    QVERIFY2(appliance.start(), qPrintable(appliance.output()));
    ApiClient api(appliance.baseUrl());
    const ApiReply login = api.post(QStringLiteral("/api/auth/login"),
                                    {{QStringLiteral("email"), QLatin1String(ApplianceProcess::AdminEmail)},
                                     {QStringLiteral("password"), QLatin1String(ApplianceProcess::AdminPassword)}});
    const QDateTime expires = QDateTime::fromString(login.data().value(QStringLiteral("expires_at")).toString(), Qt::ISODateWithMs);
    const qint64 lifetime = QDateTime::currentDateTimeUtc().secsTo(expires);
    QVERIFY2(lifetime > 7100 && lifetime <= 7200, qPrintable(QString::number(lifetime)));
    const ApiReply me = api.get(QStringLiteral("/api/auth/me"), login.data().value(QStringLiteral("token")).toString());
    QCOMPARE(me.header("x-ratelimit-limit"), QByteArray("4"));
}

void OperationsTest::firstStartPrintsAGeneratedAdminPasswordOnce()
{
    TestDatabase database;
    QVERIFY2(database.isValid(), qPrintable(database.error()));
    auto appliance = std::make_unique<ApplianceProcess>(database.url());
    appliance->unsetEnv(QStringLiteral("OGENE_ADMIN_PASSWORD"));
    appliance->unsetEnv(QStringLiteral("OGENE_ADMIN_EMAIL"));
    QVERIFY2(appliance->start(), qPrintable(appliance->output()));
    QTRY_VERIFY(appliance->output().contains(QLatin1String("password:")));
    const QString output = appliance->output();
    const QRegularExpression shown(QStringLiteral("email:\\s+(\\S+)\\s+password:\\s+(\\S+)"));
    const QRegularExpressionMatch match = shown.match(output);
    QVERIFY2(match.hasMatch(), qPrintable(output));
    QCOMPARE(match.captured(1), QStringLiteral("admin@ogene.local"));
    QVERIFY(match.captured(2).size() >= 16);

    ApiClient api(appliance->baseUrl());
    const QString token = api.login(match.captured(1), match.captured(2));
    QVERIFY(!token.isEmpty());
    QCOMPARE(api.get(QStringLiteral("/api/auth/me"), token).data().value(QStringLiteral("role")).toString(), QStringLiteral("admin"));

    // A restart on the same database keeps the data, applies no migration twice, prints no password.
    appliance->stop();
    appliance = std::make_unique<ApplianceProcess>(database.url());
    appliance->unsetEnv(QStringLiteral("OGENE_ADMIN_PASSWORD"));
    QVERIFY2(appliance->start(), qPrintable(appliance->output()));
    QVERIFY(!appliance->output().contains(QLatin1String("password:")));
    ApiClient again(appliance->baseUrl());
    QVERIFY(!again.login(match.captured(1), match.captured(2)).isEmpty());
}

void OperationsTest::firstAdminCanComeFromTheEnvironment()
{
    TestDatabase database;
    QVERIFY2(database.isValid(), qPrintable(database.error()));
    ApplianceProcess appliance(database.url());
    appliance.setEnv(QStringLiteral("OGENE_ADMIN_EMAIL"), QStringLiteral("Boss@Operator.test"));
    appliance.setEnv(QStringLiteral("OGENE_ADMIN_PASSWORD"), QStringLiteral("chosen-by-operator"));
    QVERIFY2(appliance.start(), qPrintable(appliance.output()));
    QVERIFY(!appliance.output().contains(QLatin1String("chosen-by-operator")));
    ApiClient api(appliance.baseUrl());
    QVERIFY(!api.login(QStringLiteral("boss@operator.test"), QStringLiteral("chosen-by-operator")).isEmpty());
}

void OperationsTest::userAddCreatesAUserThatCanSignIn()
{
    TestDatabase database;
    QVERIFY2(database.isValid(), qPrintable(database.error()));
    ApplianceProcess appliance(database.url());
    QVERIFY2(appliance.start(), qPrintable(appliance.output()));
    // Added from the command line while the appliance runs on the same database.
    const ApplianceProcess::CommandResult result = appliance.runCommand(
        {QStringLiteral("user"), QStringLiteral("add"), QStringLiteral("--email"), QStringLiteral("ops@acme.test"),
         QStringLiteral("--password"), QStringLiteral("acme-secret-1"), QStringLiteral("--name"), QStringLiteral("Acme Ops"),
         QStringLiteral("--role"), QStringLiteral("client"), QStringLiteral("--currency"), QStringLiteral("USD")});
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    QVERIFY(result.out.contains(QLatin1String("ops@acme.test")));

    ApiClient api(appliance.baseUrl());
    const QString token = api.login(QStringLiteral("ops@acme.test"), QStringLiteral("acme-secret-1"));
    QVERIFY(!token.isEmpty());
    const QJsonObject me = api.get(QStringLiteral("/api/auth/me"), token).data();
    QCOMPARE(me.value(QStringLiteral("name")).toString(), QStringLiteral("Acme Ops"));
    QCOMPARE(me.value(QStringLiteral("currency")).toString(), QStringLiteral("USD"));
    QCOMPARE(me.value(QStringLiteral("role")).toString(), QStringLiteral("client"));
}

void OperationsTest::userAddRefusesADuplicateAndBadArguments()
{
    TestDatabase database;
    QVERIFY2(database.isValid(), qPrintable(database.error()));
    ApplianceProcess appliance(database.url());
    const QStringList add = {QStringLiteral("user"), QStringLiteral("add"), QStringLiteral("--email"), QStringLiteral("dup@acme.test"),
                             QStringLiteral("--password"), QStringLiteral("acme-secret-1"), QStringLiteral("--name"),
                             QStringLiteral("Dup"), QStringLiteral("--role"), QStringLiteral("admin")};
    QCOMPARE(appliance.runCommand(add).exitCode, 0);
    ApplianceProcess::CommandResult again = appliance.runCommand(add);
    QCOMPARE(again.exitCode, 1);
    QVERIFY2(again.err.contains(QLatin1String("already exists")), qPrintable(again.err));

    QStringList badRole = add;
    badRole[9] = QStringLiteral("owner");
    badRole[3] = QStringLiteral("other@acme.test");
    QCOMPARE(appliance.runCommand(badRole).exitCode, 2);
    QStringList shortPassword = add;
    shortPassword[5] = QStringLiteral("short");
    shortPassword[3] = QStringLiteral("other@acme.test");
    QCOMPARE(appliance.runCommand(shortPassword).exitCode, 2);
    QStringList badCurrency = add;
    badCurrency[3] = QStringLiteral("other@acme.test");
    badCurrency << QStringLiteral("--currency") << QStringLiteral("EUR");
    QCOMPARE(appliance.runCommand(badCurrency).exitCode, 2);
    QCOMPARE(appliance.runCommand({QStringLiteral("user"), QStringLiteral("add")}).exitCode, 2);
}

void OperationsTest::healthNamesTheEngine()
{
    TestDatabase database;
    QVERIFY2(database.isValid(), qPrintable(database.error()));
    ApplianceProcess appliance(database.url());
    QVERIFY2(appliance.start(), qPrintable(appliance.output()));
    ApiClient api(appliance.baseUrl());
    const ApiReply health = api.get(QStringLiteral("/api/health"));
    QCOMPARE(health.status, 200);
    QCOMPARE(health.json.value(QStringLiteral("success")).toBool(), true);
    QCOMPARE(health.data().value(QStringLiteral("status")).toString(), QStringLiteral("ok"));
    QCOMPARE(health.data().value(QStringLiteral("database")).toString(), TestDatabase::engine());
    QVERIFY(!health.data().value(QStringLiteral("version")).toString().isEmpty());
}

QTEST_GUILESS_MAIN(OperationsTest)
#include "tst_operations.moc"
