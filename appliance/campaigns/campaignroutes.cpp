#include "campaigns/campaignroutes.h"

#include "campaigns/campaignrepository.h"
#include "campaigns/campaignrequest.h"
#include "campaigns/campaignworker.h"
#include "campaigns/pooltask.h"
#include "contacts/idlist.h"
#include "core/config.h"
#include "http/pagination.h"
#include "pricing/pricing.h"
#include "store/sqlsession.h"

#include <ogene/timestamp.h>

#include <QJsonArray>

#include <memory>

namespace ogene {
namespace {

QString resolveSender(SqlSession &session, qint64 userId, const CampaignRequest &request)
{
    const QVariant name = request.senderId
                              ? session.scalar(QStringLiteral("SELECT sender_name FROM sender_ids WHERE id = ? AND user_id = ? AND status = 'approved'"),
                                               {*request.senderId, userId})
                              : session.scalar(QStringLiteral("SELECT sender_name FROM sender_ids WHERE user_id = ? AND lower(sender_name) = lower(?) "
                                                              "AND status = 'approved'"),
                                               {userId, request.senderName});
    if (name.isNull())
        throw ApiError::validation(QStringLiteral("sender_id"), QStringLiteral("The sender ID is not approved for this account."));
    return name.toString();
}

// The phones of the contacts the request names (recipient_type all, contacts or groups).
QStringList contactPhones(SqlSession &session, qint64 userId, const CampaignRequest &request)
{
    QString select;
    QVariantList values{userId};
    if (request.recipientType == QLatin1String("all")) {
        select = QStringLiteral("SELECT phone FROM contacts WHERE user_id = ?");
    } else if (request.recipientType == QLatin1String("contacts")) {
        IdList::requireOwned(session, QStringLiteral("contacts"), userId, request.contactIds, QStringLiteral("contact_ids"));
        select = QStringLiteral("SELECT phone FROM contacts WHERE user_id = ? AND ") + session.idIn(QStringLiteral("id"));
        values.append(session.idsValue(request.contactIds));
    } else if (request.recipientType == QLatin1String("groups")) {
        IdList::requireOwned(session, QStringLiteral("contact_groups"), userId, request.groupIds, QStringLiteral("group_ids"));
        select = QStringLiteral("SELECT c.phone FROM contacts c JOIN contact_group_members m ON m.contact_id = c.id WHERE c.user_id = ? AND ")
                 + session.idIn(QStringLiteral("m.group_id"));
        values.append(session.idsValue(request.groupIds));
    } else {
        return {};
    }
    QStringList phones;
    for (const QVariantList &row : session.rows(select, values))
        phones.append(row.at(0).toString());
    return phones;
}

QJsonObject createdRecord(const Campaign &campaign, const QStringList &invalidSample)
{
    QJsonObject record = campaign.toJson();
    record.insert(QStringLiteral("invalid_sample"), QJsonArray::fromStringList(invalidSample));
    return record;
}

// Four steps, so that neither the socket thread nor a store thread does the heavy part: read the
// body on the pool; look up the sender and contacts in the store; merge, count and price the
// recipients on the pool; write the campaign (and its debit) in one store transaction.
void createCampaign(Services &services, CampaignWorker &worker, ApiCall call)
{
    const Principal &principal = call.principal();
    if (principal.sandbox)
        throw ApiError::validation(QStringLiteral("sandbox"), QStringLiteral("Bulk campaigns cannot be sent with a sandbox key."));
    struct State
    {
        CampaignRequest request;
        QString senderName;
        QStringList contactPhones;
        QList<CampaignRecipients::Chunk> chunks;
    };
    auto state = std::make_shared<State>();
    const QByteArray body = call.request().body;
    const qint64 userId = principal.userId;
    const QString currency = principal.currency;
    const int chunkSize = int(services.config->integer(QStringLiteral("CAMPAIGN_CHUNK_SIZE")));
    Store *store = services.store;
    Pricing *pricing = services.pricing;
    CampaignWorker *campaigns = &worker;

    PoolTask::run(call, [state, body] { state->request = CampaignRequest::parse(body, nowMs()); }, [=] {
        call.thenFromStore<int>(
            *store,
            [state, userId](SqlSession &session) {
                state->senderName = resolveSender(session, userId, state->request);
                state->contactPhones = contactPhones(session, userId, state->request);
                return 0;
            },
            [=](const int &) {
                std::shared_ptr<const PriceList> prices = pricing->current();
                PoolTask::run(
                    call,
                    [state, prices, currency, chunkSize] {
                        for (const QString &phone : std::as_const(state->contactPhones))
                            state->request.recipients.addNormalized(phone);
                        state->contactPhones.clear();
                        state->request.recipients.finish();
                        if (state->request.recipients.size() == 0)
                            throw ApiError(422, QStringLiteral("The campaign has no valid recipient."),
                                           {{QStringLiteral("recipients"),
                                             QStringLiteral("No valid recipient: %1 number(s) were not valid phone numbers.")
                                                 .arg(state->request.recipients.invalidCount())}});
                        state->chunks = state->request.recipients.chunks(chunkSize, *prices, currency, state->request.segments);
                    },
                    [=] {
                        call.thenFromStore<HttpResponse>(*store, [state, userId, currency](SqlSession &session) {
                            const CampaignRequest &request = state->request;
                            CampaignRepository::NewCampaign campaign{userId,
                                                                     request.name,
                                                                     state->senderName,
                                                                     request.messageText,
                                                                     request.encoding,
                                                                     request.segments,
                                                                     request.recipientType,
                                                                     currency,
                                                                     request.recipients.invalidCount(),
                                                                     request.scheduledAt};
                            const qint64 id = CampaignRepository::insertDraft(session, campaign, state->chunks);
                            if (!request.draft)
                                CampaignRepository::queue(session, CampaignRepository::load(session, userId, id));
                            const Campaign created = CampaignRepository::load(session, userId, id);
                            return HttpResponse::data(201, createdRecord(created, request.recipients.invalidSample()),
                                                      request.draft ? QStringLiteral("Campaign saved as a draft.")
                                                      : request.scheduledAt ? QStringLiteral("Campaign scheduled.")
                                                                            : QStringLiteral("Campaign queued for sending."));
                        }, [call, campaigns](const HttpResponse &response) {
                            call.reply(response);
                            campaigns->wake(); // at once rather than at its next tick
                        });
                    });
            });
    });
}

void showCampaign(Services &services, ApiCall call)
{
    const qint64 id = call.idParam();
    const qint64 userId = call.principal().userId;
    call.answerFromStore(*services.store, [id, userId](SqlSession &session) {
        return HttpResponse::data(200, CampaignRepository::load(session, userId, id).toJson());
    });
}

void listCampaigns(Services &services, ApiCall call)
{
    const Pagination page = Pagination::fromQuery(call.request().query);
    CampaignRepository::Filter filter{call.principal().userId, call.queryValue(QStringLiteral("status"))};
    if (!filter.status.isEmpty() && !Campaign::Statuses.contains(filter.status))
        throw ApiError::validation(QStringLiteral("status"),
                                   QStringLiteral("The status must be one of: %1.").arg(Campaign::Statuses.join(QLatin1String(", "))));
    call.answerFromStore(*services.store, [page, filter](SqlSession &session) {
        QJsonArray items;
        for (const Campaign &campaign : CampaignRepository::list(session, filter, page.perPage, page.offset()))
            items.append(campaign.toJson());
        return page.response(items, CampaignRepository::count(session, filter));
    });
}

void queueCampaign(Services &services, CampaignWorker &worker, ApiCall call)
{
    const qint64 id = call.idParam();
    const qint64 userId = call.principal().userId;
    CampaignWorker *campaigns = &worker;
    call.thenFromStore<HttpResponse>(
        *services.store,
        [id, userId](SqlSession &session) {
            const Campaign campaign = CampaignRepository::load(session, userId, id, true);
            if (campaign.status != QLatin1String("draft"))
                throw campaign.wrongStatus(QStringLiteral("only a draft can be queued"));
            CampaignRepository::queue(session, campaign);
            return HttpResponse::data(200, CampaignRepository::load(session, userId, id).toJson(), QStringLiteral("Campaign queued."));
        },
        [call, campaigns](const HttpResponse &response) {
            call.reply(response);
            campaigns->wake();
        });
}

void cancelCampaign(Services &services, ApiCall call)
{
    const qint64 id = call.idParam();
    const qint64 userId = call.principal().userId;
    call.answerFromStore(*services.store, [id, userId](SqlSession &session) {
        return HttpResponse::data(200, CampaignRepository::cancel(session, userId, id).toJson(), QStringLiteral("Campaign cancelled."));
    });
}

void deleteCampaign(Services &services, ApiCall call)
{
    const qint64 id = call.idParam();
    const qint64 userId = call.principal().userId;
    call.answerFromStore(*services.store, [id, userId](SqlSession &session) {
        const Campaign campaign = CampaignRepository::load(session, userId, id, true);
        if (campaign.status != QLatin1String("draft"))
            throw campaign.wrongStatus(QStringLiteral("only a draft can be deleted"));
        CampaignRepository::removeDraft(session, campaign);
        return HttpResponse::message(200, QStringLiteral("Campaign deleted."));
    });
}

} // namespace

void installCampaignRoutes(Router &router, Services &services)
{
    router.add("POST", QStringLiteral("/api/client/bulk-sms"), Access::Authenticated,
               [&services](ApiCall call) { createCampaign(services, *services.campaigns, call); });
    router.add("GET", QStringLiteral("/api/client/bulk-sms"), Access::Authenticated,
               [&services](ApiCall call) { listCampaigns(services, call); });
    router.add("GET", QStringLiteral("/api/client/bulk-sms/{id}"), Access::Authenticated,
               [&services](ApiCall call) { showCampaign(services, call); });
    router.add("POST", QStringLiteral("/api/client/bulk-sms/{id}/queue"), Access::Authenticated,
               [&services](ApiCall call) { queueCampaign(services, *services.campaigns, call); });
    router.add("POST", QStringLiteral("/api/client/bulk-sms/{id}/cancel"), Access::Authenticated,
               [&services](ApiCall call) { cancelCampaign(services, call); });
    router.add("DELETE", QStringLiteral("/api/client/bulk-sms/{id}"), Access::Authenticated,
               [&services](ApiCall call) { deleteCampaign(services, call); });
}

} // namespace ogene
