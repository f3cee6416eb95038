#include "kannelgateway.h"

#include "applianceprocess.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QThread>

namespace {
constexpr const char *Bearerbox = "/usr/sbin/bearerbox";
constexpr const char *Smsbox = "/usr/sbin/smsbox";
constexpr const char *AdminPassword = "kannel-admin";

struct HttpAnswer
{
    int status = 0;
    QByteArray body;
};

HttpAnswer httpGet(const QUrl &url, int timeoutMs = 10000)
{
    QNetworkAccessManager network;
    QNetworkRequest request(url);
    request.setTransferTimeout(timeoutMs);
    QNetworkReply *reply = network.get(request);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    HttpAnswer answer{reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), reply->readAll()};
    reply->deleteLater();
    return answer;
}

QString tail(const QString &path, qsizetype characters = 4000)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("(no %1)").arg(path);
    return QString::fromUtf8(file.readAll()).right(characters);
}
} // namespace

KannelGateway::KannelGateway(const Smsc &smsc)
    : m_smsc(smsc)
{
}

KannelGateway::~KannelGateway()
{
    stop();
}

bool KannelGateway::installed()
{
    return QFile::exists(QLatin1String(Bearerbox)) && QFile::exists(QLatin1String(Smsbox));
}

QString KannelGateway::configuration() const
{
    const QString dir = m_dir.path();
    // Quoted values: Kannel's configuration reads unquoted ones up to the first space or '#'.
    return QStringLiteral(R"(group = core
admin-port = %1
admin-password = "%2"
admin-allow-ip = "127.0.0.1"
smsbox-port = %3
box-allow-ip = "127.0.0.1"
dlr-storage = internal
log-file = "%4/bearerbox.log"
log-level = 0
access-log = "%4/access.log"

# Ogene, as a carrier's SMSC: one transceiver bind.
group = smsc
smsc = smpp
smsc-id = "%5"
host = "%6"
port = %7
transceiver-mode = true
smsc-username = "%8"
smsc-password = "%9"
system-type = ""
dest-addr-ton = 1
dest-addr-npi = 1
enquire-link-interval = 30
reconnect-delay = 1

group = smsbox
bearerbox-host = "127.0.0.1"
bearerbox-port = %3
sendsms-port = %10
log-file = "%4/smsbox.log"
log-level = 0
access-log = "%4/smsbox-access.log"

# Long texts go out as concatenated parts (Kannel's defaults: one part, no UDH).
group = sendsms-user
username = "%11"
password = "%12"
max-messages = 10
concatenation = true
)")
        .arg(m_adminPort)
        .arg(QLatin1String(AdminPassword))
        .arg(m_smsboxPort)
        .arg(dir, QLatin1String(SmscId), m_smsc.host)
        .arg(m_smsc.port)
        .arg(m_smsc.systemId, m_smsc.password)
        .arg(m_sendsmsPort)
        .arg(QLatin1String(SendSmsUser), QLatin1String(SendSmsPassword));
}

bool KannelGateway::waitForHttp(quint16 port, const QString &path, QProcess &process, int timeoutMs)
{
    QElapsedTimer waited;
    waited.start();
    while (waited.elapsed() < timeoutMs) {
        if (process.state() != QProcess::Running)
            return false;
        if (httpGet(QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(port).arg(path)), 2000).status != 0)
            return true;
        QThread::msleep(100);
    }
    return false;
}

bool KannelGateway::startBox(QProcess &process, const QString &program, const QString &name, QString *why)
{
    process.setWorkingDirectory(m_dir.path());
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.setStandardOutputFile(m_dir.filePath(name + QStringLiteral(".out")));
    // -v 1: info and above on the terminal (here the .out file); the log file keeps debug.
    process.start(program, {QStringLiteral("-v"), QStringLiteral("1"), m_dir.filePath(QStringLiteral("kannel.conf"))});
    if (!process.waitForStarted(5000)) {
        *why = name + QStringLiteral(" could not start: ") + process.errorString();
        return false;
    }
    return true;
}

