#include "consoletestenvironment.h"

#include "mainwindow.h"
#include "signinview.h"

#include <QDir>
#include <QPixmap>
#include <QTest>

void ConsoleTestEnvironment::isolateSettings()
{
    static QTemporaryDir home;
    qputenv("XDG_CONFIG_HOME", home.path().toUtf8());
}

void ConsoleTestEnvironment::fillSignIn(ogene::MainWindow &window, const QString &server, const QString &email,
                                        const QString &password, bool remember)
{
    ogene::SignInView *form = window.signInView();
    form->serverField()->setText(server);
    form->emailField()->setText(email);
    form->passwordField()->clear();
    QTest::keyClicks(form->passwordField(), password);
    form->rememberBox()->setChecked(remember);
    QTest::mouseClick(form->signInButton(), Qt::LeftButton);
}

bool ConsoleTestEnvironment::saveScreenshot(QWidget *widget, const QString &name)
{
    const QPixmap shot = widget->grab();
    if (shot.isNull() || shot.width() < 100)
        return false;
    QDir().mkpath(QStringLiteral(OGENE_BINARY_DIR "/screenshots"));
    return shot.save(QStringLiteral(OGENE_BINARY_DIR "/screenshots/%1.png").arg(name));
}
