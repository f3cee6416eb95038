#pragma once

#include <QHostAddress>
#include <QString>

namespace ogene {

// A listen address given as host:port ("0.0.0.0:2775", "[::1]:8080", "localhost:8080").
struct Endpoint
{
    QHostAddress address;
    quint16 port = 0;

    static Endpoint parse(const QString &text, QString *error);
};

} // namespace ogene
