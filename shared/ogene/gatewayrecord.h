#pragma once

#include <QJsonObject>
#include <QString>

namespace ogene {

// A carrier gateway's state as GET /api/admin/gateways shows it.
struct GatewayRecord
{
    QString name;
    QString type;
    QString state; // up, connecting or down
    qint64 inFlight = 0;
    double sentPerSecond = 0;
    qint64 sentTotal = 0;
    QString lastError;

    static GatewayRecord fromJson(const QJsonObject &json);
};

} // namespace ogene
