#pragma once

#include <QList>
#include <QString>
#include <QVariant>

namespace ogene {

class SqlSession;

// Rows for one table, written with as few statements as the engine allows. On PostgreSQL a flush
// is one INSERT … SELECT FROM unnest(array, array, …): one round trip for the whole batch instead
// of one per row, which is where a store thread waiting on the network spends its time. On SQLite,
// where a statement costs no round trip, it is prepared multi-row INSERTs of a few fixed sizes.
class BulkInsert
{
public:
    enum class Type { Integer, Text };
    struct Column
    {
        QString name;
        Type type;
    };

    BulkInsert(SqlSession &session, QString table, QList<Column> columns);

    // One value per column, in the columns' order.
    void add(QVariantList row);
    // Writes the rows added since the last flush.
    void flush();

private:
    QString sqliteStatement(qsizetype rows) const;
    QString postgresqlStatement() const;

    SqlSession &m_session;
    QString m_table;
    QList<Column> m_columns;
    QList<QVariantList> m_rows;
};

} // namespace ogene
