#include "ogene/dashboardsummary.h"

#include "ogene/money.h"

#include <QJsonArray>

namespace ogene {

DashboardSummary DashboardSummary::fromJson(const QJsonObject &json)
{
    DashboardSummary summary;
    const QJsonObject today = json.value(QStringLiteral("messages_today")).toObject();
    for (auto it = today.begin(); it != today.end(); ++it)
        summary.messagesToday.insert(it.key(), it.value().toInteger());
    for (const QJsonValue &entry : json.value(QStringLiteral("sends_per_minute")).toArray()) {
        const QJsonObject minute = entry.toObject();
        summary.sendsPerMinute.append({QDateTime::fromString(minute.value(QStringLiteral("minute")).toString(), Qt::ISODate),
                                       minute.value(QStringLiteral("count")).toInteger()});
    }
    for (const QJsonValue &entry : json.value(QStringLiteral("wallets")).toArray()) {
        const QJsonObject wallet = entry.toObject();
        summary.wallets.append({wallet.value(QStringLiteral("currency")).toString(),
                                Money::fromJson(wallet.value(QStringLiteral("balance"))).value_or(0),
                                wallet.value(QStringLiteral("wallets")).toInteger()});
    }
    summary.pendingSenderIds = json.value(QStringLiteral("pending_sender_ids")).toInteger();
    summary.suspendedAccounts = json.value(QStringLiteral("suspended_accounts")).toInteger();
    return summary;
}

} // namespace ogene
