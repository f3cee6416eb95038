#include "contacts/grouproutes.h"

#include "contacts/idlist.h"
#include "http/fieldvalidator.h"
#include "http/pagination.h"
#include "store/sqlerror.h"
#include "store/sqlsession.h"

#include <ogene/timestamp.h>

#include <QJsonArray>

namespace ogene {
namespace {

constexpr int MaxGroupName = 100;
constexpr qsizetype MostContactsPerCall = 10000;

const QString GroupSelect = QStringLiteral(
    "SELECT g.id, g.name, g.created_at, g.updated_at, "
    "(SELECT COUNT(*) FROM contact_group_members m WHERE m.group_id = g.id) FROM contact_groups g");

QJsonObject groupJson(const QVariantList &row)
{
    return {{QStringLiteral("id"), row.at(0).toLongLong()},
            {QStringLiteral("name"), row.at(1).toString()},
            {QStringLiteral("created_at"), isoTimestamp(row.at(2).toLongLong())},
            {QStringLiteral("updated_at"), isoTimestamp(row.at(3).toLongLong())},
            {QStringLiteral("contact_count"), row.at(4).toLongLong()}};
}

QJsonObject loadGroup(SqlSession &session, qint64 userId, qint64 id)
{
    const QList<QVariantList> rows = session.rows(GroupSelect + QStringLiteral(" WHERE g.id = ? AND g.user_id = ?"), {id, userId});
    if (rows.isEmpty())
        throw ApiError::notFound(QStringLiteral("Group"));
    return groupJson(rows.first());
}

ApiError duplicateName()
{
    return ApiError::validation(QStringLiteral("name"), QStringLiteral("A group with this name already exists."));
}

QString readName(const QJsonObject &body)
{
    FieldValidator fields(body);
    const QString name = fields.requiredText(QStringLiteral("name"), MaxGroupName);
    fields.check();
    return name;
}

// Inserts or renames; a name the account already uses (in any casing) is a 422.
void requireFreeName(SqlSession &session, qint64 userId, const QString &name, qint64 exceptId)
{
    if (session.one(QStringLiteral("SELECT id FROM contact_groups WHERE user_id = ? AND lower(name) = lower(?) AND id <> ?"),
                    {userId, name, exceptId}))
        throw duplicateName();
}

void listGroups(Services &services, ApiCall call)
{
    const Pagination page = Pagination::fromQuery(call.request().query);
    const qint64 userId = call.principal().userId;
    call.answerFromStore(*services.store, [page, userId](SqlSession &session) {
        QJsonArray items;
        for (const QVariantList &row : session.rows(GroupSelect + QStringLiteral(" WHERE g.user_id = ? ORDER BY g.id DESC LIMIT ? OFFSET ?"),
                                                    {userId, page.perPage, page.offset()}))
            items.append(groupJson(row));
        const qint64 total = session.scalar(QStringLiteral("SELECT COUNT(*) FROM contact_groups WHERE user_id = ?"), {userId}).toLongLong();
        return page.response(items, total);
    });
}

void createGroup(Services &services, ApiCall call)
{
    const QString name = readName(call.jsonBody());
    const qint64 userId = call.principal().userId;
    call.answerFromStore(*services.store, [name, userId](SqlSession &session) {
        requireFreeName(session, userId, name, 0);
        const qint64 now = nowMs();
        qint64 id = 0;
        try {
            id = session.insert(QStringLiteral("INSERT INTO contact_groups (user_id, name, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING id"),
                                {userId, name, now, now});
        } catch (const SqlError &error) {
            if (error.isUniqueViolation())
                throw duplicateName();
            throw;
        }
        return HttpResponse::data(201, loadGroup(session, userId, id), QStringLiteral("Group created."));
    });
}

void showGroup(Services &services, ApiCall call)
{
    const qint64 id = call.idParam();
    const qint64 userId = call.principal().userId;
    call.answerFromStore(*services.store, [id, userId](SqlSession &session) {
        return HttpResponse::data(200, loadGroup(session, userId, id));
    });
}

void renameGroup(Services &services, ApiCall call)
{
    const qint64 id = call.idParam();
    const QString name = readName(call.jsonBody());
    const qint64 userId = call.principal().userId;
    call.answerFromStore(*services.store, [id, name, userId](SqlSession &session) {
        loadGroup(session, userId, id);
        requireFreeName(session, userId, name, id);
        try {
            session.execute(QStringLiteral("UPDATE contact_groups SET name = ?, updated_at = ? WHERE id = ? AND user_id = ?"),
                            {name, nowMs(), id, userId});
        } catch (const SqlError &error) {
            if (error.isUniqueViolation())
                throw duplicateName();
            throw;
        }
        return HttpResponse::data(200, loadGroup(session, userId, id), QStringLiteral("Group updated."));
    });
}

void deleteGroup(Services &services, ApiCall call)
{
    const qint64 id = call.idParam();
    const qint64 userId = call.principal().userId;
    call.answerFromStore(*services.store, [id, userId](SqlSession &session) {
        loadGroup(session, userId, id);
        session.execute(QStringLiteral("DELETE FROM contact_group_members WHERE group_id = ?"), {id});
        session.execute(QStringLiteral("DELETE FROM contact_groups WHERE id = ? AND user_id = ?"), {id, userId});
        return HttpResponse::message(200, QStringLiteral("Group deleted; its contacts are kept."));
    });
}

// Adds or removes contacts; the answer is the group with its new count.
void changeMembers(Services &services, ApiCall call, bool add)
{
    const qint64 id = call.idParam();
    const QJsonObject body = call.jsonBody();
    FieldValidator fields(body);
    const QList<qint64> contactIds = IdList::read(body, QStringLiteral("contact_ids"), MostContactsPerCall, true, fields);
    fields.check();
    const qint64 userId = call.principal().userId;
    call.answerFromStore(*services.store, [id, contactIds, userId, add](SqlSession &session) {
        loadGroup(session, userId, id);
        IdList::requireOwned(session, QStringLiteral("contacts"), userId, contactIds, QStringLiteral("contact_ids"));
        if (add) {
            for (qint64 contactId : contactIds)
                session.execute(QStringLiteral("INSERT INTO contact_group_members (group_id, contact_id) VALUES (?, ?) "
                                               "ON CONFLICT (group_id, contact_id) DO NOTHING"),
                                {id, contactId});
        } else {
            session.execute(QStringLiteral("DELETE FROM contact_group_members WHERE group_id = ? AND ")
                                + session.idIn(QStringLiteral("contact_id")),
                            {id, session.idsValue(contactIds)});
        }
        session.execute(QStringLiteral("UPDATE contact_groups SET updated_at = ? WHERE id = ?"), {nowMs(), id});
        return HttpResponse::data(200, loadGroup(session, userId, id),
                                  add ? QStringLiteral("Contacts added to the group.") : QStringLiteral("Contacts removed from the group."));
    });
}

} // namespace

void installGroupRoutes(Router &router, Services &services)
{
    router.add("GET", QStringLiteral("/api/client/groups"), Access::Authenticated,
               [&services](ApiCall call) { listGroups(services, call); });
    router.add("POST", QStringLiteral("/api/client/groups"), Access::Authenticated,
               [&services](ApiCall call) { createGroup(services, call); });
    router.add("GET", QStringLiteral("/api/client/groups/{id}"), Access::Authenticated,
               [&services](ApiCall call) { showGroup(services, call); });
    router.add("PUT", QStringLiteral("/api/client/groups/{id}"), Access::Authenticated,
               [&services](ApiCall call) { renameGroup(services, call); });
    router.add("DELETE", QStringLiteral("/api/client/groups/{id}"), Access::Authenticated,
               [&services](ApiCall call) { deleteGroup(services, call); });
    router.add("POST", QStringLiteral("/api/client/groups/{id}/contacts"), Access::Authenticated,
               [&services](ApiCall call) { changeMembers(services, call, true); });
    router.add("DELETE", QStringLiteral("/api/client/groups/{id}/contacts"), Access::Authenticated,
               [&services](ApiCall call) { changeMembers(services, call, false); });
}

} // namespace ogene
