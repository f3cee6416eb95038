#pragma once

#include <QSqlDatabase>
#include <QString>
#include <QVariant>
#include <QTemporaryDir>

// The first column of the first row of a query; an invalid QVariant when there is none (or it failed).
QVariant scalar(QSqlDatabase db, const QString &sql, const QVariantList &values = {});

// A fresh, empty database for one test suite on the engine named by OGENE_TEST_ENGINE (sqlite,
// the default, or postgresql on the server at OGENE_TEST_POSTGRES_URL). Dropped when destroyed.
class TestDatabase
{
public:
    TestDatabase();
    ~TestDatabase();

    static QString engine();
    bool isValid() const { return !m_url.isEmpty(); }
    QString error() const { return m_error; }
    QString url() const { return m_url; }

    // A connection of the test's own, for checking what is stored (or breaking it on purpose).
    QSqlDatabase connection();
    // The first column of the first row of a query on connection(); invalid when there is none.
    QVariant scalar(const QString &sql, const QVariantList &values = {});
    QString dataDir() const { return m_dir.path(); }

private:
    QTemporaryDir m_dir;
    QString m_url;
    QString m_error;
    QString m_postgresName;
    QString m_connectionName;
};
