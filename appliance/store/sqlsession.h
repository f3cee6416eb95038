#pragma once

#include "store/databaseurl.h"

#include <QHash>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QVariant>

#include <memory>
#include <optional>

namespace ogene {

// One store thread's connection, as the work submitted to the store sees it. Statements use
// positional ? placeholders and are prepared once per connection. Every failure throws SqlError.
// SQLite statements run through SQLite's own interface (SqliteStatements), PostgreSQL's through QSql.
class SqliteStatements;

class SqlSession
{
public:
    SqlSession(QSqlDatabase database, Engine engine);
    ~SqlSession();
    SqlSession(const SqlSession &) = delete;
    SqlSession &operator=(const SqlSession &) = delete;

    Engine engine() const { return m_engine; }

    // Runs a statement that returns no rows; answers the number of rows it changed.
    int execute(const QString &sql, const QVariantList &values = {});
    // Runs an INSERT … RETURNING id and answers the id.
    qint64 insert(const QString &sql, const QVariantList &values = {});
    std::optional<QSqlRecord> one(const QString &sql, const QVariantList &values = {});
    QList<QSqlRecord> all(const QString &sql, const QVariantList &values = {});
    QVariant scalar(const QString &sql, const QVariantList &values = {});
    // Rows as plain value lists: cheaper than QSqlRecord, for hot paths that read by position.
    QList<QVariantList> rows(const QString &sql, const QVariantList &values = {});
    // Takes the next count ids of a table's id sequence, for rows written in bulk that need their
    // ids before they are written. Inside the caller's transaction on SQLite, whose single writer
    // makes them this transaction's alone; from the sequence on PostgreSQL, where no other
    // transaction ever gets them.
    QList<qint64> nextIds(const QString &table, qsizetype count);
    // A value to bind that is SQL NULL when empty (typed, so both drivers bind it as text or integer).
    static QVariant nullIfEmpty(const QString &text);
    static QVariant nullIfAbsent(const std::optional<qint64> &number);
    // A condition that column is one of a list of ids bound as one value (idsValue): the
    // statement's text stays the same whatever the list, so it is prepared once and kept, where an
    // IN list written into the text costs a parse of every id on each call.
    QString idIn(const QString &column) const;
    QVariant idsValue(const QList<qint64> &ids) const;
    // A row source of (id, value) pairs bound as one value (pairsValue), to change many rows in one
    // statement: "UPDATE t SET c = v.value FROM <idPairs> AS v WHERE t.id = v.id". One statement
    // instead of one per row, and one round trip on PostgreSQL. A null value stays NULL.
    QString idPairs() const;
    QVariantList pairsValue(const QList<std::pair<qint64, QString>> &pairs) const;

    // Transaction control and DDL, which PostgreSQL will not prepare.
    void executeDirect(const QString &sql);

    QSqlDatabase &database() { return m_database; }

private:
    QSqlQuery &run(const QString &sql, const QVariantList &values);
    QList<QSqlRecord> records(const QString &sql, const QVariantList &values, qsizetype mostRows);

    QSqlDatabase m_database;
    Engine m_engine;
    std::unique_ptr<SqliteStatements> m_sqlite;
    QHash<QString, QSqlQuery> m_prepared;
};

} // namespace ogene
