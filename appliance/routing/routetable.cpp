#include "routing/routetable.h"

#include "store/sqlsession.h"

#include <ogene/timestamp.h>

#include <QJsonArray>

#include <algorithm>

namespace ogene {
namespace {

// The default route is kept as the row with an empty prefix: one table, one transaction to replace it.
const QString DefaultPrefix = QStringLiteral(""); // not null: it is a key
const QLatin1Char Separator(',');

} // namespace

QStringList RouteTable::gatewaysFor(const QString &e164) const
{
    for (const Route &route : m_routes) {
        if (e164.startsWith(route.prefix))
            return route.gateways;
    }
    return m_default;
}

void RouteTable::addRoute(const Route &route)
{
    const auto at = std::find_if(m_routes.begin(), m_routes.end(),
                                 [&route](const Route &other) { return other.prefix.size() < route.prefix.size(); });
    m_routes.insert(at, route);
}

QJsonObject RouteTable::toJson() const
{
    QJsonArray routes;
    for (const Route &route : m_routes)
        routes.append(QJsonObject{{QStringLiteral("prefix"), route.prefix},
                                  {QStringLiteral("gateways"), QJsonArray::fromStringList(route.gateways)}});
    return {{QStringLiteral("default"), QJsonArray::fromStringList(m_default)}, {QStringLiteral("routes"), routes}};
}

RouteTable RouteTable::load(SqlSession &session)
{
    RouteTable table;
    for (const QVariantList &row : session.rows(QStringLiteral("SELECT prefix, gateways FROM routes ORDER BY prefix"))) {
        const QStringList gateways = row[1].toString().split(Separator, Qt::SkipEmptyParts);
        if (row[0].toString().isEmpty())
            table.setDefault(gateways);
        else
            table.addRoute({row[0].toString(), gateways});
    }
    return table;
}

void RouteTable::save(SqlSession &session) const
{
    const qint64 now = nowMs();
    session.execute(QStringLiteral("DELETE FROM routes"));
    const QString insert = QStringLiteral("INSERT INTO routes (prefix, gateways, updated_at) VALUES (?, ?, ?)");
    if (!m_default.isEmpty())
        session.execute(insert, {DefaultPrefix, m_default.join(Separator), now});
    for (const Route &route : m_routes)
        session.execute(insert, {route.prefix, route.gateways.join(Separator), now});
}

} // namespace ogene
