#include "store/sqlerror.h"

namespace ogene {

SqlError::SqlError(const QString &statement, const QSqlError &error)
    : std::runtime_error((error.text() + QStringLiteral(" [") + statement.simplified().left(200)
                          + QLatin1Char(']')).toStdString())
    , m_error(error)
{
}

bool SqlError::isUniqueViolation() const
{
    const QString code = m_error.nativeErrorCode();
    // PostgreSQL: 23505 unique_violation. SQLite: 2067 SQLITE_CONSTRAINT_UNIQUE, 1555 primary key,
    // or the plain 19 SQLITE_CONSTRAINT with its message.
    return code == QLatin1String("23505") || code == QLatin1String("2067") || code == QLatin1String("1555")
           || (code == QLatin1String("19") && m_error.databaseText().contains(QLatin1String("UNIQUE")));
}

bool SqlError::isTransient() const
{
    const QString code = m_error.nativeErrorCode();
    // SQLite: 5 SQLITE_BUSY and its extended forms 261, 517, 773; 6 SQLITE_LOCKED.
    return code == QLatin1String("40001") || code == QLatin1String("40P01") || code == QLatin1String("5")
           || code == QLatin1String("261") || code == QLatin1String("517") || code == QLatin1String("773")
           || code == QLatin1String("6");
}

} // namespace ogene
