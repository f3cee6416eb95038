#include "routing/routingroutes.h"

#include "dispatch/gatewayregistry.h"
#include "http/apierror.h"
#include "routing/routes.h"
#include "store/store.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>

namespace ogene {
namespace {

constexpr int MaxRoutes = 1000;
constexpr int MaxGatewaysPerRoute = 8;

void showRoutes(Services &services, ApiCall call)
{
    call.reply(HttpResponse::data(200, services.routes->current()->toJson()));
}

// An ordered list of 1 to MaxGatewaysPerRoute names of gateways this appliance has, each once.
QStringList readGateways(const QJsonValue &value, const GatewayRegistry &gateways, const QString &field, QJsonObject &errors)
{
    const QJsonArray names = value.toArray();
    if (!value.isArray() || names.isEmpty() || names.size() > MaxGatewaysPerRoute) {
        errors.insert(field, QStringLiteral("Give 1 to %1 gateway names, first choice first.").arg(MaxGatewaysPerRoute));
        return {};
    }
    QStringList list;
    for (const QJsonValue &name : names) {
        const QString text = name.toString();
        if (!name.isString() || text.size() > 64 || !gateways.find(text)) {
            errors.insert(field, QStringLiteral("'%1' is not a gateway of this appliance.").arg(text.left(64)));
            return {};
        }
        if (list.contains(text)) {
            errors.insert(field, QStringLiteral("'%1' is listed twice.").arg(text));
            return {};
        }
        list.append(text);
    }
    return list;
}

// Reads {"default": [names], "routes": [{"prefix": "+234803", "gateways": [names]}, …]}: the whole
// table, which replaces the one in force.
RouteTable readTable(const QJsonObject &body, const GatewayRegistry &gateways)
{
    static const QRegularExpression prefixShape(QStringLiteral("^\\+[1-9][0-9]{0,13}$"));
    QJsonObject errors;
    RouteTable table;
    table.setDefault(readGateways(body.value(QStringLiteral("default")), gateways, QStringLiteral("default"), errors));
    const QJsonValue routes = body.value(QStringLiteral("routes"));
    const QJsonArray entries = routes.toArray();
    if (!routes.isUndefined() && (!routes.isArray() || entries.size() > MaxRoutes))
        errors.insert(QStringLiteral("routes"), QStringLiteral("The routes field must be an array of at most %1 entries.").arg(MaxRoutes));
    QSet<QString> prefixes;
    for (qsizetype i = 0; i < entries.size() && entries.size() <= MaxRoutes; ++i) {
        const QJsonObject entry = entries.at(i).toObject();
        const QString field = QStringLiteral("routes.%1").arg(i);
        const QString prefix = entry.value(QStringLiteral("prefix")).toString();
        if (!prefixShape.match(prefix).hasMatch()) {
            errors.insert(field, QStringLiteral("The prefix must be + followed by 1 to 14 digits."));
            continue;
        }
        if (prefixes.contains(prefix)) {
            errors.insert(field, QStringLiteral("The prefix %1 is listed twice.").arg(prefix));
            continue;
        }
        prefixes.insert(prefix);
        const QStringList names = readGateways(entry.value(QStringLiteral("gateways")), gateways, field, errors);
        if (!names.isEmpty())
            table.addRoute({prefix, names});
    }
    if (!errors.isEmpty())
        throw ApiError::validation(errors);
    return table;
}

void updateRoutes(Services &services, ApiCall call)
{
    const RouteTable table = readTable(call.jsonBody(), *services.gateways);
    Routes *routes = services.routes;
    call.thenFromStore<int>(
        *services.store, [table](SqlSession &session) { table.save(session); return 0; },
        [call, routes, table](const int &) {
            routes->replace(table);
            call.reply(HttpResponse::data(200, table.toJson(), QStringLiteral("Routes updated.")));
        });
}

void showGateways(Services &services, ApiCall call)
{
    QJsonArray list;
    for (Gateway *gateway : services.gateways->all()) {
        const GatewayStatus status = gateway->status();
        list.append(QJsonObject{
            {QStringLiteral("name"), gateway->name()},
            {QStringLiteral("type"), status.type},
            {QStringLiteral("state"), status.state},
            {QStringLiteral("in_flight"), status.inFlight},
            {QStringLiteral("sent_per_second"), status.sentPerSecond},
            {QStringLiteral("sent_total"), status.sentTotal},
            {QStringLiteral("last_error"), status.lastError.isEmpty() ? QJsonValue() : QJsonValue(status.lastError)},
        });
    }
    call.reply(HttpResponse::data(200, list));
}

} // namespace

void installRoutingRoutes(Router &router, Services &services)
{
    router.add("GET", QStringLiteral("/api/admin/routes"), Access::Admin, [&services](ApiCall call) { showRoutes(services, call); });
    router.add("PUT", QStringLiteral("/api/admin/routes"), Access::Admin, [&services](ApiCall call) { updateRoutes(services, call); });
    router.add("GET", QStringLiteral("/api/admin/gateways"), Access::Admin, [&services](ApiCall call) { showGateways(services, call); });
}

} // namespace ogene
