#include "mainwindow.h"

#include <QApplication>
#include <QLocale>
#include <QTranslator>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("ogene-console"));
    QApplication::setOrganizationName(QStringLiteral("Ogene"));
    QApplication::setApplicationVersion(QStringLiteral(OGENE_VERSION));

    QTranslator translator;
    if (translator.load(QLocale(), QStringLiteral("ogene_console"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QApplication::installTranslator(&translator);

    ogene::MainWindow window;
    window.show();
    return app.exec();
}
