#include "consolelanguage.h"
#include "mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTranslator>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("ogene-console"));
    QApplication::setOrganizationName(QStringLiteral("Ogene"));
    QApplication::setApplicationVersion(QStringLiteral(OGENE_VERSION));

    // --help and --version answer without opening a window (Qt's own options, such as -platform,
    // are taken by QApplication first).
    QCommandLineParser options;
    options.setApplicationDescription(QStringLiteral("Ogene console: runs an Ogene appliance over its REST API."));
    options.addHelpOption();
    options.addVersionOption();
    options.process(app);

    QTranslator translator;
    if (ogene::ConsoleLanguage::load(translator))
        QApplication::installTranslator(&translator);
    QTranslator qtTranslator;
    if (ogene::ConsoleLanguage::loadQt(qtTranslator))
        QApplication::installTranslator(&qtTranslator);

    ogene::MainWindow window;
    window.show();
    return app.exec();
}
