#include "store/bulkinsert.h"

#include "store/sqlliterals.h"
#include "store/sqlsession.h"

namespace ogene {
namespace {

// One element of a PostgreSQL array literal: NULL, a bare integer, or a double-quoted string with
// its quotes and backslashes escaped (the literal itself is bound as one text parameter, so the
// driver quotes it again as a whole).
void appendElement(QString &literal, const QVariant &value, BulkInsert::Type type)
{
    if (value.isNull() || (value.typeId() == QMetaType::QString && value.toString().isNull())) {
        literal += QLatin1String("NULL");
        return;
    }
    if (type == BulkInsert::Type::Integer) {
        literal += QString::number(value.toLongLong());
        return;
    }
    SqlLiterals::appendArrayText(literal, value.toString());
}

} // namespace

BulkInsert::BulkInsert(SqlSession &session, QString table, QList<Column> columns)
    : m_session(session)
    , m_table(std::move(table))
    , m_columns(std::move(columns))
{
}

void BulkInsert::add(QVariantList row)
{
    Q_ASSERT(row.size() == m_columns.size());
    m_rows.append(std::move(row));
}

QString BulkInsert::sqliteStatement(qsizetype rows) const
{
    QStringList names, placeholders;
    for (const Column &column : m_columns) {
        names.append(column.name);
        placeholders.append(QStringLiteral("?"));
    }
    const QString row = QLatin1Char('(') + placeholders.join(QLatin1String(", ")) + QLatin1Char(')');
    QStringList allRows;
    for (qsizetype i = 0; i < rows; ++i)
        allRows.append(row);
    return QStringLiteral("INSERT INTO %1 (%2) VALUES %3").arg(m_table, names.join(QLatin1String(", ")), allRows.join(QLatin1String(", ")));
}

QString BulkInsert::postgresqlStatement() const
{
    QStringList names, arrays;
    for (const Column &column : m_columns) {
        names.append(column.name);
        arrays.append(column.type == Type::Integer ? QStringLiteral("CAST(? AS bigint[])") : QStringLiteral("CAST(? AS text[])"));
    }
    return QStringLiteral("INSERT INTO %1 (%2) SELECT * FROM unnest(%3)")
        .arg(m_table, names.join(QLatin1String(", ")), arrays.join(QLatin1String(", ")));
}

void BulkInsert::flush()
{
    if (m_rows.isEmpty())
        return;
    if (m_session.engine() == Engine::Sqlite) {
        // Many rows per statement cost one statement's set-up (a cursor on the table and on each
        // index) instead of one per row. A few fixed sizes keep the statements prepared and reused.
        qsizetype next = 0;
        for (const qsizetype size : {qsizetype(32), qsizetype(8), qsizetype(1)}) {
            if (m_rows.size() - next < size)
                continue;
            const QString statement = sqliteStatement(size);
            for (; m_rows.size() - next >= size; next += size) {
                QVariantList values;
                values.reserve(size * m_columns.size());
                for (qsizetype row = next; row < next + size; ++row)
                    values.append(m_rows.at(row));
                m_session.execute(statement, values);
            }
        }
    } else {
        QVariantList arrays;
        for (qsizetype column = 0; column < m_columns.size(); ++column) {
            QString literal(QLatin1Char('{'));
            for (qsizetype row = 0; row < m_rows.size(); ++row) {
                if (row > 0)
                    literal += QLatin1Char(',');
                appendElement(literal, m_rows.at(row).at(column), m_columns.at(column).type);
            }
            literal += QLatin1Char('}');
            arrays.append(literal);
        }
        m_session.execute(postgresqlStatement(), arrays);
    }
    m_rows.clear();
}

} // namespace ogene
