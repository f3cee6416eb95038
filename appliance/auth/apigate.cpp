#include "auth/apigate.h"

#include "auth/credentialresolver.h"
#include "auth/principalcache.h"
#include "ratelimit/ratelimiter.h"

#include <ogene/timestamp.h>

namespace ogene {
namespace {

QString bearerOf(const HttpRequest &request)
{
    return QString::fromLatin1(request.bearerToken());
}

} // namespace

ApiGate::ApiGate(Services &services)
    : m_services(services)
{
}

void ApiGate::setLimits(qint64 defaultRateLimit, qint64 anonymousRateLimit)
{
    m_defaultRateLimit = defaultRateLimit;
    m_anonymousRateLimit = anonymousRateLimit;
}

bool ApiGate::withinLimit(ApiCall &call, const QString &key, qint64 limit)
{
    const RateDecision decision = m_services.rateLimiter->hit(key, limit, nowMs());
    call.addResponseHeader("X-RateLimit-Limit", QByteArray::number(decision.limit));
    call.addResponseHeader("X-RateLimit-Remaining", QByteArray::number(decision.remaining));
    call.addResponseHeader("X-RateLimit-Reset", QByteArray::number(decision.resetAtSeconds));
    if (decision.allowed)
        return true;
    call.fail(ApiError(429, QStringLiteral("Too many requests. Try again in %1 seconds.").arg(decision.retryAfterSeconds))
                  .withHeader("Retry-After", QByteArray::number(decision.retryAfterSeconds)));
    return false;
}

void ApiGate::admit(ApiCall call, Access access, std::function<void(ApiCall)> proceed)
{
    if (access == Access::Webhook) {
        proceed(call);
        return;
    }
    if (access == Access::Public) {
        if (withinLimit(call, QStringLiteral("address:") + call.request().peer.toString(), m_anonymousRateLimit))
            proceed(call);
        return;
    }

    const QString bearer = bearerOf(call.request());
    if (bearer.isEmpty()) {
        call.fail(ApiError(401, QStringLiteral("Unauthenticated: send Authorization: Bearer <API key or token>.")));
        return;
    }
    const qint64 now = nowMs();
    if (const std::optional<Principal> known = m_services.principals->find(bearer, now)) {
        admitPrincipal(call, access, *known, proceed);
        return;
    }
    call.thenFromStore<std::optional<Principal>>(
        *m_services.store,
        [bearer, now](SqlSession &session) { return CredentialResolver::resolve(session, bearer, now); },
        [this, call, access, proceed, bearer, now](const std::optional<Principal> &principal) mutable {
            if (!principal) {
                call.fail(ApiError(401, QStringLiteral("Unauthenticated: the API key or token is invalid, revoked or expired.")));
                return;
            }
            m_services.principals->remember(bearer, *principal, now);
            admitPrincipal(call, access, *principal, proceed);
        });
}

void ApiGate::admitPrincipal(ApiCall call, Access access, const Principal &principal, const std::function<void(ApiCall)> &proceed)
{
    call.setPrincipal(principal);
    const qint64 limit = principal.rateLimitPerMinute > 0 ? principal.rateLimitPerMinute : m_defaultRateLimit;
    if (!withinLimit(call, QStringLiteral("account:%1").arg(principal.userId), limit))
        return;
    if (principal.isSuspended()) {
        call.fail(ApiError(403, QStringLiteral("This account is suspended.")));
        return;
    }
    if (access == Access::Admin && !principal.isAdmin()) {
        call.fail(ApiError(403, QStringLiteral("This route needs the admin role.")));
        return;
    }
    proceed(call);
}

} // namespace ogene
