#include "campaigns/campaignrepository.h"

#include "http/apierror.h"
#include "messaging/queuedmessagerows.h"
#include "notifications/clientnotifications.h"
#include "store/bulkinsert.h"
#include "store/sqlsession.h"
#include "wallet/walletledger.h"

#include <ogene/money.h>
#include <ogene/timestamp.h>

namespace ogene {
namespace {

QString reference(qint64 campaignId)
{
    return QStringLiteral("campaign:%1").arg(campaignId);
}

QString lockSuffix(const SqlSession &session, bool skipLocked = false)
{
    if (session.engine() != Engine::Postgresql)
        return {};
    return skipLocked ? QStringLiteral(" FOR UPDATE SKIP LOCKED") : QStringLiteral(" FOR UPDATE");
}

// The WHERE clause of a listing and its values.
QString whereOf(const CampaignRepository::Filter &filter, QVariantList &values)
{
    QStringList conditions;
    if (filter.userId) {
        conditions.append(QStringLiteral("user_id = ?"));
        values.append(*filter.userId);
    }
    if (!filter.status.isEmpty()) {
        conditions.append(QStringLiteral("status = ?"));
        values.append(filter.status);
    }
    return conditions.isEmpty() ? QString() : QStringLiteral(" WHERE ") + conditions.join(QLatin1String(" AND "));
}

} // namespace

qint64 CampaignRepository::insertDraft(SqlSession &session, const NewCampaign &campaign, const QList<CampaignRecipients::Chunk> &chunks)
{
    qint64 recipients = 0, cost = 0;
    for (const CampaignRecipients::Chunk &chunk : chunks) {
        recipients += chunk.count;
        cost += chunk.cost;
    }
    const qint64 now = nowMs();
    const qint64 id = session.insert(
        QStringLiteral("INSERT INTO campaigns (user_id, name, sender_id_value, message_text, encoding, segments_count, recipient_type, "
                       "status, currency, total_recipients, invalid_recipients, planned_cost, chunk_count, scheduled_at, created_at, "
                       "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'draft', ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id"),
        {campaign.userId, campaign.name, campaign.senderName, campaign.messageText, campaign.encoding, campaign.segments,
         campaign.recipientType, campaign.currency, recipients, campaign.invalidRecipients, cost, qint64(chunks.size()),
         SqlSession::nullIfAbsent(campaign.scheduledAt ? std::optional<qint64>(campaign.scheduledAt) : std::nullopt), now, now});
    BulkInsert rows(session, QStringLiteral("campaign_chunks"),
                    {{QStringLiteral("campaign_id"), BulkInsert::Type::Integer},
                     {QStringLiteral("chunk"), BulkInsert::Type::Integer},
                     {QStringLiteral("recipients"), BulkInsert::Type::Text},
                     {QStringLiteral("recipient_count"), BulkInsert::Type::Integer},
                     {QStringLiteral("cost"), BulkInsert::Type::Integer}});
    for (qsizetype i = 0; i < chunks.size(); ++i) {
        rows.add({id, qint64(i), chunks.at(i).lines, chunks.at(i).count, chunks.at(i).cost});
        if ((i + 1) % 200 == 0)
            rows.flush(); // bounded statements on PostgreSQL: 200 chunks are about 2 MB of text
    }
    rows.flush();
    return id;
}

Campaign CampaignRepository::load(SqlSession &session, std::optional<qint64> userId, qint64 id, bool forUpdate)
{
    QVariantList values{id};
    if (userId)
        values.append(*userId);
    const QList<QVariantList> rows =
        session.rows(QStringLiteral("SELECT ") + Campaign::Columns + QStringLiteral(" FROM campaigns WHERE id = ?")
                         + (userId ? QStringLiteral(" AND user_id = ?") : QString()) + (forUpdate ? lockSuffix(session) : QString()),
                     values);
    if (rows.isEmpty())
        throw ApiError::notFound(QStringLiteral("Campaign"));
    Campaign campaign = Campaign::fromRow(rows.first());
    campaign.loadProgress(session);
    return campaign;
}

QList<Campaign> CampaignRepository::list(SqlSession &session, const Filter &filter, qint64 limit, qint64 offset)
{
    QVariantList values;
    const QString where = whereOf(filter, values);
    QList<Campaign> campaigns;
    for (const QVariantList &row : session.rows(QStringLiteral("SELECT ") + Campaign::Columns + QStringLiteral(" FROM campaigns") + where
                                                    + QStringLiteral(" ORDER BY id DESC LIMIT ? OFFSET ?"),
                                                values + QVariantList{limit, offset})) {
        campaigns.append(Campaign::fromRow(row));
        campaigns.last().loadProgress(session);
    }
    return campaigns;
}

qint64 CampaignRepository::count(SqlSession &session, const Filter &filter)
{
    QVariantList values;
    const QString where = whereOf(filter, values);
    return session.scalar(QStringLiteral("SELECT COUNT(*) FROM campaigns") + where, values).toLongLong();
}

void CampaignRepository::queue(SqlSession &session, const Campaign &draft)
{
    WalletLedger ledger(session);
    const qint64 balance = ledger.lockBalance(draft.userId);
    if (draft.plannedCost > balance)
        throw ApiError(422, QStringLiteral("Insufficient wallet balance."),
                       {{QStringLiteral("balance"), QStringLiteral("The wallet cannot cover this campaign.")},
                        {QStringLiteral("required"), Money::format(draft.plannedCost)},
                        {QStringLiteral("available"), Money::format(balance)}});
    if (draft.plannedCost > 0) {
        ledger.recordDebits(WalletLedger::Category::Sms,
                            {{draft.userId, draft.plannedCost, balance - draft.plannedCost, reference(draft.id),
                              QStringLiteral("Bulk campaign %1: %2 recipient(s), %3 segment(s) each")
                                  .arg(draft.id)
                                  .arg(draft.totalRecipients)
                                  .arg(draft.segmentsCount)}});
        ledger.takeDebited(draft.userId, draft.plannedCost);
    }
    const qint64 now = nowMs();
    session.execute(QStringLiteral("UPDATE campaigns SET status = 'queued', charged = ?, due_at = ?, updated_at = ? WHERE id = ?"),
                    {draft.plannedCost, qMax(now, draft.scheduledAt), now, draft.id});
}

Campaign CampaignRepository::cancel(SqlSession &session, std::optional<qint64> userId, qint64 id)
{
    const Campaign campaign = load(session, userId, id, true);
    if (campaign.status != QLatin1String("queued") && campaign.status != QLatin1String("processing"))
        throw campaign.wrongStatus(QStringLiteral("only a queued or processing campaign can be cancelled"));
    const qint64 now = nowMs();
    // Recipients still waiting in chunks, and messages still in the queue that no dispatcher has
    // claimed (a claimed one is on its way to a gateway, and is paid for).
    const QList<QVariantList> waiting = session.rows(
        QStringLiteral("SELECT COALESCE(SUM(cost), 0), COALESCE(SUM(recipient_count), 0) FROM campaign_chunks WHERE campaign_id = ? "
                       "AND chunk >= ?"),
        {campaign.id, campaign.nextChunk});
    qint64 refund = waiting.value(0).value(0).toLongLong();
    qint64 recipients = waiting.value(0).value(1).toLongLong();
    for (const QVariantList &row :
         session.rows(QStringLiteral("UPDATE messages SET status = 'failed', failure_reason = 'Campaign cancelled', completed_at = ?, "
                                     "updated_at = ? WHERE campaign_id = ? AND status = 'queued' AND claimed_until <= ? RETURNING cost"),
                      {now, now, campaign.id, now})) {
        refund += row.at(0).toLongLong();
        ++recipients;
    }
    if (refund > 0)
        WalletLedger(session).credit(campaign.userId, refund, WalletLedger::Category::Refund, reference(campaign.id),
                                     QStringLiteral("Refund: bulk campaign %1 cancelled, %2 recipient(s) not sent").arg(campaign.id).arg(recipients));
    session.execute(QStringLiteral("DELETE FROM campaign_chunks WHERE campaign_id = ?"), {campaign.id});
    session.execute(QStringLiteral("UPDATE campaigns SET status = 'cancelled', refunded = refunded + ?, completed_at = ?, updated_at = ? "
                                   "WHERE id = ?"),
                    {refund, now, now, campaign.id});
    return load(session, userId, id);
}

void CampaignRepository::removeDraft(SqlSession &session, const Campaign &draft)
{
    session.execute(QStringLiteral("DELETE FROM campaign_chunks WHERE campaign_id = ?"), {draft.id});
    session.execute(QStringLiteral("DELETE FROM campaigns WHERE id = ? AND status = 'draft'"), {draft.id});
}

int CampaignRepository::expandNextChunk(SqlSession &session)
{
    const qint64 now = nowMs();
    const QList<QVariantList> due = session.rows(
        QStringLiteral("SELECT id, user_id, sender_id_value, message_text, encoding, segments_count, currency, next_chunk FROM campaigns "
                       "WHERE status IN ('queued', 'processing') AND due_at <= ? AND next_chunk < chunk_count ORDER BY due_at, id LIMIT 1")
            + lockSuffix(session, true),
        {now});
    if (due.isEmpty())
        return 0;
    const QVariantList &campaign = due.first();
    const qint64 campaignId = campaign.at(0).toLongLong();
    const qint64 chunk = campaign.at(7).toLongLong();
    const QString lines =
        session.scalar(QStringLiteral("SELECT recipients FROM campaign_chunks WHERE campaign_id = ? AND chunk = ?"), {campaignId, chunk})
            .toString();
    const QList<QStringView> entries = QStringView(lines).split(QLatin1Char('\n'), Qt::SkipEmptyParts);

    const QList<qint64> ids = session.nextIds(QStringLiteral("messages"), entries.size());
    QueuedMessageRows messages(session);
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const qsizetype comma = entries.at(i).indexOf(QLatin1Char(','));
        QueuedMessageRows::Row row{ids.at(i), campaign.at(1).toLongLong(), entries.at(i).left(comma).toString(), campaign.at(2),
                                   campaign.at(3), campaign.at(4), campaign.at(5), entries.at(i).mid(comma + 1).toLongLong(), campaign.at(6)};
        row.campaignId = campaignId;
        messages.add(row);
    }
    messages.flush();
    session.execute(QStringLiteral("DELETE FROM campaign_chunks WHERE campaign_id = ? AND chunk = ?"), {campaignId, chunk});
    session.execute(QStringLiteral("UPDATE campaigns SET next_chunk = next_chunk + 1, status = 'processing', "
                                   "started_at = COALESCE(started_at, ?), updated_at = ? WHERE id = ?"),
                    {now, now, campaignId});
    return int(entries.size());
}

int CampaignRepository::completeFinished(SqlSession &session)
{
    int completed = 0;
    const qint64 now = nowMs();
    for (const QVariantList &row :
         session.rows(QStringLiteral("SELECT id, user_id FROM campaigns WHERE status = 'processing' AND next_chunk >= chunk_count")
                      + lockSuffix(session, true))) {
        const qint64 id = row.at(0).toLongLong();
        const qint64 userId = row.at(1).toLongLong();
        if (!session.rows(QStringLiteral("SELECT 1 FROM messages WHERE campaign_id = ? AND status = 'queued' LIMIT 1"), {id}).isEmpty())
            continue;
        if (session.execute(QStringLiteral("UPDATE campaigns SET status = 'completed', completed_at = ?, updated_at = ? "
                                           "WHERE id = ? AND status = 'processing'"),
                            {now, now, id})
            == 0)
            continue;
        ++completed;
        ClientNotifications::campaignCompleted(session, userId, id, load(session, userId, id).toJson());
    }
    return completed;
}

} // namespace ogene
