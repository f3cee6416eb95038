#include "mainwindow.h"

#include <QLabel>
#include <QStatusBar>

namespace ogene {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
{
    setWindowTitle(tr("Ogene Console"));
    auto *placeholder = new QLabel(tr("Not signed in."), this);
    placeholder->setAlignment(Qt::AlignCenter);
    setCentralWidget(placeholder);
    statusBar()->showMessage(tr("Ready"));
    resize(1024, 700);
}

} // namespace ogene
