#include "auth/credentialresolver.h"

#include "auth/secrettoken.h"
#include "store/sqlsession.h"

namespace ogene {
namespace {

// last_used_at is refreshed at most this often, so a busy key is not a write on every request.
constexpr qint64 LastUsedResolutionMs = 60 * 1000;

Principal principalFrom(const QSqlRecord &row, Principal::Credential credential)
{
    Principal principal;
    principal.credential = credential;
    principal.credentialId = row.value(QStringLiteral("credential_id")).toLongLong();
    principal.userId = row.value(QStringLiteral("user_id")).toLongLong();
    principal.role = row.value(QStringLiteral("role")).toString();
    principal.status = row.value(QStringLiteral("status")).toString();
    principal.currency = row.value(QStringLiteral("currency")).toString();
    principal.rateLimitPerMinute = row.value(QStringLiteral("rate_limit_per_minute")).toLongLong();
    return principal;
}

} // namespace

std::optional<Principal> CredentialResolver::resolve(SqlSession &session, const QString &bearer, qint64 nowMs)
{
    const QString hash = SecretToken::sha256Hex(bearer);
    if (bearer.startsWith(QLatin1String(ApiKeyPrefix))) {
        const auto row = session.one(
            QStringLiteral("SELECT k.id AS credential_id, k.last_used_at, k.sandbox, u.id AS user_id, u.role, u.status, u.currency, "
                           "u.rate_limit_per_minute FROM api_keys k JOIN users u ON u.id = k.user_id "
                           "WHERE k.key_hash = ? AND k.revoked_at IS NULL"),
            {hash});
        if (!row)
            return std::nullopt;
        Principal principal = principalFrom(*row, Principal::Credential::ApiKey);
        principal.sandbox = row->value(QStringLiteral("sandbox")).toInt() != 0;
        const QVariant lastUsed = row->value(QStringLiteral("last_used_at"));
        if (lastUsed.isNull() || lastUsed.toLongLong() + LastUsedResolutionMs < nowMs)
            session.execute(QStringLiteral("UPDATE api_keys SET last_used_at = ? WHERE id = ?"),
                            {nowMs, principal.credentialId});
        return principal;
    }
    if (bearer.startsWith(QLatin1String(SessionTokenPrefix))) {
        const auto row = session.one(
            QStringLiteral("SELECT t.id AS credential_id, u.id AS user_id, u.role, u.status, u.currency, "
                           "u.rate_limit_per_minute FROM auth_tokens t JOIN users u ON u.id = t.user_id "
                           "WHERE t.token_hash = ? AND t.revoked_at IS NULL AND t.expires_at > ?"),
            {hash, nowMs});
        if (!row)
            return std::nullopt;
        return principalFrom(*row, Principal::Credential::SessionToken);
    }
    return std::nullopt;
}

} // namespace ogene
