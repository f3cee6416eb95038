#pragma once

#include <QHash>
#include <QString>
#include <QStringList>
#include <QVariant>

struct sqlite3;
struct sqlite3_stmt;

namespace ogene {

// Statements on one SQLite connection through SQLite's own interface. The store thread spends most
// of its time here, and going through QSqlQuery cost a QVariant and an allocation per value in
// each direction; this binds text straight from the caller's QString and reads rows straight into
// the values the caller keeps. Failures throw SqlError, as QSql failures do.
class SqliteStatements
{
public:
    explicit SqliteStatements(sqlite3 *connection);
    ~SqliteStatements();
    SqliteStatements(const SqliteStatements &) = delete;
    SqliteStatements &operator=(const SqliteStatements &) = delete;

    // Runs a statement to its end; answers the rows it changed.
    int execute(const QString &sql, const QVariantList &values);
    // Runs a statement and answers at most mostRows of its rows (all when negative), and the
    // column names when asked.
    QList<QVariantList> rows(const QString &sql, const QVariantList &values, qsizetype mostRows = -1,
                             QStringList *columnNames = nullptr);

private:
    class Cursor;

    sqlite3_stmt *prepare(const QString &sql);
    void bind(sqlite3_stmt *statement, const QString &sql, const QVariantList &values);
    [[noreturn]] void fail(const QString &sql, int code);

    sqlite3 *m_connection;
    QHash<QString, sqlite3_stmt *> m_prepared;
};

} // namespace ogene
