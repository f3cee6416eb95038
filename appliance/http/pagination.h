#pragma once

#include "http/httpresponse.h"

#include <QJsonArray>
#include <QUrlQuery>

namespace ogene {

// The list convention: ?page= (from 1) and ?per_page= (1 to 100, default 25); answers
// {success, data:[...], meta:{current_page, per_page, total, last_page}}.
struct Pagination
{
    qint64 page = 1;
    qint64 perPage = 25;

    // Throws the 422 envelope for a bad page or per_page.
    static Pagination fromQuery(const QUrlQuery &query);
    qint64 offset() const { return (page - 1) * perPage; }
    HttpResponse response(const QJsonArray &items, qint64 total) const;
};

} // namespace ogene
