#include "metrics/metricsroutes.h"

#include "core/config.h"
#include "metrics/databasefigures.h"
#include "metrics/metricsexposition.h"
#include "metrics/metricsguard.h"
#include "metrics/prometheustext.h"

namespace ogene {

void installMetricsRoutes(Router &router, Services &services)
{
    MetricsGuard guard;
    DatabaseFiguresCache *figures = nullptr;
    if (services.config) {
        guard = MetricsGuard(services.config->text(QStringLiteral("METRICS_TOKEN")),
                             services.config->text(QStringLiteral("METRICS_ALLOW")));
        MetricsExposition::processStartMs();
    }
    if (services.store && guard.enabled())
        figures = new DatabaseFiguresCache(*services.store, services.config->integer(QStringLiteral("METRICS_DATABASE_REFRESH_MS")),
                                           &router);

    // Access::Webhook: the route checks its own secret, and no client rate limit applies to it.
    router.add("GET", QStringLiteral("/metrics"), Access::Webhook, [guard, figures, &router, &services](ApiCall call) {
        if (const std::optional<ApiError> refusal = guard.refusal(call.request())) {
            call.fail(*refusal);
            return;
        }
        figures->get([call, &router, &services](const Outcome<DatabaseFigures> &read) {
            if (!read.ok()) {
                call.replyWithException(read.error);
                return;
            }
            HttpResponse response;
            response.status = 200;
            response.contentType = PrometheusText::ContentType;
            response.body = MetricsExposition::write(router, services, *read.value);
            call.reply(response);
        });
    });
}

} // namespace ogene
