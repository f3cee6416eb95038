#include "consolelanguage.h"
#include "mainwindow.h"

#include <QApplication>
#include <QTranslator>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("ogene-console"));
    QApplication::setOrganizationName(QStringLiteral("Ogene"));
    QApplication::setApplicationVersion(QStringLiteral(OGENE_VERSION));

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
