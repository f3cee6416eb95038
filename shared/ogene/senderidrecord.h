#pragma once

#include <QJsonObject>
#include <QString>

namespace ogene {

// A sender ID request as the admin queue shows it.
struct SenderIdRecord
{
    qint64 id = 0;
    qint64 userId = 0;
    QString senderName;
    QString status; // pending, approved, rejected
    QString rejectionReason;
    QString createdAt;

    static SenderIdRecord fromJson(const QJsonObject &json);
};

} // namespace ogene
