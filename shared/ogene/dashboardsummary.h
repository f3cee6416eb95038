#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>

namespace ogene {

// The figures of GET /api/admin/dashboard; balances in minor units.
struct DashboardSummary
{
    struct Minute
    {
        QDateTime start;
        qint64 count = 0;
    };
    struct WalletTotal
    {
        QString currency;
        qint64 balance = 0;
        qint64 wallets = 0;
    };

    QMap<QString, qint64> messagesToday; // by status, and "total"
    QList<Minute> sendsPerMinute;        // the last hour, oldest first
    QList<WalletTotal> wallets;
    qint64 pendingSenderIds = 0;
    qint64 suspendedAccounts = 0;

    static DashboardSummary fromJson(const QJsonObject &json);
};

} // namespace ogene
