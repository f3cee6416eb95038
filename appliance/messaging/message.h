#pragma once

#include <QJsonObject>
#include <QSqlRecord>
#include <QString>

namespace ogene {

// A message as stored, and as GET /api/client/sms/status/{id} shows it.
struct Message
{
    qint64 id = 0;
    qint64 userId = 0;
    QString recipientPhone;
    QString senderIdValue;
    QString messageText;
    QString encoding;
    int segmentsCount = 0;
    qint64 cost = 0;
    QString currency;
    QString status;
    QString failureReason;
    bool sandbox = false;
    qint64 createdAt = 0;
    qint64 updatedAt = 0;
    qint64 sentAt = 0;
    qint64 completedAt = 0;

    static const QString Columns;
    static Message fromRecord(const QSqlRecord &record);
    QJsonObject toJson() const;
};

} // namespace ogene
