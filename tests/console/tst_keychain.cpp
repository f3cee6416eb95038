// "Remember me" with a real keychain (gnome-keyring's Secret Service on a private D-Bus session;
// CTest runs this suite through with-keyring.sh): the token is kept only in the keychain under
// the service ogene-console, the next start signs in silently, sign-out removes it, a token the
// appliance no longer accepts is dropped rather than used, and one that cannot be checked because
// the appliance is out of reach is kept while the form says why.
#include "apiclient.h"
#include "applianceprocess.h"
#include "consoletestenvironment.h"
#include "mainwindow.h"
#include "signinview.h"
#include "testdatabase.h"

#include <qt6keychain/keychain.h>

#include <QDirIterator>
#include <QEventLoop>
#include <QSettings>
#include <QSignalSpy>
#include <QTest>

using namespace ogene;

class KeychainTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void rememberedTokenLivesOnlyInTheKeychain();
    void nextStartSignsInSilently();
    void signOutRemovesTheToken();
    void aRevokedTokenIsDroppedAndTheFormShown();
    void anUnreachableApplianceIsSaidAndTheTokenKept();

private:
    // What the keychain holds for this appliance: the token, or "" with the error when none.
    QString keychainToken(QKeychain::Error *error = nullptr);
    std::unique_ptr<MainWindow> openWindow();
    void signInRemembered(MainWindow &window);

    TestDatabase m_database;
    std::unique_ptr<ApplianceProcess> m_appliance;
    std::unique_ptr<ApiClient> m_api;
    QString m_adminToken;
};

void KeychainTest::initTestCase()
{
    QVERIFY2(!qgetenv("DBUS_SESSION_BUS_ADDRESS").isEmpty(), "run through tests/console/with-keyring.sh");
    ConsoleTestEnvironment::isolateSettings();
    QString why;
    QVERIFY2(startSignedIn(m_database, m_appliance, m_api, m_adminToken, &why), qPrintable(why));
}

QString KeychainTest::keychainToken(QKeychain::Error *error)
{
    QKeychain::ReadPasswordJob job(QStringLiteral("ogene-console"));
    job.setAutoDelete(false);
    job.setKey(m_appliance->baseUrl());
    QEventLoop loop;
    connect(&job, &QKeychain::Job::finished, &loop, &QEventLoop::quit);
    job.start();
    loop.exec();
    if (error)
        *error = job.error();
    return job.error() == QKeychain::NoError ? job.textData() : QString();
}

std::unique_ptr<MainWindow> KeychainTest::openWindow()
{
    auto window = std::make_unique<MainWindow>();
    window->show();
    return window;
}

void KeychainTest::signInRemembered(MainWindow &window)
{
    ConsoleTestEnvironment::fillSignIn(window, m_appliance->baseUrl(), QLatin1String(ApplianceProcess::AdminEmail),
                                       QLatin1String(ApplianceProcess::AdminPassword), true);
    QTRY_VERIFY(window.session()->isSignedIn());
    QTRY_VERIFY(window.session()->isRemembered());
}

void KeychainTest::rememberedTokenLivesOnlyInTheKeychain()
{
    std::unique_ptr<MainWindow> window = openWindow();
    signInRemembered(*window);
    const QString token = window->session()->rest().token();
    QVERIFY(token.startsWith(QStringLiteral("ogs_")));
    QCOMPARE(keychainToken(), token);
    QVERIFY(window->session()->keychainProblem().isEmpty());
    QVERIFY(!window->keychainNotice()->isVisible());
    // Nothing under the settings folder holds the token.
    QSettings().sync();
    QDirIterator files(qEnvironmentVariable("XDG_CONFIG_HOME"), QDir::Files, QDirIterator::Subdirectories);
    int settingsFiles = 0;
    while (files.hasNext()) {
        QFile file(files.next());
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY2(!file.readAll().contains(token.toUtf8()), qPrintable(file.fileName()));
        ++settingsFiles;
    }
    QVERIFY(settingsFiles > 0);
}

void KeychainTest::nextStartSignsInSilently()
{
    std::unique_ptr<MainWindow> window = openWindow();
    QTRY_VERIFY(window->session()->isSignedIn());
    QCOMPARE(window->session()->user().email, QLatin1String(ApplianceProcess::AdminEmail));
    QCOMPARE(window->session()->rest().token(), keychainToken());
    QCOMPARE(window->tabs()->count(), 8);
}

void KeychainTest::signOutRemovesTheToken()
{
    std::unique_ptr<MainWindow> window = openWindow();
    QTRY_VERIFY(window->session()->isSignedIn());
    const QString token = window->session()->rest().token();
    QSignalSpy signedOut(window->session(), &ConsoleSession::signedOut);
    window->session()->signOut();
    QTRY_COMPARE(signedOut.count(), 1);
    QKeychain::Error error = QKeychain::NoError;
    QVERIFY(keychainToken(&error).isEmpty());
    QCOMPARE(error, QKeychain::EntryNotFound);
    QTRY_COMPARE(m_api->get(QStringLiteral("/api/auth/me"), token).status, 401);

    window = openWindow();
    QTest::qWait(300);
    QVERIFY(!window->session()->isSignedIn());
    QVERIFY(window->signInView()->isVisible());
}

void KeychainTest::aRevokedTokenIsDroppedAndTheFormShown()
{
    std::unique_ptr<MainWindow> window = openWindow();
    signInRemembered(*window);
    const QString token = window->session()->rest().token();
    window.reset();
    QCOMPARE(m_api->send("POST", QStringLiteral("/api/auth/logout"), {}, token).status, 200);

    window = openWindow();
    QSignalSpy restored(window->session(), &ConsoleSession::restoreFinished);
    QTRY_COMPARE(restored.count(), 1);
    QCOMPARE(restored.first().first().toBool(), false);
    QVERIFY(!window->session()->isSignedIn());
    QVERIFY(window->signInView()->isVisible());
    QKeychain::Error error = QKeychain::NoError;
    QTRY_VERIFY((keychainToken(&error), error == QKeychain::EntryNotFound));
}

void KeychainTest::anUnreachableApplianceIsSaidAndTheTokenKept()
{
    std::unique_ptr<MainWindow> window = openWindow();
    signInRemembered(*window);
    const QString token = window->session()->rest().token();
    window.reset();
    m_appliance->stop();

    window = openWindow();
    QSignalSpy restored(window->session(), &ConsoleSession::restoreFinished);
    QTRY_COMPARE(restored.count(), 1);
    QVERIFY(!window->session()->isSignedIn());
    const QString shown = window->signInView()->errors().bannerText();
    QVERIFY2(shown.startsWith(QStringLiteral("Could not reach the appliance")), qPrintable(shown));
    QCOMPARE(keychainToken(), token); // kept for when the appliance is back
}

QTEST_MAIN(KeychainTest)
#include "tst_keychain.moc"
