#include "ogene/campaignrecord.h"

#include "ogene/money.h"

namespace ogene {

CampaignRecord CampaignRecord::fromJson(const QJsonObject &json)
{
    CampaignRecord campaign;
    campaign.id = json.value(QStringLiteral("id")).toInteger();
    campaign.userId = json.value(QStringLiteral("user_id")).toInteger();
    campaign.name = json.value(QStringLiteral("name")).toString();
    campaign.status = json.value(QStringLiteral("status")).toString();
    campaign.senderIdValue = json.value(QStringLiteral("sender_id_value")).toString();
    campaign.messageText = json.value(QStringLiteral("message_text")).toString();
    campaign.totalRecipients = json.value(QStringLiteral("total_recipients")).toInteger();
    campaign.pending = json.value(QStringLiteral("pending")).toInteger();
    campaign.sent = json.value(QStringLiteral("sent")).toInteger();
    campaign.delivered = json.value(QStringLiteral("delivered")).toInteger();
    campaign.failed = json.value(QStringLiteral("failed")).toInteger();
    campaign.totalCost = Money::fromJson(json.value(QStringLiteral("total_cost"))).value_or(0);
    campaign.currency = json.value(QStringLiteral("currency")).toString();
    campaign.scheduledAt = json.value(QStringLiteral("scheduled_at")).toString();
    campaign.createdAt = json.value(QStringLiteral("created_at")).toString();
    return campaign;
}

} // namespace ogene
