#include "health/healthroutes.h"

#include "store/store.h"

namespace ogene {

void installHealthRoutes(Router &router, Services &services)
{
    router.add("GET", QStringLiteral("/api/health"), Access::Public, [&services](ApiCall call) {
        call.reply(HttpResponse::data(200, QJsonObject{{QStringLiteral("status"), QStringLiteral("ok")},
                                                       {QStringLiteral("database"), services.store->engineName()},
                                                       {QStringLiteral("version"), QStringLiteral(OGENE_VERSION)}}));
    });
}

} // namespace ogene
