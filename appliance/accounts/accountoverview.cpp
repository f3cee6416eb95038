#include "accounts/accountoverview.h"

#include "store/sqlsession.h"

#include <ogene/money.h>

#include <QHash>

namespace ogene {

QJsonArray AccountOverview::toJson(SqlSession &session, const QList<User> &users)
{
    if (users.isEmpty())
        return {};
    QStringList marks;
    QVariantList ids;
    for (const User &user : users) {
        marks.append(QStringLiteral("?"));
        ids.append(user.id);
    }
    QHash<qint64, QSqlRecord> extras;
    for (const QSqlRecord &row : session.all(QStringLiteral("SELECT u.id, w.balance, u.smpp_access, u.smpp_submit_per_second "
                                                            "FROM users u LEFT JOIN wallets w ON w.user_id = u.id WHERE u.id IN (")
                                                 + marks.join(QLatin1Char(',')) + QLatin1Char(')'),
                                             ids))
        extras.insert(row.value(0).toLongLong(), row);
    QJsonArray items;
    for (const User &user : users) {
        const QSqlRecord row = extras.value(user.id);
        QJsonObject json = user.toJson();
        json.insert(QStringLiteral("balance"), Money::toJsonNumber(row.value(1).toLongLong()));
        json.insert(QStringLiteral("smpp_access"), row.value(2).toInt() != 0);
        json.insert(QStringLiteral("smpp_submit_per_second"),
                    row.value(3).isNull() ? QJsonValue(QJsonValue::Null) : QJsonValue(row.value(3).toLongLong()));
        items.append(json);
    }
    return items;
}

QJsonObject AccountOverview::toJson(SqlSession &session, const User &user)
{
    return toJson(session, QList<User>{user}).first().toObject();
}

} // namespace ogene
