#pragma once

#include "core/principal.h"

#include <optional>

namespace ogene {

class SqlSession;

// Finds the principal behind a bearer credential: an API key ("ogn_…") or a login token
// ("ogs_…"), looked up by SHA-256 hash. Runs inside store work.
class CredentialResolver
{
public:
    static constexpr const char *ApiKeyPrefix = "ogn_";
    static constexpr const char *SessionTokenPrefix = "ogs_";

    static std::optional<Principal> resolve(SqlSession &session, const QString &bearer, qint64 nowMs);
};

} // namespace ogene
