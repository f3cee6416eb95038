#include "store/sqlsession.h"

#include "store/sqlerror.h"

namespace ogene {

SqlSession::SqlSession(QSqlDatabase database, Engine engine)
    : m_database(std::move(database))
    , m_engine(engine)
{
}

SqlSession::~SqlSession()
{
    m_prepared.clear();
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
    QSqlQuery &query = run(sql, values);
    const int affected = query.numRowsAffected();
    query.finish();
    return affected;
}

qint64 SqlSession::insert(const QString &sql, const QVariantList &values)
{
    return scalar(sql, values).toLongLong();
}

std::optional<QSqlRecord> SqlSession::one(const QString &sql, const QVariantList &values)
{
    QSqlQuery &query = run(sql, values);
    std::optional<QSqlRecord> record;
    if (query.next())
        record = query.record();
    query.finish();
    return record;
}

QList<QSqlRecord> SqlSession::all(const QString &sql, const QVariantList &values)
{
    QSqlQuery &query = run(sql, values);
    QList<QSqlRecord> records;
    while (query.next())
        records.append(query.record());
    query.finish();
    return records;
}

QVariant SqlSession::scalar(const QString &sql, const QVariantList &values)
{
    QSqlQuery &query = run(sql, values);
    QVariant value;
    if (query.next())
        value = query.value(0);
    query.finish();
    return value;
}

QList<QVariantList> SqlSession::rows(const QString &sql, const QVariantList &values)
{
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

int SqlSession::executeOnce(const QString &sql, const QVariantList &values)
{
    QSqlQuery query(m_database);
    if (!query.prepare(sql))
        throw SqlError(sql, query.lastError());
    for (qsizetype i = 0; i < values.size(); ++i)
        query.bindValue(int(i), values.at(i));
    if (!query.exec())
        throw SqlError(sql, query.lastError());
    return query.numRowsAffected();
}

QVariant SqlSession::nullIfEmpty(const QString &text)
{
    return text.isEmpty() ? QVariant(QMetaType::fromType<QString>()) : QVariant(text);
}

QVariant SqlSession::nullIfAbsent(const std::optional<qint64> &number)
{
    return number ? QVariant(*number) : QVariant(QMetaType::fromType<qint64>());
}

QString SqlSession::idList(const QList<qint64> &ids)
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

void SqlSession::executeDirect(const QString &sql)
{
    if (m_engine == Engine::Sqlite) {
        // SQLite prepares transaction control like any statement; the group-commit loop runs these
        // several times per batch, so they come from the statement cache too.
        execute(sql);
        return;
    }
    QSqlQuery query(m_database);
    if (!query.exec(sql))
        throw SqlError(sql, query.lastError());
}

} // namespace ogene
