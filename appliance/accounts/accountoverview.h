#pragma once

#include "accounts/user.h"

#include <QJsonArray>
#include <QList>

namespace ogene {

class SqlSession;

// What operators see of an account: the user record with its wallet balance and SMPP access, so
// that a list of accounts answers without a request per account. Read for a whole page at once.
class AccountOverview
{
public:
    static QJsonArray toJson(SqlSession &session, const QList<User> &users);
    static QJsonObject toJson(SqlSession &session, const User &user);
};

} // namespace ogene
