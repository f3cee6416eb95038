#include "testdatabase.h"

#include <QCoreApplication>
#include <QProcessEnvironment>
#include <QSqlError>
#include <QSqlQuery>
#include <QUrl>

#include <atomic>

namespace {

std::atomic<int> databaseCount{0};

QSqlDatabase openPostgres(const QUrl &url, const QString &name, const QString &databaseName)
{
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), name);
    db.setHostName(url.host());
    db.setPort(url.port(5432));
    db.setUserName(url.userName());
    db.setPassword(url.password());
    db.setDatabaseName(databaseName);
    db.open();
    return db;
}

} // namespace

QString TestDatabase::engine()
{
    const QString engine = qEnvironmentVariable("OGENE_TEST_ENGINE", QStringLiteral("sqlite"));
    return engine;
}

TestDatabase::TestDatabase()
{
    const int number = databaseCount.fetch_add(1);
    m_connectionName = QStringLiteral("test-db-%1").arg(number);
    if (engine() == QLatin1String("sqlite")) {
        m_url = QStringLiteral("sqlite:") + m_dir.filePath(QStringLiteral("ogene.db"));
        return;
    }
    if (engine() != QLatin1String("postgresql")) {
        m_error = QStringLiteral("OGENE_TEST_ENGINE must be sqlite or postgresql");
        return;
    }
    const QUrl server(qEnvironmentVariable("OGENE_TEST_POSTGRES_URL"));
    if (!server.isValid() || server.host().isEmpty()) {
        m_error = QStringLiteral("OGENE_TEST_POSTGRES_URL is not set: run the tests with scripts/test.sh, which starts PostgreSQL");
        return;
    }
    m_postgresName = QStringLiteral("ogene_test_%1_%2").arg(QCoreApplication::applicationPid()).arg(number);
    {
        QSqlDatabase admin = openPostgres(server, m_connectionName + QStringLiteral("-admin"), QStringLiteral("postgres"));
        QSqlQuery create(admin);
        if (!admin.isOpen() || !create.exec(QStringLiteral("CREATE DATABASE ") + m_postgresName))
            m_error = QStringLiteral("cannot create a test database: ") + create.lastError().text() + admin.lastError().text();
    }
    QSqlDatabase::removeDatabase(m_connectionName + QStringLiteral("-admin"));
    if (!m_error.isEmpty())
        return;
    QUrl url = server;
    url.setPath(QLatin1Char('/') + m_postgresName);
    m_url = url.toString();
}

TestDatabase::~TestDatabase()
{
    if (QSqlDatabase::contains(m_connectionName)) {
        QSqlDatabase::database(m_connectionName, false).close();
        QSqlDatabase::removeDatabase(m_connectionName);
    }
    if (m_postgresName.isEmpty() || m_url.isEmpty())
        return;
    {
        QSqlDatabase admin = openPostgres(QUrl(qEnvironmentVariable("OGENE_TEST_POSTGRES_URL")),
                                          m_connectionName + QStringLiteral("-drop"), QStringLiteral("postgres"));
        QSqlQuery(admin).exec(QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(m_postgresName));
    }
    QSqlDatabase::removeDatabase(m_connectionName + QStringLiteral("-drop"));
}

QSqlDatabase TestDatabase::connection()
{
    if (QSqlDatabase::contains(m_connectionName))
        return QSqlDatabase::database(m_connectionName);
    if (engine() == QLatin1String("sqlite")) {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connectionName);
        db.setDatabaseName(m_url.mid(7));
        db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=10000"));
        db.open();
        return db;
    }
    return openPostgres(QUrl(m_url), m_connectionName, m_postgresName);
}

QVariant TestDatabase::scalar(const QString &sql, const QVariantList &values)
{
    return ::scalar(connection(), sql, values);
}

QVariant scalar(QSqlDatabase db, const QString &sql, const QVariantList &values)
{
    QSqlQuery query(db);
    query.prepare(sql);
    for (const QVariant &value : values)
        query.addBindValue(value);
    if (!query.exec()) {
        qWarning() << "query failed:" << sql << query.lastError().text();
        return {};
    }
    return query.next() ? query.value(0) : QVariant();
}
