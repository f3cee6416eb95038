#include "store/bulkinsert.h"

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
    literal += QLatin1Char('"');
    for (const QChar character : value.toString()) {
        if (character == QLatin1Char('"') || character == QLatin1Char('\\'))
            literal += QLatin1Char('\\');
        literal += character;
    }
    literal += QLatin1Char('"');
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

QString BulkInsert::sqliteStatement() const
{
    QStringList names, placeholders;
    for (const Column &column : m_columns) {
        names.append(column.name);
        placeholders.append(QStringLiteral("?"));
    }
    return QStringLiteral("INSERT INTO %1 (%2) VALUES (%3)").arg(m_table, names.join(QLatin1String(", ")),
                                                                 placeholders.join(QLatin1String(", ")));
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
        const QString statement = sqliteStatement();
        for (const QVariantList &row : std::as_const(m_rows))
            m_session.execute(statement, row);
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
