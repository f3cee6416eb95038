#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace ogene {

class SqlSession;

// An SMPP credential as stored; the password only ever as its hash.
struct SmppCredential
{
    qint64 id = 0;
    qint64 userId = 0;
    QString systemId;
    QString status;
    qint64 createdAt = 0;
};

// What a bind needs to know about the account behind a system_id.
struct SmppBindAccount
{
    qint64 credentialId = 0;
    qint64 userId = 0;
    QString passwordHash;
    bool credentialActive = false;
    bool accountActive = false;
    bool smppAccess = false;
    QString currency;
    std::optional<int> submitPerSecond; // the account's own limit, if an admin set one
};

// SMPP credentials and access in the store. Runs inside the caller's transaction.
class SmppCredentials
{
public:
    explicit SmppCredentials(SqlSession &session)
        : m_session(session)
    {
    }

    static constexpr int SystemIdLength = 12; // "ogn" + 9 characters, under SMPP 3.4's 15
    static constexpr int PasswordLength = 8;  // SMPP 3.4's longest password
    static constexpr qint64 MostActivePerAccount = 10;

    QList<SmppCredential> activeOf(qint64 userId);
    std::optional<SmppCredential> find(qint64 id, qint64 userId);
    // Creates a credential with a new system_id for the password hash given.
    SmppCredential create(qint64 userId, const QString &passwordHash);
    bool setPasswordHash(qint64 id, qint64 userId, const QString &passwordHash);
    std::optional<SmppBindAccount> forBind(const QString &systemId);

    bool hasAccess(qint64 userId);

    static QString newSystemId();
    static QString newPassword();

private:
    SqlSession &m_session;
};

} // namespace ogene
