#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace ogene {

class SqlSession;

// Queues client notifications about messages, in the caller's transaction: one for each message
// that has its own callback_url (which then takes every event of that message), or whose account's
// webhook subscribes to the event. The WebhookNotifier posts them.
class ClientNotifications
{
public:
    static const QStringList Events; // message.sent, message.delivered, message.failed, campaign.completed

    // changedAt, when given, keeps only the messages whose updated_at it is: those the caller's
    // statement changed, not those a repeated report left as they were.
    static void messagesChanged(SqlSession &session, const QList<qint64> &messageIds, const QString &event, qint64 changedAt = 0);
    // campaign.completed for the account's webhook, if it subscribes; data is the campaign record
    // as it stands at completion.
    static void campaignCompleted(SqlSession &session, qint64 userId, qint64 campaignId, const QJsonObject &data);
    // The event for a message status: message.sent, message.delivered or message.failed.
    static QString eventFor(const QString &status) { return QStringLiteral("message.") + status; }
};

} // namespace ogene
