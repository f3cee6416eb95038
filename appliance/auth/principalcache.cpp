#include "auth/principalcache.h"

namespace ogene {

std::optional<Principal> PrincipalCache::find(const QString &bearer, qint64 nowMs) const
{
    const auto found = m_entries.constFind(bearer);
    if (found == m_entries.constEnd() || found->expiresAt <= nowMs)
        return std::nullopt;
    return found->principal;
}

void PrincipalCache::remember(const QString &bearer, const Principal &principal, qint64 nowMs)
{
    if (m_entries.size() >= MostEntries) {
        for (auto it = m_entries.begin(); it != m_entries.end();)
            it = it->expiresAt <= nowMs ? m_entries.erase(it) : std::next(it);
        if (m_entries.size() >= MostEntries)
            m_entries.clear();
    }
    m_entries.insert(bearer, {principal, nowMs + LifetimeMs});
}

void PrincipalCache::forgetCredential(Principal::Credential credential, qint64 credentialId)
{
    for (auto it = m_entries.begin(); it != m_entries.end();) {
        const Principal &principal = it->principal;
        it = principal.credential == credential && principal.credentialId == credentialId ? m_entries.erase(it) : std::next(it);
    }
}

void PrincipalCache::forgetUser(qint64 userId)
{
    for (auto it = m_entries.begin(); it != m_entries.end();)
        it = it->principal.userId == userId ? m_entries.erase(it) : std::next(it);
}

} // namespace ogene
