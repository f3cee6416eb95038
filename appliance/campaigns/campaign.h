#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QVariantList>

namespace ogene {

class ApiError;
class SqlSession;

// A bulk campaign as stored, with its live progress counted from its messages, and as
// GET /api/client/bulk-sms/{id} shows it (the interface's Bulk campaign record and more).
struct Campaign
{
    qint64 id = 0;
    qint64 userId = 0;
    QString name;
    QString senderIdValue;
    QString messageText;
    QString encoding;
    int segmentsCount = 0;
    QString recipientType;
    QString status;
    QString currency;
    qint64 totalRecipients = 0;
    qint64 invalidRecipients = 0;
    qint64 plannedCost = 0; // what every recipient costs together, in minor units
    qint64 charged = 0;     // debited when queued
    qint64 refunded = 0;    // given back when cancelled
    int chunkCount = 0;
    int nextChunk = 0;
    qint64 scheduledAt = 0;
    qint64 createdAt = 0;
    qint64 updatedAt = 0;
    qint64 startedAt = 0;
    qint64 completedAt = 0;

    // Counted from the campaign's messages when loaded.
    struct Progress
    {
        qint64 pending = 0;   // messages waiting in the outbound queue
        qint64 sent = 0;      // taken by a gateway (whatever became of them after)
        qint64 delivered = 0;
        qint64 failed = 0;
        qint64 rejectedCost = 0; // refunded one by one: refused by a gateway before any carrier took it
    } progress;

    static const QString Columns;
    // Every status a campaign can be in, as listings filter on them.
    static const QStringList Statuses;
    static Campaign fromRow(const QVariantList &row);
    // Counts the campaign's messages into progress.
    void loadProgress(SqlSession &session);
    // What the campaign costs the account now: for a draft, what queueing it would debit.
    qint64 totalCost() const;
    QJsonObject toJson() const;
    // The 422 for an action its status does not allow; `allowed` says which status would.
    ApiError wrongStatus(const QString &allowed) const;
};

} // namespace ogene
