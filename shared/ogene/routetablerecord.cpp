#include "ogene/routetablerecord.h"

#include <QJsonArray>

namespace ogene {
namespace {

QStringList namesOf(const QJsonValue &value)
{
    QStringList names;
    for (const QJsonValue &name : value.toArray())
        names.append(name.toString());
    return names;
}

} // namespace

RouteTableRecord RouteTableRecord::fromJson(const QJsonObject &json)
{
    RouteTableRecord table;
    table.defaultGateways = namesOf(json.value(QStringLiteral("default")));
    for (const QJsonValue &entry : json.value(QStringLiteral("routes")).toArray()) {
        const QJsonObject route = entry.toObject();
        table.routes.append({route.value(QStringLiteral("prefix")).toString(), namesOf(route.value(QStringLiteral("gateways")))});
    }
    return table;
}

QJsonObject RouteTableRecord::toJson() const
{
    QJsonArray routeList;
    for (const Route &route : routes)
        routeList.append(QJsonObject{{QStringLiteral("prefix"), route.prefix},
                                     {QStringLiteral("gateways"), QJsonArray::fromStringList(route.gateways)}});
    return {{QStringLiteral("default"), QJsonArray::fromStringList(defaultGateways)}, {QStringLiteral("routes"), routeList}};
}

} // namespace ogene
