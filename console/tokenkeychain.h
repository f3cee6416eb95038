#pragma once

#include <QObject>
#include <QString>

#include <functional>

namespace ogene {

// The operator's session token in the OS keychain (Secret Service, macOS Keychain, Windows
// Credential Store) through QtKeychain, under the service name "ogene-console" and one entry per
// appliance address. Every call is asynchronous; `done` gets an empty error on success, otherwise
// the keychain's own words. Where no keychain answers, the caller keeps the token in memory only.
class TokenKeychain : public QObject
{
    Q_OBJECT
public:
    static constexpr const char *ServiceName = "ogene-console";

    using TokenDone = std::function<void(const QString &token, const QString &error)>;
    using Done = std::function<void(const QString &error)>;

    explicit TokenKeychain(QObject *parent = nullptr);

    void read(const QString &key, TokenDone done);
    void write(const QString &key, const QString &token, Done done);
    // Removing an entry that is not there is a success.
    void remove(const QString &key, Done done);
};

} // namespace ogene
