#pragma once

#include "app/services.h"
#include "carriers/kannelhttpgateway.h"
#include "carriers/smppgateway.h"
#include "auth/apigate.h"
#include "auth/loginthrottle.h"
#include "auth/principalcache.h"
#include "campaigns/campaignworker.h"
#include "core/config.h"
#include "dispatch/dispatcher.h"
#include "dispatch/gatewayregistry.h"
#include "dispatch/simulatorgateway.h"
#include "messaging/sendbatcher.h"
#include "notifications/webhooknotifier.h"
#include "pricing/pricing.h"
#include "routing/routes.h"
#include "http/httpserver.h"
#include "http/router.h"
#include "ratelimit/ratelimiter.h"
#include "smppserver/smppreceipts.h"
#include "smppserver/smppserver.h"
#include "smppserver/smppsessionregistry.h"
#include "store/store.h"
#include "tls/tlssettings.h"

#include <QObject>

#include <memory>
#include <vector>

namespace ogene {

// The running service: store, routes, gate and listeners, wired from the configuration.
class Appliance : public QObject
{
    Q_OBJECT
public:
    // The listeners come from `listeners` (TlsSettings::fromConfig, read before so that a bad
    // certificate stops start-up with exit 2).
    Appliance(Config config, TlsSettings listeners, QObject *parent = nullptr);
    ~Appliance() override;

    bool start(QString *error);

    static HttpLimits httpLimits(const Config &config);

private:
    bool startSmpp(QString *error);
    bool startHttp(QString *error);
    bool startCarriers(QString *error);

    Config m_config;
    TlsSettings m_listeners;
    std::unique_ptr<Store> m_store;
    RateLimiter m_rateLimiter;
    LoginThrottle m_loginThrottle;
    PrincipalCache m_principals;
    Services m_services;
    Router m_router;
    ApiGate m_gate;
    std::unique_ptr<Pricing> m_pricing;
    GatewayRegistry m_gateways;
    std::unique_ptr<SimulatorGateway> m_simulator;
    std::unique_ptr<Routes> m_routes;
    std::unique_ptr<WebhookNotifier> m_webhookNotifier;
    std::vector<std::unique_ptr<SmppGateway>> m_smppGateways;
    std::vector<std::unique_ptr<KannelHttpGateway>> m_kannelGateways;
    std::unique_ptr<Dispatcher> m_dispatcher;
    std::unique_ptr<SendBatcher> m_sendBatcher;
    std::unique_ptr<CampaignWorker> m_campaignWorker;
    SmppServerContext m_smppContext;
    std::unique_ptr<SmppSessionRegistry> m_smppRegistry;
    std::unique_ptr<SmppReceipts> m_smppReceipts;
    std::unique_ptr<SmppServer> m_smppServer; // null while SMPP_LISTEN is off
    std::unique_ptr<SmppServer> m_smppTlsServer; // null while SMPP_TLS_LISTEN is off
    QTimer m_maintenance;
    HttpServer *m_httpServer = nullptr; // null while HTTP_LISTEN is off
    HttpServer *m_httpsServer = nullptr; // null while HTTPS_LISTEN is off
};

} // namespace ogene
