#include "smppserver/smppcredentials.h"

#include "auth/secrettoken.h"
#include "http/apierror.h"
#include "store/sqlsession.h"

#include <ogene/timestamp.h>

namespace ogene {

QString SmppCredentials::newSystemId()
{
    // Lower-case letters and digits only: some ESMEs upper-case or lower-case system_id on the way.
    static const char alphabet[] = "abcdefghijkmnpqrstuvwxyz23456789";
    const QByteArray random = SecretToken::randomBytes(SystemIdLength - 3);
    QString id = QStringLiteral("ogn");
    for (const char byte : random)
        id += QLatin1Char(alphabet[quint8(byte) % (sizeof(alphabet) - 1)]);
    return id;
}

QString SmppCredentials::newPassword()
{
    return SecretToken::randomBase62(PasswordLength);
}

QList<SmppCredential> SmppCredentials::activeOf(qint64 userId)
{
    QList<SmppCredential> credentials;
    for (const QVariantList &row : m_session.rows(
             QStringLiteral("SELECT id, user_id, system_id, status, created_at FROM smpp_credentials "
                            "WHERE user_id = ? AND status = 'active' ORDER BY id"),
             {userId}))
        credentials.append({row[0].toLongLong(), row[1].toLongLong(), row[2].toString(), row[3].toString(), row[4].toLongLong()});
    return credentials;
}

std::optional<SmppCredential> SmppCredentials::find(qint64 id, qint64 userId)
{
    const QList<QVariantList> rows = m_session.rows(
        QStringLiteral("SELECT id, user_id, system_id, status, created_at FROM smpp_credentials "
                       "WHERE id = ? AND user_id = ? AND status = 'active'"),
        {id, userId});
    if (rows.isEmpty())
        return std::nullopt;
    const QVariantList &row = rows.first();
    return SmppCredential{row[0].toLongLong(), row[1].toLongLong(), row[2].toString(), row[3].toString(), row[4].toLongLong()};
}

SmppCredential SmppCredentials::create(qint64 userId, const QString &passwordHash)
{
    // Two generations at once must not both see room for one more: on PostgreSQL they take the
    // account's row lock first (SQLite's BEGIN IMMEDIATE already runs them one at a time).
    if (m_session.engine() == Engine::Postgresql)
        m_session.one(QStringLiteral("SELECT id FROM users WHERE id = ? FOR NO KEY UPDATE"), {userId});
    const qint64 active = m_session
                              .scalar(QStringLiteral("SELECT COUNT(*) FROM smpp_credentials WHERE user_id = ? AND status = 'active'"),
                                      {userId})
                              .toLongLong();
    if (active >= MostActivePerAccount)
        throw ApiError(422, QStringLiteral("An account can have at most %1 SMPP credentials.").arg(MostActivePerAccount));
    const qint64 now = nowMs();
    const QString systemId = newSystemId();
    const qint64 id = m_session.insert(
        QStringLiteral("INSERT INTO smpp_credentials (user_id, system_id, password_hash, created_at, updated_at) "
                       "VALUES (?, ?, ?, ?, ?) RETURNING id"),
        {userId, systemId, passwordHash, now, now});
    return {id, userId, systemId, QStringLiteral("active"), now};
}

bool SmppCredentials::setPasswordHash(qint64 id, qint64 userId, const QString &passwordHash)
{
    return m_session.execute(QStringLiteral("UPDATE smpp_credentials SET password_hash = ?, updated_at = ? "
                                            "WHERE id = ? AND user_id = ? AND status = 'active'"),
                             {passwordHash, nowMs(), id, userId})
           > 0;
}

std::optional<SmppBindAccount> SmppCredentials::forBind(const QString &systemId)
{
    const QList<QVariantList> rows = m_session.rows(
        QStringLiteral("SELECT c.id, c.user_id, c.password_hash, c.status, u.status, u.smpp_access, u.currency, "
                       "u.smpp_submit_per_second FROM smpp_credentials c JOIN users u ON u.id = c.user_id "
                       "WHERE c.system_id = ?"),
        {systemId});
    if (rows.isEmpty())
        return std::nullopt;
    const QVariantList &row = rows.first();
    SmppBindAccount account;
    account.credentialId = row[0].toLongLong();
    account.userId = row[1].toLongLong();
    account.passwordHash = row[2].toString();
    account.credentialActive = row[3].toString() == QLatin1String("active");
    account.accountActive = row[4].toString() == QLatin1String("active");
    account.smppAccess = row[5].toInt() != 0;
    account.currency = row[6].toString();
    if (!row[7].isNull())
        account.submitPerSecond = row[7].toInt();
    return account;
}

bool SmppCredentials::hasAccess(qint64 userId)
{
    return m_session.scalar(QStringLiteral("SELECT smpp_access FROM users WHERE id = ?"), {userId}).toInt() != 0;
}

} // namespace ogene
