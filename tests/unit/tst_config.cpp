// Configuration: defaults, the INI file, OGENE_* variables winning over it, and one-line errors
// for bad values; listen endpoints and database URLs.
#include "core/config.h"
#include "core/configkeys.h"
#include "core/endpoint.h"
#include "store/databaseurl.h"

#include <QTemporaryDir>
#include <QTest>

using namespace ogene;

class ConfigTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void defaultsHoldWithoutFileOrEnvironment();
    void fileSetsKeysAndEnvironmentWins();
    void badValueNamesTheKey_data();
    void badValueNamesTheKey();
    void unknownKeyInFileIsRefused();
    void unreadableFileIsRefused();
    void databaseDefaultsToSqliteInDataDir();
    void endpointsParse_data();
    void endpointsParse();
    void databaseUrlsParse();

private:
    static QString writeIni(QTemporaryDir &dir, const QByteArray &contents);
};

QString ConfigTest::writeIni(QTemporaryDir &dir, const QByteArray &contents)
{
    const QString path = dir.filePath(QStringLiteral("appliance.conf"));
    QFile file(path);
    file.open(QIODevice::WriteOnly);
    file.write(contents);
    return path;
}

void ConfigTest::defaultsHoldWithoutFileOrEnvironment()
{
    QString error;
    const auto config = Config::load({}, QProcessEnvironment(), &error);
    QVERIFY2(config, qPrintable(error));
    QCOMPARE(config->text(QStringLiteral("HTTP_LISTEN")), QStringLiteral("127.0.0.1:8080"));
    QCOMPARE(config->text(QStringLiteral("SMPP_LISTEN")), QStringLiteral("0.0.0.0:2775"));
    QCOMPARE(config->integer(QStringLiteral("RATE_LIMIT_PER_MINUTE")), 100);
    QCOMPARE(config->integer(QStringLiteral("HTTP_MAX_BODY_BYTES")), 1024 * 1024);
}

void ConfigTest::fileSetsKeysAndEnvironmentWins()
{
    QTemporaryDir dir;
    const QString path = writeIni(dir, "# comment\nhttp_listen = 0.0.0.0:9000\nRATE_LIMIT_PER_MINUTE = 42\n"
                                       "database = postgresql://ogene:p%40ss@db.local:5433/ogene\n");
    QProcessEnvironment environment;
    environment.insert(QStringLiteral("OGENE_RATE_LIMIT_PER_MINUTE"), QStringLiteral("7"));
    QString error;
    const auto config = Config::load(path, environment, &error);
    QVERIFY2(config, qPrintable(error));
    QCOMPARE(config->text(QStringLiteral("HTTP_LISTEN")), QStringLiteral("0.0.0.0:9000"));
    QCOMPARE(config->integer(QStringLiteral("RATE_LIMIT_PER_MINUTE")), 7);
    QCOMPARE(config->databaseUrl(), QStringLiteral("postgresql://ogene:p%40ss@db.local:5433/ogene"));
}

void ConfigTest::badValueNamesTheKey_data()
{
    QTest::addColumn<QString>("variable");
    QTest::addColumn<QString>("value");
    QTest::newRow("listen without port") << "OGENE_HTTP_LISTEN" << "127.0.0.1";
    QTest::newRow("listen bad host") << "OGENE_HTTP_LISTEN" << "nowhere:80";
    QTest::newRow("port too large") << "OGENE_SMPP_LISTEN" << "0.0.0.0:70000";
    QTest::newRow("database scheme") << "OGENE_DATABASE" << "mysql://x@y/z";
    QTest::newRow("postgres without db") << "OGENE_DATABASE" << "postgresql://ogene@localhost:5432";
    QTest::newRow("not a number") << "OGENE_RATE_LIMIT_PER_MINUTE" << "many";
    QTest::newRow("zero") << "OGENE_HTTP_IDLE_TIMEOUT" << "0";
    QTest::newRow("log level") << "OGENE_LOG_LEVEL" << "loud";
    QTest::newRow("short admin password") << "OGENE_ADMIN_PASSWORD" << "short";
    QTest::newRow("node name with a space") << "OGENE_NODE_NAME" << "node a";
    QTest::newRow("node name too long") << "OGENE_NODE_NAME" << QString(33, QLatin1Char('n'));
    QTest::newRow("queue claim too short") << "OGENE_QUEUE_CLAIM_SECONDS" << "4";
    QTest::newRow("https listen") << "OGENE_HTTPS_LISTEN" << "on";
    QTest::newRow("smpp tls listen") << "OGENE_SMPP_TLS_LISTEN" << "0.0.0.0:99999";
    QTest::newRow("handshake timeout") << "OGENE_TLS_HANDSHAKE_TIMEOUT" << "0";
}

