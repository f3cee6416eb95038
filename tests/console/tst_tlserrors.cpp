// TLS errors are shown, never ignored: signing in to an appliance whose certificate the system
// does not trust (a self-signed one, made with openssl for this test) fails with the reason in
// the form, and no request reaches the server.
#include "consoletestenvironment.h"
#include "mainwindow.h"
#include "signinview.h"

#include <QProcess>
#include <QSslKey>
#include <QSslServer>
#include <QTemporaryDir>
#include <QTest>

using namespace ogene;

class TlsErrorsTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void anUntrustedCertificateIsShownAndNothingIsSent();

private:
    QTemporaryDir m_dir;
    QSslServer m_server;
    int m_bytesReceived = 0;
};

void TlsErrorsTest::initTestCase()
{
    ConsoleTestEnvironment::isolateSettings();
    const QString key = m_dir.filePath(QStringLiteral("key.pem"));
    const QString certificate = m_dir.filePath(QStringLiteral("cert.pem"));
    QProcess openssl;
    openssl.start(QStringLiteral("openssl"), {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"),
                                              QStringLiteral("rsa:2048"), QStringLiteral("-nodes"), QStringLiteral("-days"),
                                              QStringLiteral("1"), QStringLiteral("-subj"), QStringLiteral("/CN=127.0.0.1"),
                                              QStringLiteral("-keyout"), key, QStringLiteral("-out"), certificate});
    QVERIFY2(openssl.waitForFinished(30000) && openssl.exitCode() == 0, openssl.readAllStandardError().constData());

    QSslConfiguration configuration = QSslConfiguration::defaultConfiguration();
    QFile keyFile(key);
    QVERIFY(keyFile.open(QIODevice::ReadOnly));
    configuration.setPrivateKey(QSslKey(&keyFile, QSsl::Rsa));
    configuration.setLocalCertificateChain(QSslCertificate::fromPath(certificate));
    m_server.setSslConfiguration(configuration);
    connect(&m_server, &QSslServer::pendingConnectionAvailable, this, [this] {
        while (QTcpSocket *socket = m_server.nextPendingConnection())
            connect(socket, &QTcpSocket::readyRead, this, [this, socket] { m_bytesReceived += int(socket->readAll().size()); });
    });
    QVERIFY(m_server.listen(QHostAddress::LocalHost));
}

void TlsErrorsTest::anUntrustedCertificateIsShownAndNothingIsSent()
{
    MainWindow window;
    window.show();
    ConsoleTestEnvironment::fillSignIn(window, QStringLiteral("https://127.0.0.1:%1").arg(m_server.serverPort()),
                                       QStringLiteral("admin@example.test"), QStringLiteral("AdminPass-123"), false);
    QTRY_VERIFY_WITH_TIMEOUT(!window.signInView()->errors().bannerText().isEmpty(), 10000);
    const QString shown = window.signInView()->errors().bannerText();
    QVERIFY2(shown.contains(QStringLiteral("TLS certificate was refused")), qPrintable(shown));
    QVERIFY2(shown.contains(QStringLiteral("self signed"), Qt::CaseInsensitive) || shown.contains(QStringLiteral("self-signed"), Qt::CaseInsensitive),
             qPrintable(shown));
    QVERIFY(!window.session()->isSignedIn());
    QCOMPARE(m_bytesReceived, 0); // the password never left
    QVERIFY(ConsoleTestEnvironment::saveScreenshot(&window, QStringLiteral("tls-error")));
}

QTEST_MAIN(TlsErrorsTest)
#include "tst_tlserrors.moc"
