#include "mainwindow.h"

#include <QApplication>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("ogene-console"));
    QApplication::setOrganizationName(QStringLiteral("Ogene"));
    QApplication::setApplicationVersion(QStringLiteral(OGENE_VERSION));
    ogene::MainWindow window;
    window.show();
    return app.exec();
}
