#include "store/sqlsession.h"

#include "store/sqlerror.h"
#include "store/sqlitestatements.h"
#include "store/sqlliterals.h"

#include <QSqlDriver>
#include <QSqlField>

#include <sqlite3.h>

namespace ogene {
namespace {

// "1,2,3": integers only, so nothing can be injected.
QString idList(const QList<qint64> &ids)
{
    QString list;
    list.reserve(ids.size() * 8);
    for (qint64 id : ids) {
        if (!list.isEmpty())
            list += QLatin1Char(',');
        list += QString::number(id);
    }
    return list;
}

sqlite3 *sqliteHandle(const QSqlDatabase &database)
{
    // The QSQLITE driver and this library load the same system libsqlite3, so its handle is ours
    // to use on this thread.
    const QVariant handle = database.driver()->handle();
    if (!handle.isValid() || qstrcmp(handle.typeName(), "sqlite3*") != 0)
        throw std::runtime_error("the SQLite driver did not give its connection handle");
    return *static_cast<sqlite3 *const *>(handle.constData());
}

} // namespace

SqlSession::SqlSession(QSqlDatabase database, Engine engine)
    : m_database(std::move(database))
    , m_engine(engine)
{
    if (m_engine == Engine::Sqlite)
        m_sqlite = std::make_unique<SqliteStatements>(sqliteHandle(m_database));
}

SqlSession::~SqlSession()
{
    m_prepared.clear();
    m_sqlite.reset();
}

QSqlQuery &SqlSession::run(const QString &sql, const QVariantList &values)
{
    auto found = m_prepared.find(sql);
    if (found == m_prepared.end()) {
        QSqlQuery query(m_database);
        query.setForwardOnly(true);
        if (!query.prepare(sql))
            throw SqlError(sql, query.lastError());
        found = m_prepared.insert(sql, query);
    }
    QSqlQuery &query = found.value();
    for (qsizetype i = 0; i < values.size(); ++i)
        query.bindValue(int(i), values.at(i));
    if (!query.exec()) {
        const QSqlError error = query.lastError();
        query.finish();
        throw SqlError(sql, error);
    }
    return query;
}

int SqlSession::execute(const QString &sql, const QVariantList &values)
{
    if (m_sqlite)
        return m_sqlite->execute(sql, values);
    QSqlQuery &query = run(sql, values);
    const int affected = query.numRowsAffected();
    query.finish();
    return affected;
}

qint64 SqlSession::insert(const QString &sql, const QVariantList &values)
{
    return scalar(sql, values).toLongLong();
}

QList<QSqlRecord> SqlSession::records(const QString &sql, const QVariantList &values, qsizetype mostRows)
{
    QList<QSqlRecord> records;
    if (m_sqlite) {
        QStringList names;
        const QList<QVariantList> found = m_sqlite->rows(sql, values, mostRows, &names);
        QSqlRecord shape;
        for (const QString &name : std::as_const(names))
            shape.append(QSqlField(name));
        for (const QVariantList &row : found) {
            QSqlRecord record = shape;
            for (qsizetype i = 0; i < row.size(); ++i)
                record.setValue(int(i), row.at(i));
            records.append(std::move(record));
        }
        return records;
    }
    QSqlQuery &query = run(sql, values);
    while ((mostRows < 0 || records.size() < mostRows) && query.next())
        records.append(query.record());
    query.finish();
    return records;
}

std::optional<QSqlRecord> SqlSession::one(const QString &sql, const QVariantList &values)
{
    QList<QSqlRecord> found = records(sql, values, 1);
    if (found.isEmpty())
        return std::nullopt;
    return found.takeFirst();
}

QList<QSqlRecord> SqlSession::all(const QString &sql, const QVariantList &values)
{
    return records(sql, values, -1);
}

QVariant SqlSession::scalar(const QString &sql, const QVariantList &values)
{
    if (m_sqlite) {
        const QList<QVariantList> found = m_sqlite->rows(sql, values, 1);
        return found.isEmpty() ? QVariant() : found.first().value(0);
    }
    QSqlQuery &query = run(sql, values);
    QVariant value;
    if (query.next())
        value = query.value(0);
    query.finish();
    return value;
}

QList<QVariantList> SqlSession::rows(const QString &sql, const QVariantList &values)
{
    if (m_sqlite)
        return m_sqlite->rows(sql, values);
    QSqlQuery &query = run(sql, values);
    QList<QVariantList> rows;
    const int columns = query.record().count();
    while (query.next()) {
        QVariantList row;
        row.reserve(columns);
        for (int i = 0; i < columns; ++i)
            row.append(query.value(i));
        rows.append(std::move(row));
    }
    query.finish();
    return rows;
}

QList<qint64> SqlSession::nextIds(const QString &table, qsizetype count)
{
    QList<qint64> ids;
    if (count <= 0)
        return ids;
    ids.reserve(count);
    if (m_engine == Engine::Sqlite) {
        // AUTOINCREMENT tables keep their high-water mark in sqlite_sequence, and move it on when
        // a row arrives with a larger id; an id taken by a rolled-back savepoint is simply reused.
        const qint64 last = scalar(QStringLiteral("SELECT COALESCE((SELECT seq FROM sqlite_sequence WHERE name = ?), 0)"),
                                   {table})
                                .toLongLong();
        for (qsizetype i = 1; i <= count; ++i)
            ids.append(last + i);
        return ids;
    }
    for (const QVariantList &row :
         rows(QStringLiteral("SELECT nextval(pg_get_serial_sequence(?, 'id')) FROM generate_series(1, ?)"), {table, count}))
        ids.append(row.at(0).toLongLong());
    return ids;
}

QVariant SqlSession::nullIfEmpty(const QString &text)
{
    return text.isEmpty() ? QVariant(QMetaType::fromType<QString>()) : QVariant(text);
}

QVariant SqlSession::nullIfAbsent(const std::optional<qint64> &number)
{
    return number ? QVariant(*number) : QVariant(QMetaType::fromType<qint64>());
}

QString SqlSession::idIn(const QString &column) const
{
    return m_engine == Engine::Sqlite ? column + QStringLiteral(" IN (SELECT value FROM json_each(?))")
                                      : column + QStringLiteral(" = ANY(CAST(? AS bigint[]))");
}

QVariant SqlSession::idsValue(const QList<qint64> &ids) const
{
    // A JSON array on SQLite, an array literal on PostgreSQL: integers only either way.
    const bool sqlite = m_engine == Engine::Sqlite;
    return QString((sqlite ? QLatin1Char('[') : QLatin1Char('{')) + idList(ids) + (sqlite ? QLatin1Char(']') : QLatin1Char('}')));
}

QString SqlSession::idPairs() const
{
    return m_engine == Engine::Sqlite
        ? QStringLiteral("(SELECT CAST(key AS INTEGER) AS id, value FROM json_each(?))")
        : QStringLiteral("(SELECT * FROM unnest(CAST(? AS bigint[]), CAST(? AS text[])) AS pairs (id, value))");
}

QVariantList SqlSession::pairsValue(const QList<std::pair<qint64, QString>> &pairs) const
{
    if (m_engine == Engine::Sqlite) {
        QString object(QLatin1Char('{'));
        for (const auto &[id, value] : pairs) {
            if (object.size() > 1)
                object += QLatin1Char(',');
            object += QLatin1Char('"') + QString::number(id) + QStringLiteral("\":");
            if (value.isNull())
                object += QLatin1String("null");
            else
                SqlLiterals::appendJsonString(object, value);
        }
        return {object + QLatin1Char('}')};
    }
    QList<qint64> ids;
    QString values(QLatin1Char('{'));
    for (const auto &[id, value] : pairs) {
        ids.append(id);
        if (values.size() > 1)
            values += QLatin1Char(',');
        if (value.isNull())
            values += QLatin1String("NULL");
        else
            SqlLiterals::appendArrayText(values, value);
    }
    return {idsValue(ids), values + QLatin1Char('}')};
}

void SqlSession::executeDirect(const QString &sql)
{
    if (m_sqlite) {
        // SQLite prepares transaction control and DDL like any statement; the group-commit loop
        // runs BEGIN, SAVEPOINT and COMMIT several times per batch, so those come from the cache.
        m_sqlite->execute(sql, {});
        return;
    }
    QSqlQuery query(m_database);
    if (!query.exec(sql))
        throw SqlError(sql, query.lastError());
}

} // namespace ogene