void ConfigTest::badValueNamesTheKey()
{
    QFETCH(QString, variable);
    QFETCH(QString, value);
    QProcessEnvironment environment;
    environment.insert(variable, value);
    QString error;
    QVERIFY(!Config::load({}, environment, &error));
    QVERIFY2(error.startsWith(variable + QLatin1Char(':')), qPrintable(error));
    QVERIFY(!error.contains(QLatin1Char('\n')));
}

void ConfigTest::unknownKeyInFileIsRefused()
{
    QTemporaryDir dir;
    const QString path = writeIni(dir, "htp_listen = 0.0.0.0:9000\n");
    QString error;
    QVERIFY(!Config::load(path, QProcessEnvironment(), &error));
    QVERIFY2(error.contains(QLatin1String("unknown key")), qPrintable(error));
}

void ConfigTest::unreadableFileIsRefused()
{
    QString error;
    QVERIFY(!Config::load(QStringLiteral("/nonexistent/appliance.conf"), QProcessEnvironment(), &error));
    QVERIFY(error.startsWith(QLatin1String("--config")));
}

void ConfigTest::databaseDefaultsToSqliteInDataDir()
{
    QProcessEnvironment environment;
    environment.insert(QStringLiteral("OGENE_DATA_DIR"), QStringLiteral("/var/lib/ogene"));
    QString error;
    const auto config = Config::load({}, environment, &error);
    QCOMPARE(config->databaseUrl(), QStringLiteral("sqlite:/var/lib/ogene/ogene.db"));
}

void ConfigTest::endpointsParse_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("address");
    QTest::addColumn<int>("port");
    QTest::newRow("v4") << "127.0.0.1:8080" << "127.0.0.1" << 8080;
    QTest::newRow("any") << "0.0.0.0:2775" << "0.0.0.0" << 2775;
    QTest::newRow("v6") << "[::1]:8443" << "::1" << 8443;
    QTest::newRow("localhost") << "localhost:80" << "127.0.0.1" << 80;
}

void ConfigTest::endpointsParse()
{
    QFETCH(QString, text);
    QFETCH(QString, address);
    QFETCH(int, port);
    QString error;
    const Endpoint endpoint = Endpoint::parse(text, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(endpoint.address.toString(), address);
    QCOMPARE(int(endpoint.port), port);
}

void ConfigTest::databaseUrlsParse()
{
    QString error;
    DatabaseUrl url = DatabaseUrl::parse(QStringLiteral("postgresql://ogene:s%3Acret@10.0.0.5:6543/sms"), &error);
    QVERIFY(error.isEmpty());
    QCOMPARE(url.engine, Engine::Postgresql);
    QCOMPARE(url.user, QStringLiteral("ogene"));
    QCOMPARE(url.password, QStringLiteral("s:cret"));
    QCOMPARE(url.host, QStringLiteral("10.0.0.5"));
    QCOMPARE(url.port, 6543);
    QCOMPARE(url.databaseName, QStringLiteral("sms"));
    url = DatabaseUrl::parse(QStringLiteral("sqlite:/tmp/x.db"), &error);
    QVERIFY(error.isEmpty());
    QCOMPARE(url.sqlitePath, QStringLiteral("/tmp/x.db"));
    DatabaseUrl::parse(QStringLiteral("sqlite:"), &error);
    QVERIFY(!error.isEmpty());
}

QTEST_GUILESS_MAIN(ConfigTest)
#include "tst_config.moc"
