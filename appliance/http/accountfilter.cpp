#include "http/accountfilter.h"

namespace ogene {

std::optional<qint64> accountFilter(const ApiCall &call, QJsonObject &errors)
{
    const QString text = call.queryValue(QStringLiteral("user_id"));
    if (text.isEmpty())
        return std::nullopt;
    bool ok = false;
    const qint64 id = text.toLongLong(&ok);
    if (!ok || id <= 0)
        errors.insert(QStringLiteral("user_id"), QStringLiteral("The user_id must be a positive whole number."));
    return id;
}

} // namespace ogene
