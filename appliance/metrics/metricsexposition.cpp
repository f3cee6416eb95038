#include "metrics/metricsexposition.h"

#include "app/services.h"
#include "dispatch/gatewayregistry.h"
#include "http/router.h"
#include "metrics/databasefigures.h"
#include "metrics/prometheustext.h"
#include "smppserver/smppserver.h"
#include "smppserver/smppsessionregistry.h"

#include <ogene/timestamp.h>

namespace ogene {
namespace {

void writeProcess(PrometheusText &out)
{
    out.family("ogene_build_info", "gauge", QStringLiteral("Always 1; the version label names the running build."));
    out.sample("ogene_build_info", {{"version", QStringLiteral(OGENE_VERSION)}}, qint64(1));
    out.family("process_start_time_seconds", "gauge", QStringLiteral("When this appliance process started, in unix seconds."));
    out.sample("process_start_time_seconds", {}, double(MetricsExposition::processStartMs()) / 1000.0);
}

void writeDatabase(PrometheusText &out, const DatabaseFigures &figures)
{
    out.family("ogene_messages", "gauge",
               QStringLiteral("Messages in the database by status (all nodes), read at most METRICS_DATABASE_REFRESH_MS ago."));
    QStringList statuses = figures.messagesByStatus.keys();
    statuses.sort();
    for (const QString &status : std::as_const(statuses))
        out.sample("ogene_messages", {{"status", status}}, figures.messagesByStatus.value(status));
    out.family("ogene_outbound_queue_depth", "gauge",
               QStringLiteral("Messages accepted and charged but not yet taken by a gateway (status queued, all nodes)."));
    out.sample("ogene_outbound_queue_depth", {}, figures.messagesByStatus.value(QStringLiteral("queued")));

    // A refund is a credit of its own category; shown as its own operation, as operators read it.
    const auto operation = [](const DatabaseFigures::LedgerTotal &total) {
        if (total.type == QLatin1String("credit") && total.category == QLatin1String("refund"))
            return QStringLiteral("refund");
        return total.type;
    };
    out.family("ogene_wallet_operations_total", "counter",
               QStringLiteral("Wallet ledger entries (all nodes) by currency, operation (debit, credit, refund) and category."));
    for (const DatabaseFigures::LedgerTotal &total : figures.ledger)
        out.sample("ogene_wallet_operations_total",
                   {{"currency", total.currency}, {"operation", operation(total)}, {"category", total.category}}, total.count);
    out.family("ogene_wallet_operation_amount_minor_units_total", "counter",
               QStringLiteral("Sum of those ledger entries in minor units of their currency (kobo, cents)."));
    for (const DatabaseFigures::LedgerTotal &total : figures.ledger)
        out.sample("ogene_wallet_operation_amount_minor_units_total",
                   {{"currency", total.currency}, {"operation", operation(total)}, {"category", total.category}}, total.amount);
    out.family("ogene_database_figures_age_seconds", "gauge",
               QStringLiteral("How long ago the database figures above were read."));
    out.sample("ogene_database_figures_age_seconds", {}, double(nowMs() - figures.readAtMs) / 1000.0);
}

void writeGateways(PrometheusText &out, const GatewayRegistry *gateways)
{
    const QList<Gateway *> all = gateways ? gateways->all() : QList<Gateway *>{};
    QList<std::pair<QString, GatewayStatus>> statuses;
    for (Gateway *gateway : all)
        statuses.append({gateway->name(), gateway->status()});

    out.family("ogene_gateway_up", "gauge", QStringLiteral("1 when this node's gateway can take messages, else 0."));
    for (const auto &[name, status] : statuses)
        out.sample("ogene_gateway_up", {{"gateway", name}, {"type", status.type}}, qint64(status.state == QLatin1String("up")));
    out.family("ogene_gateway_in_flight", "gauge",
               QStringLiteral("Messages handed to this node's gateway whose outcome is not known yet."));
    for (const auto &[name, status] : statuses)
        out.sample("ogene_gateway_in_flight", {{"gateway", name}}, qint64(status.inFlight));
    out.family("ogene_gateway_sent_total", "counter", QStringLiteral("Messages this node's gateway has handed to the carrier side."));
    for (const auto &[name, status] : statuses)
        out.sample("ogene_gateway_sent_total", {{"gateway", name}}, status.sentTotal);
    out.family("ogene_gateway_errors_total", "counter",
               QStringLiteral("Messages this node's gateway did not take: rejected for good (failed and refunded) or "
                              "deferred (throttled, busy, link down; tried again)."));
    for (const auto &[name, status] : statuses) {
        out.sample("ogene_gateway_errors_total", {{"gateway", name}, {"kind", QStringLiteral("rejected")}}, status.rejectedTotal);
        out.sample("ogene_gateway_errors_total", {{"gateway", name}, {"kind", QStringLiteral("deferred")}}, status.deferredTotal);
    }
}

void writeHttp(PrometheusText &out, const Router &router)
{
    out.family("ogene_http_requests_total", "counter",
               QStringLiteral("REST requests this node answered, by method, route pattern and status; "
                              "route is \"unmatched\" for paths no route serves."));
    const HttpRequestCounters &counters = router.requestCounters();
    const QList<Router::Route> &routes = router.routes();
    for (qsizetype i = 0; i < routes.size(); ++i) {
        for (const auto &[status, count] : HttpRequestCounters::nonZero(counters.route(i)))
            out.sample("ogene_http_requests_total",
                       {{"method", QString::fromLatin1(routes.at(i).method)}, {"route", routes.at(i).pattern},
                        {"status", QString::number(status)}},
                       qint64(count));
    }
    for (const auto &[status, count] : HttpRequestCounters::nonZero(counters.unmatched()))
        out.sample("ogene_http_requests_total",
                   {{"method", QString()}, {"route", QStringLiteral("unmatched")}, {"status", QString::number(status)}},
                   qint64(count));
}

void writeSmpp(PrometheusText &out, const SmppSessionRegistry *registry)
{
    const QHash<QString, int> bound = registry ? registry->boundByType() : QHash<QString, int>{};
    out.family("ogene_smpp_sessions", "gauge", QStringLiteral("SMPP client sessions bound on this node, by bind type."));
    for (const QString &type : {QStringLiteral("receiver"), QStringLiteral("transceiver"), QStringLiteral("transmitter")})
        out.sample("ogene_smpp_sessions", {{"bind_type", type}}, qint64(bound.value(type)));
}

} // namespace

qint64 MetricsExposition::processStartMs()
{
    static const qint64 started = nowMs();
    return started;
}

QByteArray MetricsExposition::write(const Router &router, const Services &services, const DatabaseFigures &figures)
{
    PrometheusText out;
    writeProcess(out);
    writeDatabase(out, figures);
    writeGateways(out, services.gateways);
    writeHttp(out, router);
    writeSmpp(out, services.smpp ? services.smpp->registry : nullptr);
    return out.text();
}

} // namespace ogene
