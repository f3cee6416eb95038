#include "metrics/metricsguard.h"

#include <QCryptographicHash>

#include <openssl/crypto.h>

namespace ogene {
namespace {

QByteArray sha256(const QByteArray &text)
{
    return QCryptographicHash::hash(text, QCryptographicHash::Sha256);
}

} // namespace

MetricsGuard::MetricsGuard(const QString &token, const QString &allowList)
{
    if (!token.isEmpty())
        m_tokenHash = sha256(token.toUtf8());
    QString ignored; // the configuration checked the list before start-up
    m_allowed = parseAllowList(allowList, &ignored).value_or(QList<QPair<QHostAddress, int>>{});
}

std::optional<QList<QPair<QHostAddress, int>>> MetricsGuard::parseAllowList(const QString &text, QString *error)
{
    QList<QPair<QHostAddress, int>> ranges;
    const QStringList entries = text.split(QLatin1Char(','), Qt::SkipEmptyParts);
    if (entries.size() > 100) {
        *error = QStringLiteral("expected at most 100 address ranges");
        return std::nullopt;
    }
    for (const QString &raw : entries) {
        const QString entry = raw.trimmed();
        if (entry.isEmpty())
            continue;
        QPair<QHostAddress, int> range = entry.contains(QLatin1Char('/')) ? QHostAddress::parseSubnet(entry)
                                                                         : qMakePair(QHostAddress(entry), -1);
        if (range.first.isNull()) {
            *error = QStringLiteral("expected addresses or CIDR ranges such as 10.0.0.0/8, got '%1'").arg(entry);
            return std::nullopt;
        }
        if (range.second < 0)
            range.second = range.first.protocol() == QAbstractSocket::IPv4Protocol ? 32 : 128;
        ranges.append(range);
    }
    return ranges;
}

bool MetricsGuard::addressAllowed(const QHostAddress &peer) const
{
    // A listener on every address sees IPv4 callers as ::ffff:a.b.c.d; the list names them as IPv4.
    QHostAddress address = peer;
    bool isIpv4 = false;
    const quint32 ipv4 = peer.toIPv4Address(&isIpv4);
    if (isIpv4)
        address = QHostAddress(ipv4);
    for (const auto &[network, prefix] : m_allowed) {
        if (address.isInSubnet(network, prefix))
            return true;
    }
    return false;
}

bool MetricsGuard::tokenMatches(const QByteArray &presented) const
{
    if (presented.isEmpty())
        return false;
    const QByteArray hash = sha256(presented);
    return CRYPTO_memcmp(hash.constData(), m_tokenHash.constData(), size_t(m_tokenHash.size())) == 0;
}

std::optional<ApiError> MetricsGuard::refusal(const HttpRequest &request) const
{
    if (!enabled())
        return ApiError(404, QStringLiteral("The requested route does not exist."));
    if (!m_allowed.isEmpty() && !addressAllowed(request.peer))
        return ApiError(403, QStringLiteral("This address may not read the metrics."));
    if (!m_tokenHash.isEmpty() && !tokenMatches(request.bearerToken()))
        return ApiError(401, QStringLiteral("A valid metrics token is required.")).withHeader("WWW-Authenticate", "Bearer");
    return std::nullopt;
}

} // namespace ogene
