// The console opens on its sign-in form with real pixels, and speaks English and French: every
// string in both translation files is translated, and the French one is what the console loads
// for a French locale.
#include "consolelanguage.h"
#include "consoletestenvironment.h"
#include "mainwindow.h"
#include "signinview.h"

#include <QFile>
#include <QSettings>
#include <QTest>
#include <QTranslator>
#include <QXmlStreamReader>

class MainWindowTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void opensOnTheSignInForm();
    void bothTranslationsAreComplete_data();
    void bothTranslationsAreComplete();
    void frenchIsChosenInTheMenuOrFromTheLocale();
};

void MainWindowTest::initTestCase()
{
    ConsoleTestEnvironment::isolateSettings();
}

void MainWindowTest::opensOnTheSignInForm()
{
    ogene::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.windowTitle(), QStringLiteral("Ogene Console"));
    QVERIFY(window.signInView()->isVisible());
    QCOMPARE(window.tabs()->count(), 0);
    QVERIFY(ConsoleTestEnvironment::saveScreenshot(&window, QStringLiteral("mainwindow")));
}

void MainWindowTest::bothTranslationsAreComplete_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("en") << QStringLiteral(OGENE_SOURCE_DIR "/translations/ogene_console_en.ts");
    QTest::newRow("fr") << QStringLiteral(OGENE_SOURCE_DIR "/translations/ogene_console_fr.ts");
}

void MainWindowTest::bothTranslationsAreComplete()
{
    QFETCH(QString, file);
    QFile ts(file);
    QVERIFY(ts.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&ts);
    int messages = 0;
    QString source;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (xml.name() == QLatin1String("message")) {
            ++messages;
        } else if (xml.name() == QLatin1String("source")) {
            source = xml.readElementText();
        } else if (xml.name() == QLatin1String("translation")) {
            // Neither unfinished nor vanished, and not empty.
            QVERIFY2(xml.attributes().value(QLatin1String("type")).isEmpty(), qPrintable(source));
            QVERIFY2(!xml.readElementText().isEmpty(), qPrintable(source));
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(messages > 100);
}

void MainWindowTest::frenchIsChosenInTheMenuOrFromTheLocale()
{
    ogene::ConsoleLanguage::choose(QStringLiteral("fr"));
    QTranslator translator;
    QVERIFY(ogene::ConsoleLanguage::load(translator));
    QCOMPARE(translator.translate("ogene::SignInView", "Sign in"), QStringLiteral("Se connecter"));
    QTranslator qtStrings; // Qt's own buttons, from qt6-translations-l10n
    QVERIFY(ogene::ConsoleLanguage::loadQt(qtStrings));
    QCOMPARE(qtStrings.translate("QPlatformTheme", "Cancel"), QStringLiteral("Annuler"));
    QCoreApplication::installTranslator(&translator);
    {
        ogene::MainWindow window;
        QCOMPARE(window.windowTitle(), QStringLiteral("Console Ogene"));
        QCOMPARE(window.signInView()->signInButton()->text(), QStringLiteral("Se connecter"));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(ConsoleTestEnvironment::saveScreenshot(&window, QStringLiteral("signin-fr")));
    }
    QCoreApplication::removeTranslator(&translator);

    // "System language" follows the locale.
    ogene::ConsoleLanguage::choose(QString());
    QCOMPARE(ogene::ConsoleLanguage::locale(), QLocale::system());
    ogene::ConsoleLanguage::choose(QStringLiteral("en"));
    QCOMPARE(ogene::ConsoleLanguage::locale().language(), QLocale::English);
}

QTEST_MAIN(MainWindowTest)
#include "tst_mainwindow.moc"
