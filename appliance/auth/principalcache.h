#pragma once

#include "core/principal.h"

#include <QHash>
#include <QString>

#include <optional>

namespace ogene {

// Recently resolved bearer credentials, so that a busy client costs no store lookup per request.
// An entry lives a few seconds; on this node anything that changes what it says (logout, a revoked
// key, a suspended or edited account) removes it at once. Another node's change reaches this one
// within the entry's lifetime. Only valid credentials are kept, and never more than a cap.
class PrincipalCache
{
public:
    static constexpr qint64 LifetimeMs = 5000;
    static constexpr int MostEntries = 100000;

    std::optional<Principal> find(const QString &bearer, qint64 nowMs) const;
    void remember(const QString &bearer, const Principal &principal, qint64 nowMs);
    void forgetCredential(Principal::Credential credential, qint64 credentialId);
    void forgetUser(qint64 userId);

private:
    struct Entry
    {
        Principal principal;
        qint64 expiresAt = 0;
    };
    QHash<QString, Entry> m_entries;
};

} // namespace ogene
