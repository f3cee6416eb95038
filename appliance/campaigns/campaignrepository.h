#pragma once

#include "campaigns/campaign.h"
#include "campaigns/campaignrecipients.h"

#include <QList>

#include <optional>

namespace ogene {

class SqlSession;

// Campaigns in the store, inside the caller's transaction. Money moves twice at most per
// campaign: one debit of the whole cost when it is queued, one refund of what was not yet
// dispatched when it is cancelled (messages a gateway refuses are refunded one by one by the
// dispatcher, as single sends are). Recipients wait in chunks and become ordinary queued
// messages one chunk per transaction, so a crash repeats or loses no recipient.
namespace CampaignRepository {

struct NewCampaign
{
    qint64 userId = 0;
    QString name;
    QString senderName;
    QString messageText;
    QString encoding;
    int segments = 0;
    QString recipientType;
    QString currency;
    qint64 invalidRecipients = 0;
    qint64 scheduledAt = 0;
};

// Writes a draft with its recipient chunks; answers its id.
qint64 insertDraft(SqlSession &session, const NewCampaign &campaign, const QList<CampaignRecipients::Chunk> &chunks);
// Which campaigns a listing shows: one account's (or every account's, for an operator), of one
// status or any.
struct Filter
{
    std::optional<qint64> userId;
    QString status;
};

// The account's campaign with its progress (any account's when userId is empty, for an
// operator), or ApiError 404. forUpdate holds it for this transaction (PostgreSQL row lock;
// SQLite's write transaction holds everything already).
Campaign load(SqlSession &session, std::optional<qint64> userId, qint64 id, bool forUpdate = false);
// A page of the filter's campaigns, newest first, each with its progress; and how many in all.
QList<Campaign> list(SqlSession &session, const Filter &filter, qint64 limit, qint64 offset);
qint64 count(SqlSession &session, const Filter &filter);
// Debits the whole cost in one ledger entry and queues the draft (to start now, or at its
// scheduled time). ApiError 422 with required and available when the wallet cannot cover it.
void queue(SqlSession &session, const Campaign &draft);
// Stops a queued or processing campaign and refunds every recipient not yet dispatched;
// answers it cancelled. ApiError 404 when it is not the account's (any account's when userId is
// empty), 422 when it is in another status.
Campaign cancel(SqlSession &session, std::optional<qint64> userId, qint64 id);
void removeDraft(SqlSession &session, const Campaign &draft);

// The worker's step: turns the next chunk of a due campaign into queued messages; answers how
// many (0 when no campaign is due).
int expandNextChunk(SqlSession &session);
// Marks processing campaigns whose every message has left the queue completed; answers how many.
int completeFinished(SqlSession &session);

} // namespace CampaignRepository
} // namespace ogene
