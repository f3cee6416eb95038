#include "store/sqlitestatements.h"

#include "store/sqlerror.h"

#include <QSqlError>

#include <sqlite3.h>

namespace ogene {

// A statement between its binding and its end: reset for the next caller however the run ends.
class SqliteStatements::Cursor
{
public:
    explicit Cursor(sqlite3_stmt *statement)
        : m_statement(statement)
    {
    }
    ~Cursor() { sqlite3_reset(m_statement); }
    Cursor(const Cursor &) = delete;
    Cursor &operator=(const Cursor &) = delete;

    sqlite3_stmt *get() const { return m_statement; }

private:
    sqlite3_stmt *m_statement;
};

namespace {

QVariant columnValue(sqlite3_stmt *statement, int column)
{
    switch (sqlite3_column_type(statement, column)) {
    case SQLITE_INTEGER: return QVariant(qlonglong(sqlite3_column_int64(statement, column)));
    case SQLITE_FLOAT: return QVariant(sqlite3_column_double(statement, column));
    case SQLITE_TEXT: {
        const auto *text = reinterpret_cast<const char *>(sqlite3_column_text(statement, column));
        return QVariant(QString::fromUtf8(text, sqlite3_column_bytes(statement, column)));
    }
    case SQLITE_BLOB: {
        const auto *data = static_cast<const char *>(sqlite3_column_blob(statement, column));
        return QVariant(QByteArray(data, sqlite3_column_bytes(statement, column)));
    }
    default: return QVariant();
    }
}

} // namespace

SqliteStatements::SqliteStatements(sqlite3 *connection)
    : m_connection(connection)
{
}

SqliteStatements::~SqliteStatements()
{
    for (sqlite3_stmt *statement : std::as_const(m_prepared))
        sqlite3_finalize(statement);
}

sqlite3_stmt *SqliteStatements::prepare(const QString &sql)
{
    if (sqlite3_stmt *statement = m_prepared.value(sql))
        return statement;
    const QByteArray text = sql.toUtf8();
    sqlite3_stmt *statement = nullptr;
    const int code =
        sqlite3_prepare_v3(m_connection, text.constData(), int(text.size()), SQLITE_PREPARE_PERSISTENT, &statement, nullptr);
    if (code != SQLITE_OK)
        fail(sql, code);
    m_prepared.insert(sql, statement);
    return statement;
}

void SqliteStatements::bind(sqlite3_stmt *statement, const QString &sql, const QVariantList &values)
{
    if (sqlite3_bind_parameter_count(statement) != values.size())
        throw SqlError(sql, QSqlError(QStringLiteral("%1 values for %2 placeholders")
                                          .arg(values.size())
                                          .arg(sqlite3_bind_parameter_count(statement)),
                                      {}, QSqlError::StatementError));
    for (qsizetype i = 0; i < values.size(); ++i) {
        const QVariant &value = values.at(i);
        const int slot = int(i) + 1;
        int code = SQLITE_OK;
        // Text and bytes are bound without a copy: the caller's list outlives the step, and every
        // placeholder is bound again before the statement's next run. A null QString binds NULL,
        // as it does through QSql.
        switch (value.typeId()) {
        case QMetaType::QString: {
            const auto *text = static_cast<const QString *>(value.constData());
            code = value.isNull() || text->isNull()
                       ? sqlite3_bind_null(statement, slot)
                       : sqlite3_bind_text16(statement, slot, text->utf16(), int(text->size() * sizeof(char16_t)),
                                             SQLITE_STATIC);
            break;
        }
        case QMetaType::QByteArray: {
            const auto *bytes = static_cast<const QByteArray *>(value.constData());
            code = value.isNull() || bytes->isNull()
                       ? sqlite3_bind_null(statement, slot)
                       : sqlite3_bind_blob(statement, slot, bytes->constData(), int(bytes->size()), SQLITE_STATIC);
            break;
        }
        case QMetaType::Double:
        case QMetaType::Float: code = sqlite3_bind_double(statement, slot, value.toDouble()); break;
        case QMetaType::UnknownType: code = sqlite3_bind_null(statement, slot); break;
        default:
            code = value.isNull() ? sqlite3_bind_null(statement, slot)
                                  : sqlite3_bind_int64(statement, slot, value.toLongLong());
            break;
        }
        if (code != SQLITE_OK)
            fail(sql, code);
    }
}

int SqliteStatements::execute(const QString &sql, const QVariantList &values)
{
    Cursor cursor(prepare(sql));
    bind(cursor.get(), sql, values);
    int code;
    while ((code = sqlite3_step(cursor.get())) == SQLITE_ROW) {
    }
    if (code != SQLITE_DONE)
        fail(sql, code);
    return sqlite3_changes(m_connection);
}

QList<QVariantList> SqliteStatements::rows(const QString &sql, const QVariantList &values, qsizetype mostRows,
                                           QStringList *columnNames)
{
    Cursor cursor(prepare(sql));
    sqlite3_stmt *statement = cursor.get();
    bind(statement, sql, values);
    const int columns = sqlite3_column_count(statement);
    if (columnNames) {
        columnNames->clear();
        for (int i = 0; i < columns; ++i)
            columnNames->append(QString::fromUtf8(sqlite3_column_name(statement, i)));
    }
    QList<QVariantList> rows;
    int code = SQLITE_DONE;
    while ((mostRows < 0 || rows.size() < mostRows) && (code = sqlite3_step(statement)) == SQLITE_ROW) {
        QVariantList row;
        row.reserve(columns);
        for (int i = 0; i < columns; ++i)
            row.append(columnValue(statement, i));
        rows.append(std::move(row));
    }
    // Stopping early is safe for UPDATE … RETURNING too: SQLite makes all of a statement's changes
    // in its first step.
    if (code != SQLITE_DONE && code != SQLITE_ROW)
        fail(sql, code);
    return rows;
}

void SqliteStatements::fail(const QString &sql, int code)
{
    const int extended = sqlite3_extended_errcode(m_connection);
    throw SqlError(sql, QSqlError(QStringLiteral("SQLite"), QString::fromUtf8(sqlite3_errmsg(m_connection)),
                                  QSqlError::StatementError, QString::number(extended ? extended : code)));
}

} // namespace ogene
