#pragma once

#include <QSqlError>
#include <QString>

#include <stdexcept>

namespace ogene {

// A statement or transaction failed. Carries the driver's text for the log, never for a client.
class SqlError : public std::runtime_error
{
public:
    SqlError(const QString &statement, const QSqlError &error);

    const QSqlError &sqlError() const { return m_error; }
    bool isUniqueViolation() const;
    // Deadlocks, serialization failures and a busy SQLite file: worth trying the work again.
    bool isTransient() const;

private:
    QSqlError m_error;
};

} // namespace ogene
