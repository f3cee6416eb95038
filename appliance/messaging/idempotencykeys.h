#pragma once

#include "http/httpresponse.h"

#include <QString>

#include <optional>

namespace ogene {

class SqlSession;

// Idempotency-Key on requests that charge: the first answer to a key is kept for 24 hours and
// given again for the same body; the same key with another body is refused (422). Runs inside the
// request's own transaction, so a key and the work it guards are committed together or not at all.
class IdempotencyKeys
{
public:
    static constexpr int MaxKeyLength = 255;
    static constexpr qint64 LifetimeMs = 24 * 3600 * 1000;

    // The kept answer for this key, or nullopt once the key is claimed for this request. Another
    // transaction claiming the same key at the same moment makes this wait for it (PostgreSQL),
    // then answer what it kept.
    static std::optional<HttpResponse> claim(SqlSession &session, qint64 userId, const QString &key,
                                             const QString &requestHash);
    static void remember(SqlSession &session, qint64 userId, const QString &key, const HttpResponse &response);
    static int purgeExpired(SqlSession &session);
};

} // namespace ogene
