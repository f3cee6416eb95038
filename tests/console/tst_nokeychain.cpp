// "Remember me" where no keychain answers (CTest runs this suite with no D-Bus session): the
// console says so in plain words, keeps the session in memory only, and the next start asks to
// sign in again.
#include "apiclient.h"
#include "applianceprocess.h"
#include "consoletestenvironment.h"
#include "dashboardview.h"
#include "mainwindow.h"
#include "signinview.h"
#include "testdatabase.h"

#include <QSignalSpy>
#include <QTest>

using namespace ogene;

class NoKeychainTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void rememberMeSaysThereIsNoKeychainAndKeepsTheSessionInMemory();
    void nextStartAsksToSignInAgain();

private:
    TestDatabase m_database;
    std::unique_ptr<ApplianceProcess> m_appliance;
    std::unique_ptr<ApiClient> m_api;
    QString m_adminToken;
};

void NoKeychainTest::initTestCase()
{
    ConsoleTestEnvironment::isolateSettings();
    QString why;
    QVERIFY2(startSignedIn(m_database, m_appliance, m_api, m_adminToken, &why), qPrintable(why));
}

void NoKeychainTest::rememberMeSaysThereIsNoKeychainAndKeepsTheSessionInMemory()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    ConsoleTestEnvironment::fillSignIn(window, m_appliance->baseUrl(), QLatin1String(ApplianceProcess::AdminEmail),
                                       QLatin1String(ApplianceProcess::AdminPassword), true);
    QTRY_VERIFY(window.session()->isSignedIn());
    QTRY_VERIFY(window.keychainNotice()->isVisible());
    QVERIFY(window.keychainNotice()->text().startsWith(QStringLiteral("No keychain is available on this computer")));
    QVERIFY(window.keychainNotice()->text().contains(QStringLiteral("sign in again next time")));
    QVERIFY(!window.session()->isRemembered());
    // The session works all the same.
    QSignalSpy loaded(window.dashboardView(), &DashboardView::updated);
    window.dashboardView()->refresh();
    QTRY_VERIFY(loaded.count() >= 1);
    QVERIFY(ConsoleTestEnvironment::saveScreenshot(&window, QStringLiteral("no-keychain")));
}

void NoKeychainTest::nextStartAsksToSignInAgain()
{
    MainWindow window;
    window.show();
    QSignalSpy restored(window.session(), &ConsoleSession::restoreFinished);
    QTRY_COMPARE(restored.count(), 1);
    QVERIFY(!window.session()->isSignedIn());
    QVERIFY(window.signInView()->isVisible());
    QCOMPARE(window.signInView()->emailField()->text(), QLatin1String(ApplianceProcess::AdminEmail));
}

QTEST_MAIN(NoKeychainTest)
#include "tst_nokeychain.moc"
