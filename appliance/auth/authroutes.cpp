#include "auth/authroutes.h"

#include "accounts/userrepository.h"
#include "audit/audittrail.h"
#include "auth/credentialresolver.h"
#include "auth/loginthrottle.h"
#include "auth/passwordhasher.h"
#include "auth/principalcache.h"
#include "auth/secrettoken.h"
#include "core/config.h"
#include "http/fieldvalidator.h"
#include "store/sqlsession.h"

#include <ogene/timestamp.h>

namespace ogene {
namespace {

constexpr int MaxPasswordLength = 1024;

struct LoginCandidate
{
    std::optional<User> user;
};

void login(Services &services, ApiCall call)
{
    FieldValidator fields(call.jsonBody());
    const QString email = fields.requiredText(QStringLiteral("email"), 254).toLower();
    const QString password = fields.requiredText(QStringLiteral("password"), MaxPasswordLength);
    fields.check();

    const qint64 retryAfter = services.loginThrottle->retryAfterSeconds(email, nowMs());
    if (retryAfter > 0) {
        call.fail(ApiError(429, QStringLiteral("Too many failed logins for this email. Try again in %1 seconds.").arg(retryAfter))
                      .withHeader("Retry-After", QByteArray::number(retryAfter)));
        return;
    }

    call.thenFromStore<LoginCandidate>(
        *services.store, [email](SqlSession &session) { return LoginCandidate{UserRepository(session).findByEmail(email)}; },
        [&services, call, email, password](const LoginCandidate &candidate) {
            const QString storedHash = candidate.user ? candidate.user->passwordHash : QString();
            PasswordHasher::verifyAsync(call.context(), password, storedHash, [&services, call, email, candidate](bool matches) {
                if (!matches) {
                    services.loginThrottle->recordFailure(email, nowMs());
                    call.fail(ApiError(401, QStringLiteral("These credentials do not match our records.")));
                    return;
                }
                services.loginThrottle->recordSuccess(email);
                const User &user = *candidate.user;
                if (user.status == QLatin1String("suspended")) {
                    call.fail(ApiError(403, QStringLiteral("This account is suspended.")));
                    return;
                }
                const QString token = QLatin1String(CredentialResolver::SessionTokenPrefix) + SecretToken::randomBase62(40);
                const qint64 ttlMs = services.config->integer(QStringLiteral("TOKEN_TTL_HOURS")) * 3600 * 1000;
                const QHostAddress peer = call.request().peer;
                call.answerFromStore(*services.store, [user, token, ttlMs, peer](SqlSession &session) {
                    const qint64 now = nowMs();
                    session.execute(QStringLiteral("INSERT INTO auth_tokens (user_id, token_hash, created_at, expires_at) "
                                                   "VALUES (?, ?, ?, ?)"),
                                    {user.id, SecretToken::sha256Hex(token), now, now + ttlMs});
                    if (user.role == QLatin1String("admin"))
                        AuditTrail::recordSignIn(session, user.id, peer); // who held the keys, and from where
                    return HttpResponse::data(
                        200, QJsonObject{{QStringLiteral("user"), QJsonObject{{QStringLiteral("id"), user.id},
                                                                              {QStringLiteral("name"), user.name},
                                                                              {QStringLiteral("role"), user.role}}},
                                         {QStringLiteral("token"), token},
                                         {QStringLiteral("expires_at"), isoTimestamp(now + ttlMs)}});
                });
            });
        });
}

void logout(Services &services, ApiCall call)
{
    if (call.principal().credential != Principal::Credential::SessionToken)
        throw ApiError::validation(QStringLiteral("token"),
                                   QStringLiteral("Logout ends a login session; revoke an API key with "
                                                  "POST /api/client/credentials/http/revoke/{id}."));
    const qint64 tokenId = call.principal().credentialId;
    services.principals->forgetCredential(Principal::Credential::SessionToken, tokenId);
    call.answerFromStore(*services.store, [tokenId](SqlSession &session) {
        session.execute(QStringLiteral("UPDATE auth_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL"),
                        {nowMs(), tokenId});
        return HttpResponse::message(200, QStringLiteral("Logged out."));
    });
}

void me(Services &services, ApiCall call)
{
    const qint64 userId = call.principal().userId;
    call.answerFromStore(*services.store, [userId](SqlSession &session) {
        const std::optional<User> user = UserRepository(session).find(userId);
        if (!user)
            throw ApiError::notFound(QStringLiteral("User"));
        return HttpResponse::data(200, user->profileJson());
    });
}

} // namespace

void installAuthRoutes(Router &router, Services &services)
{
    router.add("POST", QStringLiteral("/api/auth/login"), Access::Public, [&services](ApiCall call) { login(services, call); });
    router.add("POST", QStringLiteral("/api/auth/logout"), Access::Authenticated,
               [&services](ApiCall call) { logout(services, call); });
    router.add("GET", QStringLiteral("/api/auth/me"), Access::Authenticated, [&services](ApiCall call) { me(services, call); });
}

} // namespace ogene
