#include "applianceprocess.h"

#include "apiclient.h"
#include "testcertificates.h"
#include "testdatabase.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRegularExpression>
#include <QTcpServer>
#include <QThread>

ApplianceProcess::ApplianceProcess(const QString &databaseUrl)
{
    m_environment = QProcessEnvironment::systemEnvironment();
    for (const QString &name : m_environment.keys()) {
        if (name.startsWith(QLatin1String("OGENE_")) && !name.startsWith(QLatin1String("OGENE_TEST_")))
            m_environment.remove(name);
    }
    m_environment.insert(QStringLiteral("OGENE_DATABASE"), databaseUrl);
    m_environment.insert(QStringLiteral("OGENE_DATA_DIR"), m_dataDir.path());
    m_environment.insert(QStringLiteral("OGENE_ADMIN_EMAIL"), QLatin1String(AdminEmail));
    m_environment.insert(QStringLiteral("OGENE_ADMIN_PASSWORD"), QLatin1String(AdminPassword));
    m_environment.insert(QStringLiteral("OGENE_RATE_LIMIT_PER_MINUTE"), QStringLiteral("100000"));
    m_environment.insert(QStringLiteral("OGENE_ANONYMOUS_RATE_LIMIT_PER_MINUTE"), QStringLiteral("100000"));
    m_environment.insert(QStringLiteral("OGENE_STORE_THREADS"), QStringLiteral("4"));
    m_process.setProcessChannelMode(QProcess::MergedChannels);
}

ApplianceProcess::~ApplianceProcess()
{
    stop();
}

QString ApplianceProcess::binary()
{
    return QStringLiteral(OGENE_APPLIANCE_BINARY);
}

quint16 ApplianceProcess::freePort()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    return probe.serverPort();
}

QString ApplianceProcess::baseUrl() const
{
    return QStringLiteral("http://127.0.0.1:%1").arg(m_port);
}

QString ApplianceProcess::httpsBaseUrl() const
{
    return QStringLiteral("https://127.0.0.1:%1").arg(m_httpsPort);
}

void ApplianceProcess::useTls(const TestCertificates &certificates)
{
    setEnv(QStringLiteral("OGENE_TLS_CERTIFICATE"), certificates.certificatePath());
    setEnv(QStringLiteral("OGENE_TLS_PRIVATE_KEY"), certificates.keyPath());
    setEnv(QStringLiteral("OGENE_HTTPS_LISTEN"), QStringLiteral("127.0.0.1:0"));
    setEnv(QStringLiteral("OGENE_SMPP_TLS_LISTEN"), QStringLiteral("127.0.0.1:0"));
}

QString ApplianceProcess::output()
{
    m_output += QString::fromUtf8(m_process.readAll());
    return m_output;
}

bool ApplianceProcess::launch()
{
    // Port 0: the appliance takes a free port itself and logs it, so parallel suites never race
    // for one (a port probed free here could be taken by another suite before the appliance binds).
    QProcessEnvironment environment = m_environment;
    if (!environment.contains(QStringLiteral("OGENE_HTTP_LISTEN")))
        environment.insert(QStringLiteral("OGENE_HTTP_LISTEN"), QStringLiteral("127.0.0.1:0"));
    if (!environment.contains(QStringLiteral("OGENE_SMPP_LISTEN")))
        environment.insert(QStringLiteral("OGENE_SMPP_LISTEN"), QStringLiteral("127.0.0.1:0"));
    m_output.clear();
    m_port = 0;
    m_smppPort = 0;
    m_httpsPort = 0;
    m_smppTlsPort = 0;
    m_process.setProcessEnvironment(environment);
    m_process.start(binary(), m_arguments);
    return m_process.waitForStarted(5000);
}

bool ApplianceProcess::waitUntilReady()
{
    // The last listener the appliance announces is the plain REST API, or HTTPS when that is off.
    const bool plainOff = m_process.processEnvironment().value(QStringLiteral("OGENE_HTTP_LISTEN")) == QLatin1String("off");
    const auto portAfter = [this](const char *announcement) -> quint16 {
        const QRegularExpression listening(QLatin1String(announcement) + QStringLiteral(" listening on \\S+:(\\d+)"));
        const QRegularExpressionMatch match = listening.match(output());
        return match.hasMatch() ? quint16(match.captured(1).toUInt()) : 0;
    };
    QElapsedTimer waited;
    waited.start();
    while ((plainOff ? m_httpsPort : m_port) == 0 && waited.elapsed() < 30000) {
        if (m_process.state() != QProcess::Running)
            return false;
        m_process.waitForReadyRead(100);
        m_port = portAfter("REST API");
        m_httpsPort = portAfter("HTTPS API");
    }
    // The SMPP servers say where they listen before the REST API does.
    m_smppPort = portAfter("SMPP server");
    m_smppTlsPort = portAfter("SMPP over TLS");
    if ((plainOff ? m_httpsPort : m_port) == 0)
        return false;

    QNetworkAccessManager network;
    while (waited.elapsed() < 30000) {
        if (m_process.state() != QProcess::Running)
            return false;
        QNetworkReply *reply = network.get(QNetworkRequest(QUrl((plainOff ? httpsBaseUrl() : baseUrl()) + QStringLiteral("/api/health"))));
        // Only whether it answers: the suites check the certificate themselves.
        if (plainOff)
            reply->ignoreSslErrors();
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        loop.exec();
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        reply->deleteLater();
        if (status == 200)
            return true;
        QThread::msleep(50);
    }
    return false;
}

void ApplianceProcess::stop()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_process.terminate();
    if (!m_process.waitForFinished(10000)) {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
    output();
}

void ApplianceProcess::kill()
{
    m_process.kill();
    m_process.waitForFinished(5000);
    output();
}

ApplianceProcess::CommandResult ApplianceProcess::runCommand(const QStringList &arguments,
                                                             const QProcessEnvironment &extra) const
{
    QProcess command;
    QProcessEnvironment environment = m_environment;
    environment.insert(extra);
    command.setProcessEnvironment(environment);
    command.start(binary(), arguments);
    command.waitForFinished(60000);
    return {command.exitStatus() == QProcess::NormalExit ? command.exitCode() : -1,
            QString::fromUtf8(command.readAllStandardOutput()), QString::fromUtf8(command.readAllStandardError())};
}

bool startSignedIn(TestDatabase &database, std::unique_ptr<ApplianceProcess> &appliance, std::unique_ptr<ApiClient> &api,
                   QString &adminToken, QString *why)
{
    if (!database.isValid()) {
        *why = database.error();
        return false;
    }
    appliance = std::make_unique<ApplianceProcess>(database.url());
    if (!appliance->start()) {
        *why = appliance->output();
        return false;
    }
    api = std::make_unique<ApiClient>(appliance->baseUrl());
    adminToken = api->adminToken();
    if (adminToken.isEmpty())
        *why = QStringLiteral("the first admin could not sign in");
    return !adminToken.isEmpty();
}

void ApplianceProcess::setGateways(const QJsonArray &gateways)
{
    const QString path = m_dataDir.filePath(QStringLiteral("gateways.json"));
    QFile file(path);
    if (file.open(QIODevice::WriteOnly))
        file.write(QJsonDocument(QJsonObject{{QStringLiteral("gateways"), gateways}}).toJson());
    setEnv(QStringLiteral("OGENE_GATEWAYS_FILE"), path);
}
