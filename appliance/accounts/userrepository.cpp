#include "accounts/userrepository.h"

#include "http/apierror.h"
#include "store/sqlerror.h"
#include "store/sqlsession.h"

#include <ogene/timestamp.h>

namespace ogene {
namespace {

const QString Columns = QStringLiteral(
    "id, name, email, password_hash, role, status, currency, rate_limit_per_minute, created_at, updated_at");

QString likePattern(const QString &query)
{
    QString escaped = query.toLower();
    escaped.replace(QLatin1Char('\\'), QLatin1String("\\\\"));
    escaped.replace(QLatin1Char('%'), QLatin1String("\\%"));
    escaped.replace(QLatin1Char('_'), QLatin1String("\\_"));
    return QLatin1Char('%') + escaped + QLatin1Char('%');
}

ApiError emailTakenError()
{
    return ApiError::validation(QStringLiteral("email"), QStringLiteral("The email has already been taken."));
}

} // namespace

std::optional<User> UserRepository::find(qint64 id)
{
    const auto record = m_session.one(QStringLiteral("SELECT ") + Columns + QStringLiteral(" FROM users WHERE id = ?"), {id});
    return record ? std::optional<User>(User::fromRecord(*record)) : std::nullopt;
}

std::optional<User> UserRepository::findByEmail(const QString &email)
{
    const auto record = m_session.one(QStringLiteral("SELECT ") + Columns + QStringLiteral(" FROM users WHERE email = ?"),
                                      {email.toLower()});
    return record ? std::optional<User>(User::fromRecord(*record)) : std::nullopt;
}

bool UserRepository::emailTaken(const QString &email, qint64 exceptId)
{
    return m_session.one(QStringLiteral("SELECT id FROM users WHERE email = ? AND id <> ?"), {email.toLower(), exceptId})
        .has_value();
}

qint64 UserRepository::count()
{
    return m_session.scalar(QStringLiteral("SELECT COUNT(*) FROM users")).toLongLong();
}

User UserRepository::create(const NewUser &user)
{
    if (emailTaken(user.email))
        throw emailTakenError();
    const qint64 now = nowMs();
    try {
        const qint64 id = m_session.insert(
            QStringLiteral("INSERT INTO users (name, email, password_hash, role, status, currency, created_at, updated_at) "
                           "VALUES (?, ?, ?, ?, 'active', ?, ?, ?) RETURNING id"),
            {user.name, user.email.toLower(), user.passwordHash, user.role, user.currency, now, now});
        // Every account has exactly one wallet, in its currency, from the moment it exists.
        m_session.execute(QStringLiteral("INSERT INTO wallets (user_id, currency, updated_at) VALUES (?, ?, ?)"),
                          {id, user.currency, now});
        return *find(id);
    } catch (const SqlError &error) {
        if (error.isUniqueViolation()) // another node or connection took it a moment ago
            throw emailTakenError();
        throw;
    }
}

QList<User> UserRepository::search(const QString &query, qint64 limit, qint64 offset)
{
    if (!query.isEmpty() && m_session.engine() == Engine::Sqlite)
        return matchingOnSqlite(query).mid(offset, limit);
    QList<User> users;
    const QString select = QStringLiteral("SELECT ") + Columns + QStringLiteral(" FROM users ");
    const QList<QSqlRecord> records =
        query.isEmpty()
            ? m_session.all(select + QStringLiteral("ORDER BY id LIMIT ? OFFSET ?"), {limit, offset})
            : m_session.all(select
                                + QStringLiteral("WHERE lower(name) LIKE ? ESCAPE '\\' OR email LIKE ? ESCAPE '\\' "
                                                 "ORDER BY id LIMIT ? OFFSET ?"),
                            {likePattern(query), likePattern(query), limit, offset});
    for (const QSqlRecord &record : records)
        users.append(User::fromRecord(record));
    return users;
}

qint64 UserRepository::countMatching(const QString &query)
{
    if (query.isEmpty())
        return count();
    if (m_session.engine() == Engine::Sqlite)
        return matchingOnSqlite(query).size();
    return m_session
        .scalar(QStringLiteral("SELECT COUNT(*) FROM users WHERE lower(name) LIKE ? ESCAPE '\\' OR email LIKE ? ESCAPE '\\'"),
                {likePattern(query), likePattern(query)})
        .toLongLong();
}

// SQLite's lower() and LIKE fold ASCII letters only ("Émile" would not even find itself), so on
// SQLite the users are matched here, with the same Unicode lower case as PostgreSQL's lower().
QList<User> UserRepository::matchingOnSqlite(const QString &query)
{
    const QString needle = query.toLower();
    QList<User> users;
    for (const QSqlRecord &record : m_session.all(QStringLiteral("SELECT ") + Columns + QStringLiteral(" FROM users ORDER BY id"))) {
        User user = User::fromRecord(record);
        if (user.name.toLower().contains(needle) || user.email.toLower().contains(needle))
            users.append(std::move(user));
    }
    return users;
}

void UserRepository::save(const User &user)
{
    try {
        m_session.execute(QStringLiteral("UPDATE users SET name = ?, email = ?, password_hash = ?, status = ?, "
                                         "rate_limit_per_minute = ?, updated_at = ? WHERE id = ?"),
                          {user.name, user.email.toLower(), user.passwordHash, user.status,
                           SqlSession::nullIfAbsent(user.rateLimitPerMinute),
                           nowMs(), user.id});
    } catch (const SqlError &error) {
        if (error.isUniqueViolation())
            throw emailTakenError();
        throw;
    }
}

} // namespace ogene
