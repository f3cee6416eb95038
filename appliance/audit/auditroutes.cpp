#include "audit/auditroutes.h"

#include "audit/auditlog.h"
#include "http/pagination.h"
#include "store/sqlsession.h"

#include <ogene/timestamp.h>

#include <QDate>
#include <QJsonArray>
#include <QRegularExpression>

namespace ogene {
namespace {

constexpr qsizetype MaxNameLength = 64;

// A positive whole number from the query; 0 when absent, the field's error when malformed.
qint64 readId(const ApiCall &call, const QString &name, QJsonObject &errors)
{
    const QString text = call.queryValue(name);
    if (text.isEmpty())
        return 0;
    bool ok = false;
    const qint64 id = text.toLongLong(&ok);
    if (!ok || id <= 0)
        errors.insert(name, QStringLiteral("The %1 must be a positive whole number.").arg(name));
    return id;
}

// An action or target type: lower-case words joined by dots and underscores.
QString readName(const ApiCall &call, const QString &name, QJsonObject &errors)
{
    static const QRegularExpression shape(QStringLiteral("^[a-z_.]+$"));
    const QString text = call.queryValue(name);
    if (!text.isEmpty() && (text.size() > MaxNameLength || !shape.match(text).hasMatch()))
        errors.insert(name, QStringLiteral("The %1 must be up to %2 lower-case letters, dots and underscores.").arg(name).arg(MaxNameLength));
    return text;
}

// date_from / date_to: a date (2026-11-21, date_to meaning the whole of that day) or an ISO 8601 instant.
std::optional<qint64> readBound(const ApiCall &call, const QString &name, bool upper, QJsonObject &errors)
{
    const QString text = call.queryValue(name);
    if (text.isEmpty())
        return std::nullopt;
    const QDate day = QDate::fromString(text, Qt::ISODate);
    if (day.isValid() && text.size() == 10)
        return QDateTime(upper ? day.addDays(1) : day, QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
    const std::optional<qint64> instant = parseIsoTimestamp(text);
    if (!instant) {
        errors.insert(name, QStringLiteral("The %1 must be a date (2026-11-21) or an ISO 8601 date and time.").arg(name));
        return std::nullopt;
    }
    return upper ? *instant + 1 : *instant; // an instant given as date_to is included
}

void listAudit(Services &services, ApiCall call)
{
    const Pagination page = Pagination::fromQuery(call.request().query);
    QJsonObject errors;
    AuditLog::Filter filter;
    filter.actorUserId = readId(call, QStringLiteral("actor_id"), errors);
    filter.action = readName(call, QStringLiteral("action"), errors);
    filter.targetType = readName(call, QStringLiteral("target_type"), errors);
    filter.targetId = readId(call, QStringLiteral("target_id"), errors);
    filter.from = readBound(call, QStringLiteral("date_from"), false, errors);
    filter.to = readBound(call, QStringLiteral("date_to"), true, errors);
    if (!errors.isEmpty())
        throw ApiError::validation(errors);

    call.answerFromStore(*services.store, [page, filter](SqlSession &session) {
        AuditLog log(session);
        QJsonArray items;
        for (const AuditEntry &entry : log.list(filter, page.perPage, page.offset()))
            items.append(entry.toJson());
        return page.response(items, log.count(filter));
    });
}

} // namespace

void installAuditRoutes(Router &router, Services &services)
{
    router.add("GET", QStringLiteral("/api/admin/audit"), Access::Admin, [&services](ApiCall call) { listAudit(services, call); });
}

} // namespace ogene
