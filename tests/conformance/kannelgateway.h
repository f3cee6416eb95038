#pragma once

#include <QProcess>
#include <QString>
#include <QTemporaryDir>
#include <QList>
#include <QPair>

// A real Kannel (Debian's kannel package): bearerbox with one `smsc = smpp` connection bound in
// transceiver mode to an SMPP server, and smsbox serving /cgi-bin/sendsms. Both run as child
// processes of the test, as the current user, from a configuration written to a temporary folder
// with free ports; their logs stay there for failure messages.
class KannelGateway
{
public:
    struct Smsc
    {
        QString host;
        quint16 port = 0;
        QString systemId;
        QString password;
    };
    static constexpr const char *SendSmsUser = "conformance";
    static constexpr const char *SendSmsPassword = "kannel-pass";
    static constexpr const char *SmscId = "ogene";

    explicit KannelGateway(const Smsc &smsc);
    ~KannelGateway();

    // Writes the configuration, starts bearerbox and then smsbox, and waits until both answer on
    // their HTTP ports; false with *why (and the logs) otherwise.
    bool start(QString *why);
    void stop();

    // GET /cgi-bin/sendsms as an application would, each value percent-encoded; the user and
    // password are added here.
    struct Answer
    {
        int status = 0;
        QByteArray body;
    };
    Answer sendSms(const QList<QPair<QString, QString>> &parameters);
    // smsbox's /cgi-bin/sendsms, for a client that builds its own requests.
    QString sendsmsUrl() const { return QStringLiteral("http://127.0.0.1:%1/cgi-bin/sendsms").arg(m_sendsmsPort); }
    // bearerbox's /status.txt: the line it shows for the SMPP connection, among the rest.
    QByteArray status();
    // The tail of every log, for failure messages.
    QString logs() const;
    // bearerbox's whole log (debug level: every SMPP PDU it sent and got).
    QString bearerboxLog() const;

    static bool installed();

private:
    bool startOnce(QString *why);
    QString configuration() const;
    bool startBox(QProcess &process, const QString &program, const QString &name, QString *why);
    static bool waitForHttp(quint16 port, const QString &path, QProcess &process, int timeoutMs);

    Smsc m_smsc;
    QTemporaryDir m_dir;
    quint16 m_adminPort = 0;
    quint16 m_smsboxPort = 0;
    quint16 m_sendsmsPort = 0;
    QProcess m_bearerbox;
    QProcess m_smsbox;
};
