#pragma once

#include "tokenkeychain.h"

#include <ogene/adminclient.h>

#include <QObject>
#include <QUrl>

namespace ogene {

// Who is signed in to which appliance, and the token's life: sign-in, the silent sign-in of a
// remembered session, sign-out. A remembered token lives only in the OS keychain; the address and
// email (not secrets) are kept in the console's settings. With no keychain, the session is kept in
// memory only and keychainProblem() says why.
class ConsoleSession : public QObject
{
    Q_OBJECT
public:
    explicit ConsoleSession(QObject *parent = nullptr);

    AdminClient &api() { return m_api; }
    RestClient &rest() { return m_rest; }
    // Only once the appliance has said who the token belongs to.
    bool isSignedIn() const { return m_user.id != 0; }
    const AccountRecord &user() const { return m_user; }
    QUrl server() const { return m_rest.baseUrl(); }
    bool isRemembered() const { return m_remembered; }
    // Empty, or the plain words that say the keychain could not keep the session.
    QString keychainProblem() const { return m_keychainProblem; }

    // The remembered address and email, to fill the sign-in form.
    QString rememberedServer() const;
    QString rememberedEmail() const;

    // Field errors (server, email, password) come back through signInFailed's failure.
    void signIn(const QString &server, const QString &email, const QString &password, bool remember);
    // Signs in silently with a token remembered in the keychain; restoreFinished(false) when none.
    void restore();
    void signOut();

Q_SIGNALS:
    void signedIn();
    void signInFailed(const ogene::ApiFailure &failure);
    void restoreFinished(bool signedIn);
    void keychainProblemChanged(const QString &problem);
    void signedOut();

private:
    void accept(const QString &token, const AccountRecord &user);
    void keepInKeychain(const QString &email);
    void setKeychainProblem(const QString &problem);
    QString keychainKey() const;

    RestClient m_rest;
    AdminClient m_api{&m_rest};
    TokenKeychain m_keychain;
    AccountRecord m_user;
    bool m_remembered = false;
    QString m_keychainProblem;
};

} // namespace ogene
