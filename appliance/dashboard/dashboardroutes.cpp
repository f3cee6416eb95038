#include "dashboard/dashboardroutes.h"

#include "store/sqlsession.h"

#include <ogene/money.h>
#include <ogene/timestamp.h>

#include <QDateTime>
#include <QJsonArray>

namespace ogene {
namespace {

constexpr qint64 MinuteMs = 60 * 1000;
constexpr int ChartMinutes = 60;

// Today is the UTC day: one appliance serves operators in any time zone, and so do its nodes.
qint64 startOfUtcDay(qint64 nowMs)
{
    return QDateTime(QDateTime::fromMSecsSinceEpoch(nowMs, Qt::UTC).date(), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
}

QJsonObject messagesToday(SqlSession &session, qint64 dayStart)
{
    QJsonObject counts{{QStringLiteral("queued"), 0}, {QStringLiteral("sent"), 0}, {QStringLiteral("delivered"), 0},
                       {QStringLiteral("failed"), 0}};
    qint64 total = 0;
    for (const QSqlRecord &row :
         session.all(QStringLiteral("SELECT status, COUNT(*) FROM messages WHERE created_at >= ? GROUP BY status"), {dayStart})) {
        counts.insert(row.value(0).toString(), row.value(1).toLongLong());
        total += row.value(1).toLongLong();
    }
    counts.insert(QStringLiteral("total"), total);
    return counts;
}

// One entry per minute of the last hour, oldest first, the current minute last; quiet minutes are 0.
QJsonArray sendsPerMinute(SqlSession &session, qint64 now)
{
    const qint64 lastMinute = now / MinuteMs;
    const qint64 firstMinute = lastMinute - ChartMinutes + 1;
    QHash<qint64, qint64> counts;
    for (const QSqlRecord &row : session.all(QStringLiteral("SELECT created_at / 60000, COUNT(*) FROM messages "
                                                            "WHERE created_at >= ? GROUP BY created_at / 60000"),
                                             {firstMinute * MinuteMs}))
        counts.insert(row.value(0).toLongLong(), row.value(1).toLongLong());
    QJsonArray minutes;
    for (qint64 minute = firstMinute; minute <= lastMinute; ++minute)
        minutes.append(QJsonObject{{QStringLiteral("minute"), isoTimestamp(minute * MinuteMs)},
                                   {QStringLiteral("count"), counts.value(minute)}});
    return minutes;
}

QJsonArray walletTotals(SqlSession &session)
{
    QJsonArray wallets;
    for (const QSqlRecord &row :
         session.all(QStringLiteral("SELECT currency, CAST(COALESCE(SUM(balance), 0) AS BIGINT), COUNT(*) FROM wallets GROUP BY currency ORDER BY currency")))
        wallets.append(QJsonObject{{QStringLiteral("currency"), row.value(0).toString()},
                                   {QStringLiteral("balance"), Money::toJsonNumber(row.value(1).toLongLong())},
                                   {QStringLiteral("wallets"), row.value(2).toLongLong()}});
    return wallets;
}

void dashboard(Services &services, ApiCall call)
{
    call.answerFromStore(*services.store, [](SqlSession &session) {
        const qint64 now = nowMs();
        const qint64 dayStart = startOfUtcDay(now);
        return HttpResponse::data(
            200, QJsonObject{{QStringLiteral("day_start"), isoTimestamp(dayStart)},
                             {QStringLiteral("messages_today"), messagesToday(session, dayStart)},
                             {QStringLiteral("sends_per_minute"), sendsPerMinute(session, now)},
                             {QStringLiteral("wallets"), walletTotals(session)},
                             {QStringLiteral("pending_sender_ids"),
                              session.scalar(QStringLiteral("SELECT COUNT(*) FROM sender_ids WHERE status = 'pending'")).toLongLong()},
                             {QStringLiteral("suspended_accounts"),
                              session.scalar(QStringLiteral("SELECT COUNT(*) FROM users WHERE status = 'suspended'")).toLongLong()}});
    });
}

} // namespace

void installDashboardRoutes(Router &router, Services &services)
{
    router.add("GET", QStringLiteral("/api/admin/dashboard"), Access::Admin, [&services](ApiCall call) { dashboard(services, call); });
}

} // namespace ogene
