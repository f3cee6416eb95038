// The console opens its main window, and the screenshot of it is real pixels.
#include "mainwindow.h"

#include <QDir>
#include <QTest>

class MainWindowTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void opensTitledAndSaysNotSignedIn();
};

void MainWindowTest::opensTitledAndSaysNotSignedIn()
{
    ogene::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.windowTitle(), QStringLiteral("Ogene Console"));
    const QPixmap shot = window.grab();
    QVERIFY(!shot.isNull());
    QVERIFY(shot.width() >= 800);
    QDir().mkpath(QStringLiteral(OGENE_BINARY_DIR "/screenshots"));
    QVERIFY(shot.save(QStringLiteral(OGENE_BINARY_DIR "/screenshots/mainwindow.png")));
}

QTEST_MAIN(MainWindowTest)
#include "tst_mainwindow.moc"
