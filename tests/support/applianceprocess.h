#pragma once

#include <QJsonArray>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QTemporaryDir>

#include <memory>

// A real ogene-appliance process on a free loopback port, against the given database, with a
// known first admin (admin@ogene.test / AdminPass-123) and generous default rate limits that a
// suite can override with setEnv before start().
class ApiClient;
class TestCertificates;
class TestDatabase;

class ApplianceProcess
{
public:
    struct CommandResult
    {
        int exitCode = -1;
        QString out;
        QString err;
    };

    static constexpr const char *AdminEmail = "admin@ogene.test";
    static constexpr const char *AdminPassword = "AdminPass-123";

    explicit ApplianceProcess(const QString &databaseUrl);
    ~ApplianceProcess();

    void setEnv(const QString &name, const QString &value) { m_environment.insert(name, value); }
    void unsetEnv(const QString &name) { m_environment.remove(name); }
    void setArguments(const QStringList &arguments) { m_arguments = arguments; }
    // Writes these carrier gateways to a GATEWAYS_FILE in the appliance's folder and points it there.
    void setGateways(const QJsonArray &gateways);
    // Turns on HTTPS and SMPP over TLS (each on a free port) with this certificate and key.
    void useTls(const TestCertificates &certificates);
    QProcessEnvironment environment() const { return m_environment; }

    // Starts the process and waits until /api/health answers; false (see output()) otherwise.
    bool start() { return launch() && waitUntilReady(); }
    // The two halves of start(), for starting several processes at the same moment.
    bool launch();
    bool waitUntilReady();
    void stop();
    void kill();
    bool isRunning() const { return m_process.state() == QProcess::Running; }

    quint16 port() const { return m_port; }
    quint16 smppPort() const { return m_smppPort; }
    quint16 httpsPort() const { return m_httpsPort; }
    quint16 smppTlsPort() const { return m_smppTlsPort; }
    QString baseUrl() const;
    QString httpsBaseUrl() const;
    QString output();

    // Runs ogene-appliance with these arguments (a command such as "user add") in the same
    // environment, and waits for it to end.
    CommandResult runCommand(const QStringList &arguments, const QProcessEnvironment &extra = {}) const;

    static quint16 freePort();
    static QString binary();

private:
    QProcessEnvironment m_environment;
    QTemporaryDir m_dataDir;
    QProcess m_process;
    QStringList m_arguments;
    QString m_output;
    quint16 m_port = 0;
    quint16 m_smppPort = 0;
    quint16 m_httpsPort = 0;
    quint16 m_smppTlsPort = 0;
};

// The start most suites share: an appliance on this database, a client for it, and the first
// admin's token. False with *why filled when any step fails.
bool startSignedIn(TestDatabase &database, std::unique_ptr<ApplianceProcess> &appliance, std::unique_ptr<ApiClient> &api,
                   QString &adminToken, QString *why);
