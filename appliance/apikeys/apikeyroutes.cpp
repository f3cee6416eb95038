#include "apikeys/apikeyroutes.h"

#include "auth/credentialresolver.h"
#include "auth/principalcache.h"
#include "auth/secrettoken.h"
#include "http/fieldvalidator.h"
#include "http/pagination.h"
#include "store/sqlsession.h"

#include <ogene/timestamp.h>

#include <QJsonArray>

namespace ogene {
namespace {

constexpr int KeyRandomLength = 40;
constexpr int PreviewLength = 6;
constexpr int MaxNameLength = 100;
constexpr qint64 MaxActiveKeys = 50;

// "ogn_Ab3kXy" followed by a mask: enough to recognise a key, nothing to use it with.
QString previewOf(const QString &key)
{
    const int shown = int(qstrlen(CredentialResolver::ApiKeyPrefix)) + PreviewLength;
    return key.left(shown) + QString(key.size() - shown, QLatin1Char('*'));
}

void listKeys(Services &services, ApiCall call)
{
    const Pagination page = Pagination::fromQuery(call.request().query);
    const qint64 userId = call.principal().userId;
    call.answerFromStore(*services.store, [page, userId](SqlSession &session) {
        QJsonArray items;
        for (const QSqlRecord &row : session.all(
                 QStringLiteral("SELECT id, name, key_preview, last_used_at, created_at, sandbox FROM api_keys "
                                "WHERE user_id = ? AND revoked_at IS NULL ORDER BY id DESC LIMIT ? OFFSET ?"),
                 {userId, page.perPage, page.offset()})) {
            items.append(QJsonObject{{QStringLiteral("id"), row.value(0).toLongLong()},
                                     {QStringLiteral("name"), row.value(1).toString()},
                                     {QStringLiteral("key_preview"), row.value(2).toString()},
                                     {QStringLiteral("last_used_at"), isoTimestampOrNull(row.value(3).toLongLong())},
                                     {QStringLiteral("created_at"), isoTimestamp(row.value(4).toLongLong())},
                                     {QStringLiteral("sandbox"), row.value(5).toInt() != 0}});
        }
        const qint64 total =
            session.scalar(QStringLiteral("SELECT COUNT(*) FROM api_keys WHERE user_id = ? AND revoked_at IS NULL"), {userId})
                .toLongLong();
        return page.response(items, total);
    });
}

void createKey(Services &services, ApiCall call)
{
    FieldValidator fields(call.jsonBody());
    const QString name = fields.requiredText(QStringLiteral("name"), MaxNameLength);
    const bool sandbox = fields.optionalBoolean(QStringLiteral("sandbox")).value_or(false);
    fields.check();
    const qint64 userId = call.principal().userId;
    const QString key = QLatin1String(CredentialResolver::ApiKeyPrefix) + SecretToken::randomBase62(KeyRandomLength);
    call.answerFromStore(*services.store, [userId, name, key, sandbox](SqlSession &session) {
        // Two creations at once must not both see room for one more key: on PostgreSQL they take
        // the account's row lock first (SQLite's BEGIN IMMEDIATE already runs them one at a time).
        if (session.engine() == Engine::Postgresql)
            session.one(QStringLiteral("SELECT id FROM users WHERE id = ? FOR NO KEY UPDATE"), {userId});
        const qint64 active =
            session.scalar(QStringLiteral("SELECT COUNT(*) FROM api_keys WHERE user_id = ? AND revoked_at IS NULL"), {userId})
                .toLongLong();
        if (active >= MaxActiveKeys)
            throw ApiError::validation(QStringLiteral("name"),
                                       QStringLiteral("An account can have at most %1 active API keys; revoke one first.")
                                           .arg(MaxActiveKeys));
        const qint64 now = nowMs();
        const qint64 id = session.insert(
            QStringLiteral("INSERT INTO api_keys (user_id, name, key_hash, key_preview, sandbox, created_at) "
                           "VALUES (?, ?, ?, ?, ?, ?) RETURNING id"),
            {userId, name, SecretToken::sha256Hex(key), previewOf(key), sandbox ? 1 : 0, now});
        return HttpResponse::data(201,
                                  QJsonObject{{QStringLiteral("id"), id},
                                              {QStringLiteral("name"), name},
                                              {QStringLiteral("api_key"), key},
                                              {QStringLiteral("sandbox"), sandbox},
                                              {QStringLiteral("created_at"), isoTimestamp(now)}},
                                  QStringLiteral("API key created. Copy it now: it will not be shown again."));
    });
}

void revokeKey(Services &services, ApiCall call)
{
    const qint64 id = call.idParam();
    const qint64 userId = call.principal().userId;
    PrincipalCache *principals = services.principals;
    call.thenFromStore<HttpResponse>(*services.store, [id, userId](SqlSession &session) {
        const int changed = session.execute(
            QStringLiteral("UPDATE api_keys SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL"),
            {nowMs(), id, userId});
        if (changed == 0)
            throw ApiError::notFound(QStringLiteral("API key"));
        return HttpResponse::message(200, QStringLiteral("API key revoked."));
    }, [call, principals, id](const HttpResponse &response) {
        principals->forgetCredential(Principal::Credential::ApiKey, id);
        call.reply(response);
    });
}

} // namespace

void installApiKeyRoutes(Router &router, Services &services)
{
    router.add("GET", QStringLiteral("/api/client/credentials/http"), Access::Authenticated,
               [&services](ApiCall call) { listKeys(services, call); });
    router.add("POST", QStringLiteral("/api/client/credentials/http/create"), Access::Authenticated,
               [&services](ApiCall call) { createKey(services, call); });
    router.add("POST", QStringLiteral("/api/client/credentials/http/revoke/{id}"), Access::Authenticated,
               [&services](ApiCall call) { revokeKey(services, call); });
}

} // namespace ogene
