#pragma once

#include "campaigns/campaignrecipients.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

namespace ogene {

// The body of POST /api/client/bulk-sms, read and checked: every rule that needs no database.
// Numbers given in the body (phone_numbers, manual_numbers) are normalised here; contacts and
// groups are added from the store later.
struct CampaignRequest
{
    static constexpr int MaxName = 255;
    static constexpr int MaxMessageCharacters = 1000;
    static constexpr qsizetype MostContactIds = 100000;
    static constexpr qsizetype MostGroupIds = 1000;

    QString name;
    std::optional<qint64> senderId; // sender_id given as its numeric id
    QString senderName;             // or as the approved name
    QString messageText;
    QString encoding;
    int segments = 0;
    QString recipientType;
    QList<qint64> contactIds;
    QList<qint64> groupIds;
    CampaignRecipients recipients;
    qint64 scheduledAt = 0;
    bool draft = false;

    // Throws ApiError (400 for a body that is not a JSON object, 422 with every bad field).
    static CampaignRequest parse(const QByteArray &body, qint64 now);
};

} // namespace ogene
