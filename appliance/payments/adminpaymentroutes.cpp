#include "payments/adminpaymentroutes.h"

#include "http/accountfilter.h"
#include "http/pagination.h"
#include "payments/paymentintents.h"
#include "store/sqlsession.h"

#include <QJsonArray>

namespace ogene {
namespace {

const QStringList Statuses = {QStringLiteral("pending"), QStringLiteral("success"), QStringLiteral("failed"),
                              QStringLiteral("abandoned"), QStringLiteral("mismatch")};

void listPayments(Services &services, ApiCall call)
{
    const Pagination page = Pagination::fromQuery(call.request().query);
    PaymentIntents::Filter filter;
    QJsonObject errors;
    filter.status = call.queryValue(QStringLiteral("status"));
    if (!filter.status.isEmpty() && !Statuses.contains(filter.status))
        errors.insert(QStringLiteral("status"),
                      QStringLiteral("The status must be one of %1.").arg(Statuses.join(QLatin1String(", "))));
    filter.userId = accountFilter(call, errors).value_or(0);
    if (!errors.isEmpty())
        throw ApiError::validation(errors);

    call.answerFromStore(*services.store, [page, filter](SqlSession &session) {
        PaymentIntents intents(session);
        QJsonArray items;
        for (const PaymentIntent &intent : intents.list(filter, page.perPage, page.offset()))
            items.append(intent.toJson());
        return page.response(items, intents.count(filter));
    });
}

} // namespace

void installAdminPaymentRoutes(Router &router, Services &services)
{
    router.add("GET", QStringLiteral("/api/admin/payments"), Access::Admin, [&services](ApiCall call) { listPayments(services, call); });
}

} // namespace ogene
