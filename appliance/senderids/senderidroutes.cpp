#include "senderids/senderidroutes.h"

#include "http/fieldvalidator.h"
#include "http/pagination.h"
#include "senderids/senderid.h"
#include "store/sqlerror.h"
#include "store/sqlsession.h"

#include <ogene/timestamp.h>

#include <QJsonArray>

namespace ogene {
namespace {

const QStringList Statuses = {QStringLiteral("pending"), QStringLiteral("approved"), QStringLiteral("rejected")};

ApiError duplicateName()
{
    return ApiError::validation(QStringLiteral("sender_name"), QStringLiteral("You have already requested this sender ID."));
}

void requestSenderId(Services &services, ApiCall call)
{
    const QJsonValue value = call.jsonBody().value(QStringLiteral("sender_name"));
    if (!value.isString() && !value.isUndefined() && !value.isNull())
        throw ApiError::validation(QStringLiteral("sender_name"), QStringLiteral("The sender_name field must be a string."));
    const QString name = value.toString().trimmed();
    const QString problem = SenderId::validateName(name);
    if (!problem.isEmpty())
        throw ApiError::validation(QStringLiteral("sender_name"), problem);
    const qint64 userId = call.principal().userId;
    call.answerFromStore(*services.store, [userId, name](SqlSession &session) {
        if (session.one(QStringLiteral("SELECT id FROM sender_ids WHERE user_id = ? AND lower(sender_name) = lower(?)"),
                        {userId, name}))
            throw duplicateName();
        const qint64 now = nowMs();
        qint64 id = 0;
        try {
            id = session.insert(QStringLiteral("INSERT INTO sender_ids (user_id, sender_name, status, created_at, updated_at) "
                                               "VALUES (?, ?, 'pending', ?, ?) RETURNING id"),
                                {userId, name, now, now});
        } catch (const SqlError &error) {
            if (error.isUniqueViolation())
                throw duplicateName();
            throw;
        }
        return HttpResponse::data(201,
                                  QJsonObject{{QStringLiteral("id"), id},
                                              {QStringLiteral("sender_name"), name},
                                              {QStringLiteral("status"), QStringLiteral("pending")},
                                              {QStringLiteral("created_at"), isoTimestamp(now)}},
                                  QStringLiteral("Sender ID requested; it can be used once an administrator approves it."));
    });
}

// Lists sender IDs through the list convention; userId 0 means every account (admin).
void listSenderIds(Services &services, ApiCall call, qint64 userId, const QString &status)
{
    const Pagination page = Pagination::fromQuery(call.request().query);
    if (!status.isEmpty() && !Statuses.contains(status))
        throw ApiError::validation(QStringLiteral("status"), QStringLiteral("The status must be one of: pending, approved, rejected."));
    call.answerFromStore(*services.store, [page, userId, status](SqlSession &session) {
        QString where = QStringLiteral(" WHERE 1 = 1");
        QVariantList filter;
        if (userId != 0) {
            where += QStringLiteral(" AND user_id = ?");
            filter.append(userId);
        }
        if (!status.isEmpty()) {
            where += QStringLiteral(" AND status = ?");
            filter.append(status);
        }
        QJsonArray items;
        // Admins see the oldest pending request first; clients their newest first.
        const QString order = userId == 0 ? QStringLiteral(" ORDER BY id") : QStringLiteral(" ORDER BY id DESC");
        for (const QSqlRecord &row : session.all(QStringLiteral("SELECT ") + SenderId::Columns + QStringLiteral(" FROM sender_ids")
                                                     + where + order + QStringLiteral(" LIMIT ? OFFSET ?"),
                                                 filter + QVariantList{page.perPage, page.offset()}))
            items.append(SenderId::fromRecord(row).toJson());
        const qint64 total = session.scalar(QStringLiteral("SELECT COUNT(*) FROM sender_ids") + where, filter).toLongLong();
        return page.response(items, total);
    });
}

void decide(Services &services, ApiCall call, bool approve)
{
    const qint64 id = call.idParam();
    QString reason;
    if (!approve) {
        FieldValidator fields(call.jsonBody());
        reason = fields.requiredText(QStringLiteral("reason"), 500);
        fields.check();
    }
    call.answerFromStore(*services.store, [id, approve, reason](SqlSession &session) {
        const qint64 now = nowMs();
        const int changed =
            approve ? session.execute(QStringLiteral("UPDATE sender_ids SET status = 'approved', approved_at = ?, "
                                                     "rejection_reason = NULL, updated_at = ? WHERE id = ?"),
                                      {now, now, id})
                    : session.execute(QStringLiteral("UPDATE sender_ids SET status = 'rejected', approved_at = NULL, "
                                                     "rejection_reason = ?, updated_at = ? WHERE id = ?"),
                                      {reason, now, id});
        if (changed == 0)
            throw ApiError::notFound(QStringLiteral("Sender ID"));
        const auto row = session.one(QStringLiteral("SELECT ") + SenderId::Columns + QStringLiteral(" FROM sender_ids WHERE id = ?"), {id});
        return HttpResponse::data(200, SenderId::fromRecord(*row).toJson(),
                                  approve ? QStringLiteral("Sender ID approved.") : QStringLiteral("Sender ID rejected."));
    });
}

} // namespace

void installSenderIdRoutes(Router &router, Services &services)
{
    router.add("POST", QStringLiteral("/api/client/sender-id/request"), Access::Authenticated,
               [&services](ApiCall call) { requestSenderId(services, call); });
    router.add("GET", QStringLiteral("/api/client/sender-id"), Access::Authenticated, [&services](ApiCall call) {
        listSenderIds(services, call, call.principal().userId, call.queryValue(QStringLiteral("status")));
    });
    router.add("GET", QStringLiteral("/api/client/sender-id/approved"), Access::Authenticated, [&services](ApiCall call) {
        listSenderIds(services, call, call.principal().userId, QStringLiteral("approved"));
    });
    router.add("GET", QStringLiteral("/api/admin/sender-ids"), Access::Admin, [&services](ApiCall call) {
        listSenderIds(services, call, 0, call.queryValue(QStringLiteral("status")));
    });
    router.add("POST", QStringLiteral("/api/admin/sender-ids/{id}/approve"), Access::Admin,
               [&services](ApiCall call) { decide(services, call, true); });
    router.add("POST", QStringLiteral("/api/admin/sender-ids/{id}/reject"), Access::Admin,
               [&services](ApiCall call) { decide(services, call, false); });
}

} // namespace ogene
