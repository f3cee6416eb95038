#pragma once

#include <QString>
#include <QTemporaryDir>

class QWidget;

namespace ogene {
class MainWindow;
}

// What console suites share: settings in a folder of their own (suites run side by side), the
// sign-in form filled as an operator would, and screenshots under the build folder.
class ConsoleTestEnvironment
{
public:
    // Points the console's settings at a fresh folder of this process's own.
    static void isolateSettings();
    // Types into the sign-in form and presses Sign in; the answer arrives later.
    static void fillSignIn(ogene::MainWindow &window, const QString &server, const QString &email, const QString &password,
                           bool remember);
    // Saves the widget's pixels as build/screenshots/<name>.png; false when nothing was saved.
    static bool saveScreenshot(QWidget *widget, const QString &name);
};
