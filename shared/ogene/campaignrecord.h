#pragma once

#include <QJsonObject>
#include <QString>

namespace ogene {

// A bulk campaign as GET /api/admin/campaigns shows it, with its live counts; cost in minor units.
struct CampaignRecord
{
    qint64 id = 0;
    qint64 userId = 0;
    QString name;
    QString status;
    QString senderIdValue;
    QString messageText;
    qint64 totalRecipients = 0;
    qint64 pending = 0;
    qint64 sent = 0;
    qint64 delivered = 0;
    qint64 failed = 0;
    qint64 totalCost = 0;
    QString currency;
    QString scheduledAt;
    QString createdAt;

    // Only a queued (scheduled or not) or processing campaign can still be stopped.
    bool isCancellable() const { return status == QLatin1String("queued") || status == QLatin1String("processing"); }

    static CampaignRecord fromJson(const QJsonObject &json);
};

} // namespace ogene