bool KannelGateway::start(QString *why)
{
    if (!installed()) {
        *why = QStringLiteral("Kannel is missing: install the kannel package (scripts/install-deps.sh --with-tests)");
        return false;
    }
    if (!m_dir.isValid()) {
        *why = QStringLiteral("no temporary folder");
        return false;
    }
    // Kannel cannot take port 0: the ports are probed free here, so another process may take one
    // first; a box that then fails to start is tried again on fresh ports.
    for (int attempt = 1; attempt <= 3; ++attempt) {
        stop();
        m_adminPort = ApplianceProcess::freePort();
        m_smsboxPort = ApplianceProcess::freePort();
        m_sendsmsPort = ApplianceProcess::freePort();
        if (startOnce(why))
            return true;
    }
    return false;
}

bool KannelGateway::startOnce(QString *why)
{
    QFile config(m_dir.filePath(QStringLiteral("kannel.conf")));
    if (!config.open(QIODevice::WriteOnly | QIODevice::Truncate) || config.write(configuration().toUtf8()) < 0) {
        *why = QStringLiteral("cannot write ") + config.fileName();
        return false;
    }
    config.close();

    if (!startBox(m_bearerbox, QLatin1String(Bearerbox), QStringLiteral("bearerbox"), why))
        return false;
    if (!waitForHttp(m_adminPort, QStringLiteral("/status.txt?password=%1").arg(QLatin1String(AdminPassword)), m_bearerbox, 15000)) {
        *why = QStringLiteral("bearerbox did not answer on its admin port\n") + logs();
        return false;
    }
    if (!startBox(m_smsbox, QLatin1String(Smsbox), QStringLiteral("smsbox"), why))
        return false;
    if (!waitForHttp(m_sendsmsPort, QStringLiteral("/"), m_smsbox, 15000)) {
        *why = QStringLiteral("smsbox did not answer on its sendsms port\n") + logs();
        return false;
    }
    return true;
}

void KannelGateway::stop()
{
    // smsbox first, so that bearerbox does not wait for it; SIGTERM is each box's orderly shutdown.
    for (QProcess *process : {&m_smsbox, &m_bearerbox}) {
        if (process->state() == QProcess::NotRunning)
            continue;
        process->terminate();
        if (!process->waitForFinished(10000)) {
            process->kill();
            process->waitForFinished(5000);
        }
    }
}

KannelGateway::Answer KannelGateway::sendSms(const QList<QPair<QString, QString>> &parameters)
{
    // Encoded by hand: a dlr-url value carries '%' escapes for Kannel, which must arrive as %25.
    QByteArray query = "username=" + QByteArray(SendSmsUser) + "&password=" + QByteArray(SendSmsPassword);
    for (const auto &[name, value] : parameters)
        query += '&' + QUrl::toPercentEncoding(name) + '=' + QUrl::toPercentEncoding(value);
    const HttpAnswer answer =
        httpGet(QUrl::fromEncoded("http://127.0.0.1:" + QByteArray::number(m_sendsmsPort) + "/cgi-bin/sendsms?" + query));
    return {answer.status, answer.body};
}

QByteArray KannelGateway::status()
{
    return httpGet(QUrl(QStringLiteral("http://127.0.0.1:%1/status.txt?password=%2").arg(m_adminPort).arg(QLatin1String(AdminPassword))))
        .body;
}

QString KannelGateway::logs() const
{
    QString all;
    for (const char *name : {"bearerbox.out", "bearerbox.log", "smsbox.out", "smsbox.log"})
        all += QStringLiteral("--- %1 ---\n%2\n").arg(QLatin1String(name), tail(m_dir.filePath(QLatin1String(name))));
    return all;
}

QString KannelGateway::bearerboxLog() const
{
    QFile file(m_dir.filePath(QStringLiteral("bearerbox.log")));
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}
