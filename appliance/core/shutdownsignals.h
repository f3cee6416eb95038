#pragma once

#include <QObject>

namespace ogene {

// Turns SIGINT and SIGTERM into a clean QCoreApplication::quit() on the main thread. The signal
// handler only writes a byte to a socket pair (all a handler may safely do); a notifier reads it.
class ShutdownSignals : public QObject
{
    Q_OBJECT
public:
    explicit ShutdownSignals(QObject *parent = nullptr);
};

} // namespace ogene
