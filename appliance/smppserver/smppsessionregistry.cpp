#include "smppserver/smppsessionregistry.h"

#include "smppserver/smppsession.h"
#include "store/sqlsession.h"
#include "store/store.h"

namespace ogene {

SmppSessionRegistry::SmppSessionRegistry(Store &store, QObject *parent)
    : QObject(parent)
    , m_store(store)
{
}

bool SmppSessionRegistry::add(SmppSession *session, int most)
{
    QList<SmppSession *> &sessions = m_byCredential[session->credentialId()];
    if (sessions.size() >= most)
        return false;
    sessions.append(session);
    if (session->receives())
        Q_EMIT receiverBound(session->credentialId());
    return true;
}

void SmppSessionRegistry::remove(SmppSession *session)
{
    auto found = m_byCredential.find(session->credentialId());
    if (found == m_byCredential.end())
        return;
    found->removeAll(session);
    if (found->isEmpty())
        m_byCredential.erase(found);
}

QHash<QString, int> SmppSessionRegistry::boundByType() const
{
    QHash<QString, int> bound;
    for (const QList<SmppSession *> &sessions : m_byCredential) {
        for (const SmppSession *session : sessions) {
            switch (session->mode()) {
            case SmppSession::Mode::Transmitter: ++bound[QStringLiteral("transmitter")]; break;
            case SmppSession::Mode::Receiver: ++bound[QStringLiteral("receiver")]; break;
            case SmppSession::Mode::Transceiver: ++bound[QStringLiteral("transceiver")]; break;
            case SmppSession::Mode::Unbound: break;
            }
        }
    }
    return bound;
}

int SmppSessionRegistry::liveSessions(qint64 credentialId) const
{
    return int(m_byCredential.value(credentialId).size());
}

QList<SmppSession *> SmppSessionRegistry::receivers(qint64 credentialId) const
{
    QList<SmppSession *> found;
    for (SmppSession *session : m_byCredential.value(credentialId)) {
        if (session->receives())
            found.append(session);
    }
    return found;
}

QList<qint64> SmppSessionRegistry::credentialsWithReceivers() const
{
    QList<qint64> credentials;
    for (auto it = m_byCredential.cbegin(); it != m_byCredential.cend(); ++it) {
        for (SmppSession *session : it.value()) {
            if (session->receives()) {
                credentials.append(it.key());
                break;
            }
        }
    }
    return credentials;
}

void SmppSessionRegistry::unbindCredential(qint64 credentialId)
{
    // A copy: each unbind removes its session from the registry.
    const QList<SmppSession *> sessions = m_byCredential.value(credentialId);
    for (SmppSession *session : sessions)
        session->unbindAndClose();
}

void SmppSessionRegistry::recheckAccount(qint64 userId)
{
    QList<qint64> credentials;
    for (auto it = m_byCredential.cbegin(); it != m_byCredential.cend(); ++it) {
        if (!it.value().isEmpty() && it.value().first()->userId() == userId)
            credentials.append(it.key());
    }
    if (credentials.isEmpty())
        return;
    m_store.run<bool>(
        this,
        [userId](SqlSession &session) {
            const auto row = session.one(QStringLiteral("SELECT status, smpp_access FROM users WHERE id = ?"), {userId});
            return row && row->value(0).toString() == QLatin1String("active") && row->value(1).toInt() != 0;
        },
        [this, credentials](Outcome<bool> outcome) {
            if (outcome.ok() && *outcome.value)
                return;
            for (const qint64 credentialId : credentials)
                unbindCredential(credentialId);
        });
}

} // namespace ogene
