#pragma once

#include "accounts/user.h"

#include <QList>

#include <optional>

namespace ogene {

class SqlSession;

// The users table. Runs inside store work; emails are kept in lower case.
class UserRepository
{
public:
    struct NewUser
    {
        QString name;
        QString email;
        QString passwordHash;
        QString role;
        QString currency;
    };

    explicit UserRepository(SqlSession &session)
        : m_session(session)
    {
    }

    std::optional<User> find(qint64 id);
    std::optional<User> findByEmail(const QString &email);
    bool emailTaken(const QString &email, qint64 exceptId = 0);
    qint64 count();
    // Throws ApiError 422 (errors.email) when the email is taken.
    User create(const NewUser &user);
    QList<User> search(const QString &query, qint64 limit, qint64 offset);
    qint64 countMatching(const QString &query);
    void save(const User &user);

private:
    QList<User> matchingOnSqlite(const QString &query);

    SqlSession &m_session;
};

} // namespace ogene
