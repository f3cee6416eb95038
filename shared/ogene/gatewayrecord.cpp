#include "ogene/gatewayrecord.h"

namespace ogene {

GatewayRecord GatewayRecord::fromJson(const QJsonObject &json)
{
    GatewayRecord gateway;
    gateway.name = json.value(QStringLiteral("name")).toString();
    gateway.type = json.value(QStringLiteral("type")).toString();
    gateway.state = json.value(QStringLiteral("state")).toString();
    gateway.inFlight = json.value(QStringLiteral("in_flight")).toInteger();
    gateway.sentPerSecond = json.value(QStringLiteral("sent_per_second")).toDouble();
    gateway.sentTotal = json.value(QStringLiteral("sent_total")).toInteger();
    gateway.lastError = json.value(QStringLiteral("last_error")).toString();
    return gateway;
}

} // namespace ogene
