#include "notifications/clientwebhookroutes.h"

#include "auth/secrettoken.h"
#include "http/apierror.h"
#include "http/fieldvalidator.h"
#include "http/pagination.h"
#include "notifications/callbackurl.h"
#include "notifications/clientnotifications.h"
#include "store/store.h"

#include <ogene/timestamp.h>

#include <QJsonArray>
#include <QSqlRecord>

namespace ogene {
namespace {

const QLatin1Char Comma(',');

QJsonObject settingsJson(const QSqlRecord &row)
{
    return {{QStringLiteral("url"), row.value(0).toString()},
            {QStringLiteral("events"), QJsonArray::fromStringList(row.value(1).toString().split(Comma, Qt::SkipEmptyParts))},
            {QStringLiteral("created_at"), isoTimestamp(row.value(2).toLongLong())},
            {QStringLiteral("updated_at"), isoTimestamp(row.value(3).toLongLong())}};
}

QStringList readEvents(const QJsonObject &body, FieldValidator &fields)
{
    const QJsonValue value = body.value(QStringLiteral("events"));
    const QJsonArray list = value.toArray();
    const QString allowed = ClientNotifications::Events.join(QLatin1String(", "));
    if (!value.isArray() || list.isEmpty() || list.size() > ClientNotifications::Events.size()) {
        fields.reject(QStringLiteral("events"), QStringLiteral("The events field must be a list of: %1.").arg(allowed));
        return {};
    }
    QStringList events;
    for (const QJsonValue &event : list) {
        if (!ClientNotifications::Events.contains(event.toString())) {
            fields.reject(QStringLiteral("events"), QStringLiteral("Each event must be one of: %1.").arg(allowed));
            return {};
        }
        if (!events.contains(event.toString()))
            events.append(event.toString());
    }
    return events;
}

// Creates or replaces the account's webhook. Each PUT makes a new signing secret and shows it, this once.
void putWebhook(Services &services, ApiCall call)
{
    const QJsonObject body = call.jsonBody();
    FieldValidator fields(body);
    const QString url = CallbackUrl::read(fields, QStringLiteral("url"), true).value_or(QString());
    const QStringList events = readEvents(body, fields);
    fields.check();
    const qint64 userId = call.principal().userId;
    const QString secret = QStringLiteral("whsec_") + SecretToken::randomBase62(32);
    call.answerFromStore(*services.store, [userId, url, events, secret](SqlSession &session) {
        const qint64 now = nowMs();
        const QString stored = Comma + events.join(Comma) + Comma;
        if (session.execute(QStringLiteral("UPDATE client_webhooks SET url = ?, events = ?, signing_secret = ?, updated_at = ? "
                                           "WHERE user_id = ?"),
                            {url, stored, secret, now, userId})
            == 0)
            session.execute(QStringLiteral("INSERT INTO client_webhooks (user_id, url, events, signing_secret, created_at, updated_at) "
                                           "VALUES (?, ?, ?, ?, ?, ?)"),
                            {userId, url, stored, secret, now, now});
        const auto row = session.one(QStringLiteral("SELECT url, events, created_at, updated_at FROM client_webhooks WHERE user_id = ?"),
                                     {userId});
        QJsonObject data = settingsJson(*row);
        data.insert(QStringLiteral("signing_secret"), secret);
        return HttpResponse::data(200, data, QStringLiteral("Webhook saved. Keep the signing secret: it is shown only now."));
    });
}

void getWebhook(Services &services, ApiCall call)
{
    const qint64 userId = call.principal().userId;
    call.answerFromStore(*services.store, [userId](SqlSession &session) {
        const auto row = session.one(QStringLiteral("SELECT url, events, created_at, updated_at FROM client_webhooks WHERE user_id = ?"),
                                     {userId});
        if (!row)
            throw ApiError::notFound(QStringLiteral("Webhook"));
        return HttpResponse::data(200, settingsJson(*row));
    });
}

// Notifications already queued still go out: they were promised when their event happened.
void deleteWebhook(Services &services, ApiCall call)
{
    const qint64 userId = call.principal().userId;
    call.answerFromStore(*services.store, [userId](SqlSession &session) {
        if (session.execute(QStringLiteral("DELETE FROM client_webhooks WHERE user_id = ?"), {userId}) == 0)
            throw ApiError::notFound(QStringLiteral("Webhook"));
        return HttpResponse::message(200, QStringLiteral("Webhook removed."));
    });
}

void listDeliveries(Services &services, ApiCall call)
{
    const Pagination page = Pagination::fromQuery(call.request().query);
    const qint64 userId = call.principal().userId;
    call.answerFromStore(*services.store, [page, userId](SqlSession &session) {
        const qint64 total = session.scalar(QStringLiteral("SELECT COUNT(*) FROM webhook_attempts WHERE user_id = ?"), {userId}).toLongLong();
        QJsonArray items;
        for (const QVariantList &row : session.rows(
                 QStringLiteral("SELECT a.id, a.delivery_id, d.event, d.message_id, d.url, a.status_code, a.error, a.duration_ms, "
                                "a.attempted_at, d.status, d.campaign_id FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id "
                                "WHERE a.user_id = ? ORDER BY a.id DESC LIMIT ? OFFSET ?"),
                 {userId, page.perPage, page.offset()})) {
            items.append(QJsonObject{
                {QStringLiteral("id"), row[0].toLongLong()},
                {QStringLiteral("delivery_id"), row[1].toLongLong()},
                {QStringLiteral("event"), row[2].toString()},
                {QStringLiteral("message_id"), row[3].isNull() ? QJsonValue() : QJsonValue(row[3].toLongLong())},
                {QStringLiteral("campaign_id"), row[10].isNull() ? QJsonValue() : QJsonValue(row[10].toLongLong())},
                {QStringLiteral("url"), row[4].toString()},
                {QStringLiteral("status_code"), row[5].isNull() ? QJsonValue() : QJsonValue(row[5].toInt())},
                {QStringLiteral("error"), row[6].isNull() ? QJsonValue() : QJsonValue(row[6].toString())},
                {QStringLiteral("duration_ms"), row[7].toLongLong()},
                {QStringLiteral("attempted_at"), isoTimestamp(row[8].toLongLong())},
                {QStringLiteral("delivery_status"), row[9].toString()},
            });
        }
        return page.response(items, total);
    });
}

} // namespace

void installClientWebhookRoutes(Router &router, Services &services)
{
    router.add("PUT", QStringLiteral("/api/client/webhooks"), Access::Authenticated, [&services](ApiCall call) { putWebhook(services, call); });
    router.add("GET", QStringLiteral("/api/client/webhooks"), Access::Authenticated, [&services](ApiCall call) { getWebhook(services, call); });
    router.add("DELETE", QStringLiteral("/api/client/webhooks"), Access::Authenticated,
               [&services](ApiCall call) { deleteWebhook(services, call); });
    router.add("GET", QStringLiteral("/api/client/webhooks/deliveries"), Access::Authenticated,
               [&services](ApiCall call) { listDeliveries(services, call); });
}

} // namespace ogene
