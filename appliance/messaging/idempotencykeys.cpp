#include "messaging/idempotencykeys.h"

#include "http/apierror.h"
#include "store/sqlsession.h"

#include <ogene/timestamp.h>

namespace ogene {
namespace {

std::optional<HttpResponse> keptAnswer(SqlSession &session, qint64 userId, const QString &key, const QString &requestHash)
{
    const auto row = session.one(QStringLiteral("SELECT request_hash, response_status, response_body, created_at "
                                                "FROM idempotency_keys WHERE user_id = ? AND idempotency_key = ?"),
                                 {userId, key});
    if (!row)
        return std::nullopt;
    if (row->value(3).toLongLong() < nowMs() - IdempotencyKeys::LifetimeMs) {
        session.execute(QStringLiteral("DELETE FROM idempotency_keys WHERE user_id = ? AND idempotency_key = ?"), {userId, key});
        return std::nullopt;
    }
    if (row->value(0).toString() != requestHash)
        throw ApiError::validation(QStringLiteral("idempotency_key"),
                                   QStringLiteral("This Idempotency-Key was used with a different request body."));
    HttpResponse response;
    response.status = row->value(1).toInt();
    response.body = row->value(2).toString().toUtf8();
    response.setHeader("Idempotent-Replayed", "true");
    return response;
}

} // namespace

std::optional<HttpResponse> IdempotencyKeys::claim(SqlSession &session, qint64 userId, const QString &key,
                                                   const QString &requestHash)
{
    if (std::optional<HttpResponse> kept = keptAnswer(session, userId, key, requestHash))
        return kept;
    const QVariant claimed = session.scalar(
        QStringLiteral("INSERT INTO idempotency_keys (user_id, idempotency_key, request_hash, response_status, "
                       "response_body, created_at) VALUES (?, ?, ?, 0, '', ?) ON CONFLICT DO NOTHING RETURNING 1"),
        {userId, key, requestHash, nowMs()});
    if (!claimed.isNull())
        return std::nullopt;
    // Another request committed this key while we waited for it.
    if (std::optional<HttpResponse> kept = keptAnswer(session, userId, key, requestHash))
        return kept;
    throw std::runtime_error("idempotency key claimed but not readable");
}

void IdempotencyKeys::remember(SqlSession &session, qint64 userId, const QString &key, const HttpResponse &response)
{
    session.execute(QStringLiteral("UPDATE idempotency_keys SET response_status = ?, response_body = ? "
                                   "WHERE user_id = ? AND idempotency_key = ?"),
                    {response.status, QString::fromUtf8(response.body), userId, key});
}

int IdempotencyKeys::purgeExpired(SqlSession &session)
{
    return session.execute(QStringLiteral("DELETE FROM idempotency_keys WHERE created_at < ?"), {nowMs() - LifetimeMs});
}

} // namespace ogene
