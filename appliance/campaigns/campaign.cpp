#include "campaigns/campaign.h"

#include "http/apierror.h"
#include "store/sqlsession.h"

#include <ogene/money.h>
#include <ogene/timestamp.h>

namespace ogene {

const QString Campaign::Columns = QStringLiteral(
    "id, user_id, name, sender_id_value, message_text, encoding, segments_count, recipient_type, status, currency, "
    "total_recipients, invalid_recipients, planned_cost, charged, refunded, chunk_count, next_chunk, scheduled_at, "
    "created_at, updated_at, started_at, completed_at");

const QStringList Campaign::Statuses = {QStringLiteral("draft"), QStringLiteral("queued"), QStringLiteral("processing"),
                                        QStringLiteral("completed"), QStringLiteral("cancelled")};

Campaign Campaign::fromRow(const QVariantList &row)
{
    Campaign campaign;
    campaign.id = row.at(0).toLongLong();
    campaign.userId = row.at(1).toLongLong();
    campaign.name = row.at(2).toString();
    campaign.senderIdValue = row.at(3).toString();
    campaign.messageText = row.at(4).toString();
    campaign.encoding = row.at(5).toString();
    campaign.segmentsCount = row.at(6).toInt();
    campaign.recipientType = row.at(7).toString();
    campaign.status = row.at(8).toString();
    campaign.currency = row.at(9).toString();
    campaign.totalRecipients = row.at(10).toLongLong();
    campaign.invalidRecipients = row.at(11).toLongLong();
    campaign.plannedCost = row.at(12).toLongLong();
    campaign.charged = row.at(13).toLongLong();
    campaign.refunded = row.at(14).toLongLong();
    campaign.chunkCount = row.at(15).toInt();
    campaign.nextChunk = row.at(16).toInt();
    campaign.scheduledAt = row.at(17).toLongLong();
    campaign.createdAt = row.at(18).toLongLong();
    campaign.updatedAt = row.at(19).toLongLong();
    campaign.startedAt = row.at(20).toLongLong();
    campaign.completedAt = row.at(21).toLongLong();
    return campaign;
}

void Campaign::loadProgress(SqlSession &session)
{
    progress = {};
    // By status over the (campaign_id, status) index alone; then the few failed rows for detail.
    for (const QVariantList &row :
         session.rows(QStringLiteral("SELECT status, COUNT(*) FROM messages WHERE campaign_id = ? GROUP BY status"), {id})) {
        const QString status = row.at(0).toString();
        const qint64 count = row.at(1).toLongLong();
        if (status == QLatin1String("queued"))
            progress.pending = count;
        else if (status == QLatin1String("sent"))
            progress.sent += count;
        else if (status == QLatin1String("delivered")) {
            progress.sent += count;
            progress.delivered = count;
        } else if (status == QLatin1String("failed")) {
            progress.sent += count;
            progress.failed = count;
        }
    }
    if (progress.failed > 0) {
        const QList<QVariantList> unsent = session.rows(
            QStringLiteral("SELECT COUNT(*), COALESCE(SUM(CASE WHEN gateway IS NOT NULL THEN cost ELSE 0 END), 0) FROM messages "
                           "WHERE campaign_id = ? AND status = 'failed' AND sent_at IS NULL"),
            {id});
        progress.sent -= unsent.value(0).value(0).toLongLong();
        progress.rejectedCost = unsent.value(0).value(1).toLongLong();
    }
}

qint64 Campaign::totalCost() const
{
    if (status == QLatin1String("draft"))
        return plannedCost;
    return charged - refunded - progress.rejectedCost;
}

QJsonObject Campaign::toJson() const
{
    return {{QStringLiteral("id"), id},
            {QStringLiteral("name"), name},
            {QStringLiteral("status"), status},
            {QStringLiteral("sender_id_value"), senderIdValue},
            {QStringLiteral("message_text"), messageText},
            {QStringLiteral("encoding"), encoding},
            {QStringLiteral("segments_count"), segmentsCount},
            {QStringLiteral("recipient_type"), recipientType},
            {QStringLiteral("total_recipients"), totalRecipients},
            {QStringLiteral("invalid_recipients"), invalidRecipients},
            {QStringLiteral("pending"), progress.pending},
            {QStringLiteral("sent"), progress.sent},
            {QStringLiteral("delivered"), progress.delivered},
            {QStringLiteral("failed"), progress.failed},
            {QStringLiteral("total_cost"), Money::toJsonNumber(totalCost())},
            {QStringLiteral("currency"), currency},
            {QStringLiteral("scheduled_at"), isoTimestampOrNull(scheduledAt)},
            {QStringLiteral("created_at"), isoTimestamp(createdAt)},
            {QStringLiteral("updated_at"), isoTimestamp(updatedAt)},
            {QStringLiteral("started_at"), isoTimestampOrNull(startedAt)},
            {QStringLiteral("completed_at"), isoTimestampOrNull(completedAt)}};
}

ApiError Campaign::wrongStatus(const QString &allowed) const
{
    return ApiError(422, QStringLiteral("The campaign is %1; %2.").arg(status, allowed),
                    {{QStringLiteral("status"), QStringLiteral("The campaign is %1.").arg(status)}});
}

} // namespace ogene
