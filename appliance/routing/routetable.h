#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace ogene {

class SqlSession;

// Which gateways a destination goes through: each route is a prefix of the E.164 number ("+234803")
// and the gateways to try in order; the longest matching prefix wins, and numbers no prefix matches
// take the default route. An empty table routes everything to the appliance's default gateway.
class RouteTable
{
public:
    struct Route
    {
        QString prefix; // "+" and digits
        QStringList gateways;
    };

    QStringList gatewaysFor(const QString &e164) const;

    QStringList defaultGateways() const { return m_default; }
    QList<Route> routes() const { return m_routes; }
    void setDefault(const QStringList &gateways) { m_default = gateways; }
    void addRoute(const Route &route);

    QJsonObject toJson() const;
    static RouteTable load(SqlSession &session);
    void save(SqlSession &session) const;

private:
    QStringList m_default;
    QList<Route> m_routes; // longest prefix first
};

} // namespace ogene
