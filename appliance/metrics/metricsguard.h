#pragma once

#include "http/apierror.h"
#include "http/httprequest.h"

#include <QByteArray>
#include <QHostAddress>
#include <QList>
#include <QPair>

#include <optional>

namespace ogene {

// Who may read GET /metrics: callers from the configured address ranges (METRICS_ALLOW) and/or
// callers presenting the configured bearer token (METRICS_TOKEN). Only the token's SHA-256 is kept,
// and a presented token is compared by its hash in constant time, so neither its value nor its
// length leaks through timing. With neither configured the route is off.
class MetricsGuard
{
public:
    MetricsGuard() = default;
    MetricsGuard(const QString &token, const QString &allowList);

    // Parses "127.0.0.1/32, 10.0.0.0/8, ::1" (a bare address is a single host); nullopt and *error
    // on the first entry that is not an address or a CIDR range.
    static std::optional<QList<QPair<QHostAddress, int>>> parseAllowList(const QString &text, QString *error);

    bool enabled() const { return !m_tokenHash.isEmpty() || !m_allowed.isEmpty(); }
    // Nothing when the request may read the metrics, otherwise the error to answer with:
    // 404 while off, 403 for an address outside the list, 401 for a missing or wrong token.
    std::optional<ApiError> refusal(const HttpRequest &request) const;

private:
    bool addressAllowed(const QHostAddress &peer) const;
    bool tokenMatches(const QByteArray &presented) const;

    QByteArray m_tokenHash; // SHA-256 of the configured token; empty when none
    QList<QPair<QHostAddress, int>> m_allowed;
};

} // namespace ogene
