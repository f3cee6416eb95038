#pragma once

#include <QJsonObject>
#include <QString>

namespace ogene {

// A message as the message lists show it; cost stays the API's decimal string.
struct MessageRecord
{
    qint64 id = 0;
    qint64 userId = 0;
    QString recipientPhone;
    QString senderIdValue;
    QString messageText;
    int segmentsCount = 0;
    QString encoding;
    QString cost;
    QString currency;
    QString status;
    QString failureReason;
    bool sandbox = false;
    QString createdAt;
    QString sentAt;
    QString completedAt;

    static MessageRecord fromJson(const QJsonObject &json);
};

} // namespace ogene
