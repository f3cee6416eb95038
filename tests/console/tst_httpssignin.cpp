// The console over HTTPS: with the appliance's CA among the authorities it trusts (as an operator
// installs a private CA on the desk), signing in works and every request goes over TLS; without
// it the certificate is refused and the password never sent. The appliance listens on HTTPS only.
#include "apiclient.h"
#include "applianceprocess.h"
#include "consoletestenvironment.h"
#include "mainwindow.h"
#include "signinview.h"
#include "testcertificates.h"
#include "testdatabase.h"

#include <ogene/restclient.h>

#include <QSslConfiguration>
#include <QTest>

using namespace ogene;

class HttpsSignInTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void anUntrustedCertificateIsRefused();
    void signsInTrustingTheAppliancesCa();

private:
    TestCertificates m_certificates;
    TestDatabase m_database;
    std::unique_ptr<ApplianceProcess> m_appliance;
};

void HttpsSignInTest::initTestCase()
{
    ConsoleTestEnvironment::isolateSettings();
    QVERIFY2(m_certificates.isValid(), qPrintable(m_certificates.error()));
    QVERIFY2(m_database.isValid(), qPrintable(m_database.error()));
    m_appliance = std::make_unique<ApplianceProcess>(m_database.url());
    m_appliance->useTls(m_certificates);
    m_appliance->setEnv(QStringLiteral("OGENE_HTTP_LISTEN"), QStringLiteral("off"));
    QVERIFY2(m_appliance->start(), qPrintable(m_appliance->output()));
}

void HttpsSignInTest::anUntrustedCertificateIsRefused()
{
    MainWindow window;
    window.show();
    ConsoleTestEnvironment::fillSignIn(window, m_appliance->httpsBaseUrl(), QLatin1String(ApplianceProcess::AdminEmail),
                                       QLatin1String(ApplianceProcess::AdminPassword), false);
    QTRY_VERIFY_WITH_TIMEOUT(!window.signInView()->errors().bannerText().isEmpty(), 10000);
    const QString shown = window.signInView()->errors().bannerText();
    QVERIFY2(shown.contains(QStringLiteral("TLS certificate was refused")), qPrintable(shown));
    QVERIFY(!window.session()->isSignedIn());
}

void HttpsSignInTest::signsInTrustingTheAppliancesCa()
{
    QSslConfiguration trusting = QSslConfiguration::defaultConfiguration();
    trusting.addCaCertificates(m_certificates.ca());
    QSslConfiguration::setDefaultConfiguration(trusting);

    MainWindow window;
    window.show();
    ConsoleTestEnvironment::fillSignIn(window, m_appliance->httpsBaseUrl(), QLatin1String(ApplianceProcess::AdminEmail),
                                       QLatin1String(ApplianceProcess::AdminPassword), false);
    QTRY_VERIFY_WITH_TIMEOUT(window.session()->isSignedIn(), 10000);
    QCOMPARE(window.session()->user().role, QStringLiteral("admin"));

    // The token it holds works over HTTPS for the REST client the views use.
    RestReply answer;
    bool answered = false;
    window.session()->rest().send("GET", QStringLiteral("/api/auth/me"), {}, {}, &window, [&](const RestReply &reply) {
        answer = reply;
        answered = true;
    });
    QTRY_VERIFY_WITH_TIMEOUT(answered, 10000);
    QVERIFY2(answer.ok(), qPrintable(QString::number(answer.status)));
    QCOMPARE(answer.status, 200);
    QVERIFY(ConsoleTestEnvironment::saveScreenshot(&window, QStringLiteral("https-signed-in")));
}

QTEST_MAIN(HttpsSignInTest)
#include "tst_httpssignin.moc"
