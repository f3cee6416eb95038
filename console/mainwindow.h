#pragma once

#include <QMainWindow>

namespace ogene {

// The console's main window. Its views come with the console's own issue; for now it opens empty.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
};

} // namespace ogene
