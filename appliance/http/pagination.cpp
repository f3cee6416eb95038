#include "http/pagination.h"

#include "http/apierror.h"

namespace ogene {
namespace {

constexpr qint64 MaxPerPage = 100;
constexpr qint64 MaxPage = 1000000000;

} // namespace

Pagination Pagination::fromQuery(const QUrlQuery &query)
{
    Pagination pagination;
    QJsonObject errors;
    const auto read = [&](const QString &name, qint64 max, qint64 *into) {
        if (!query.hasQueryItem(name))
            return;
        bool ok = false;
        const qint64 value = query.queryItemValue(name).toLongLong(&ok);
        if (!ok || value < 1 || value > max)
            errors.insert(name, QStringLiteral("The %1 parameter must be a whole number from 1 to %2.").arg(name).arg(max));
        else
            *into = value;
    };
    read(QStringLiteral("page"), MaxPage, &pagination.page);
    read(QStringLiteral("per_page"), MaxPerPage, &pagination.perPage);
    if (!errors.isEmpty())
        throw ApiError::validation(errors);
    return pagination;
}

HttpResponse Pagination::response(const QJsonArray &items, qint64 total) const
{
    const qint64 lastPage = qMax<qint64>(1, (total + perPage - 1) / perPage);
    return HttpResponse::json(200, {{QStringLiteral("success"), true},
                                    {QStringLiteral("data"), items},
                                    {QStringLiteral("meta"),
                                     QJsonObject{{QStringLiteral("current_page"), page},
                                                 {QStringLiteral("per_page"), perPage},
                                                 {QStringLiteral("total"), total},
                                                 {QStringLiteral("last_page"), lastPage}}}});
}

} // namespace ogene
