#include "campaigns/admincampaignroutes.h"

#include "campaigns/campaignrepository.h"
#include "http/accountfilter.h"
#include "http/pagination.h"
#include "store/sqlsession.h"

#include <QJsonArray>

namespace ogene {
namespace {

// The client's record and whose campaign it is: an operator sees every account's.
QJsonObject adminRecord(const Campaign &campaign)
{
    QJsonObject record = campaign.toJson();
    record.insert(QStringLiteral("user_id"), campaign.userId);
    return record;
}

void listCampaigns(Services &services, ApiCall call)
{
    const Pagination page = Pagination::fromQuery(call.request().query);
    CampaignRepository::Filter filter;
    QJsonObject errors;
    filter.status = call.queryValue(QStringLiteral("status"));
    if (!filter.status.isEmpty() && !Campaign::Statuses.contains(filter.status))
        errors.insert(QStringLiteral("status"),
                      QStringLiteral("The status must be one of: %1.").arg(Campaign::Statuses.join(QLatin1String(", "))));
    filter.userId = accountFilter(call, errors);
    if (!errors.isEmpty())
        throw ApiError::validation(errors);

    call.answerFromStore(*services.store, [page, filter](SqlSession &session) {
        QJsonArray items;
        for (const Campaign &campaign : CampaignRepository::list(session, filter, page.perPage, page.offset()))
            items.append(adminRecord(campaign));
        return page.response(items, CampaignRepository::count(session, filter));
    });
}

// Cancels as the account itself would: the same refund, whoever asks.
void cancelCampaign(Services &services, ApiCall call)
{
    const qint64 id = call.idParam();
    call.answerFromStore(*services.store, [id](SqlSession &session) {
        return HttpResponse::data(200, adminRecord(CampaignRepository::cancel(session, std::nullopt, id)),
                                  QStringLiteral("Campaign cancelled."));
    });
}

} // namespace

void installAdminCampaignRoutes(Router &router, Services &services)
{
    router.add("GET", QStringLiteral("/api/admin/campaigns"), Access::Admin, [&services](ApiCall call) { listCampaigns(services, call); });
    router.add("POST", QStringLiteral("/api/admin/campaigns/{id}/cancel"), Access::Admin,
               [&services](ApiCall call) { cancelCampaign(services, call); });
}

} // namespace ogene
