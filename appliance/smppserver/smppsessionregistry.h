#pragma once

#include <QHash>
#include <QList>
#include <QObject>

namespace ogene {

class SmppSession;
class Store;

// The SMPP sessions bound on this node, by credential: how many each credential has, which can
// take delivery receipts, and the way to end them all when a password is reset, an account is
// suspended or its SMPP access is withdrawn. Sessions on other nodes are theirs to count.
class SmppSessionRegistry : public QObject
{
    Q_OBJECT
public:
    explicit SmppSessionRegistry(Store &store, QObject *parent = nullptr);

    // Adds a session that has just bound, unless its credential already has `most` sessions.
    bool add(SmppSession *session, int most);
    void remove(SmppSession *session);

    int liveSessions(qint64 credentialId) const;
    // Bound sessions by bind type (transmitter, receiver, transceiver), for GET /metrics.
    QHash<QString, int> boundByType() const;
    // Bound as receiver or transceiver.
    QList<SmppSession *> receivers(qint64 credentialId) const;
    QList<qint64> credentialsWithReceivers() const;

    void unbindCredential(qint64 credentialId);
    // Reads the account again and unbinds its sessions if it is suspended or has lost SMPP access.
    void recheckAccount(qint64 userId);

Q_SIGNALS:
    void receiverBound(qint64 credentialId);

private:
    Store &m_store;
    QHash<qint64, QList<SmppSession *>> m_byCredential;
};

} // namespace ogene
