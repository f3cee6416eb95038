#pragma once

#include <QJsonObject>
#include <QList>
#include <QStringList>

namespace ogene {

// The route table as GET and PUT /api/admin/routes carry it: the default gateways and one list
// of gateways per number prefix, first choice first.
struct RouteTableRecord
{
    struct Route
    {
        QString prefix;
        QStringList gateways;
    };
    QStringList defaultGateways;
    QList<Route> routes;

    static RouteTableRecord fromJson(const QJsonObject &json);
    QJsonObject toJson() const;
};

} // namespace ogene
