#include "app/appliance.h"

#include "accounts/firstadmin.h"
#include "app/apiroutes.h"
#include "carriers/gatewaydefinitions.h"
#include "core/endpoint.h"
#include "messaging/idempotencykeys.h"
#include "payments/paystackclient.h"

#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcAppliance, "ogene.appliance")

namespace ogene {
namespace {

QString listeningOn(const Endpoint &endpoint, quint16 port)
{
    return endpoint.address.toString() + QLatin1Char(':') + QString::number(port);
}

} // namespace

Appliance::Appliance(Config config, TlsSettings listeners, QObject *parent)
    : QObject(parent)
    , m_config(std::move(config))
    , m_listeners(std::move(listeners))
    , m_loginThrottle(int(m_config.integer(QStringLiteral("LOGIN_MAX_FAILURES"))),
                      m_config.integer(QStringLiteral("LOGIN_FAILURE_WINDOW")) * 1000)
    , m_gate(m_services)
{
    m_services.config = &m_config;
    m_services.rateLimiter = &m_rateLimiter;
    m_services.loginThrottle = &m_loginThrottle;
    m_services.principals = &m_principals;
    m_gate.setLimits(m_config.integer(QStringLiteral("RATE_LIMIT_PER_MINUTE")),
                     m_config.integer(QStringLiteral("ANONYMOUS_RATE_LIMIT_PER_MINUTE")));
    m_router.setGate(&m_gate);
}

Appliance::~Appliance()
{
    delete m_httpServer; // connections first: nothing may answer into a store that is gone
    m_httpServer = nullptr;
    delete m_httpsServer;
    m_httpsServer = nullptr;
    m_smppServer.reset(); // its sessions leave the registry as they go
    m_smppTlsServer.reset();
    m_smppReceipts.reset();
    m_smppRegistry.reset();
    m_campaignWorker.reset();
    m_sendBatcher.reset();
    m_webhookNotifier.reset();
    m_dispatcher.reset();
    m_smppGateways.clear();
    m_kannelGateways.clear();
    m_simulator.reset();
}

HttpLimits Appliance::httpLimits(const Config &config)
{
    HttpLimits limits;
    limits.maxBodyBytes = config.integer(QStringLiteral("HTTP_MAX_BODY_BYTES"));
    limits.maxHeaderBytes = int(config.integer(QStringLiteral("HTTP_MAX_HEADER_BYTES")));
    limits.maxHeaders = int(config.integer(QStringLiteral("HTTP_MAX_HEADERS")));
    limits.idleTimeoutMs = int(config.integer(QStringLiteral("HTTP_IDLE_TIMEOUT")) * 1000);
    limits.requestTimeoutMs = int(config.integer(QStringLiteral("HTTP_REQUEST_TIMEOUT")) * 1000);
    limits.maxConnections = int(config.integer(QStringLiteral("HTTP_MAX_CONNECTIONS")));
    // A campaign of a million recipients is a body of about 15 MB: only its route takes more.
    limits.largerBodies.append({QByteArrayLiteral("POST"), QStringLiteral("/api/client/bulk-sms"),
                                config.integer(QStringLiteral("CAMPAIGN_MAX_BODY_BYTES"))});
    return limits;
}

bool Appliance::start(QString *error)
{
    const DatabaseUrl url = DatabaseUrl::parse(m_config.databaseUrl(), error);
    m_store = Store::open(url, int(m_config.integer(QStringLiteral("STORE_THREADS"))), error);
    if (!m_store)
        return false;
    m_services.store = m_store.get();
    if (const QString node = m_config.text(QStringLiteral("NODE_NAME")); !node.isEmpty())
        qCInfo(lcAppliance).noquote() << "node:" << node;
    qCInfo(lcAppliance).noquote() << "store:" << url.engineName()
                                  << (url.engine == Engine::Sqlite ? url.sqlitePath
                                                                   : QStringLiteral("%1:%2/%3").arg(url.host).arg(url.port).arg(url.databaseName));

    FirstAdmin::ensure(*m_store, m_config);

    m_pricing = std::make_unique<Pricing>(*m_store, m_config);
    m_pricing->loadNow();
    m_services.pricing = m_pricing.get();

    m_simulator = std::make_unique<SimulatorGateway>(*m_store, m_config.integer(QStringLiteral("SIMULATOR_DELIVERY_DELAY_MS")),
                                                     int(m_config.integer(QStringLiteral("SIMULATOR_FAILURE_PERCENT"))),
                                                     m_config.text(QStringLiteral("SIMULATOR_WEBHOOK_SECRET")));
    m_simulator->setNodeName(m_config.text(QStringLiteral("NODE_NAME")));
    m_gateways.add(m_simulator.get());
    m_gateways.setDefault(m_simulator->name());
    m_gateways.setSandbox(m_simulator->name());
    m_services.gateways = &m_gateways;
    if (!startCarriers(error))
        return false;
    m_dispatcher = std::make_unique<Dispatcher>(*m_store, m_gateways);
    m_dispatcher->setRetryAge(m_config.integer(QStringLiteral("MESSAGE_RETRY_AGE_SECONDS")) * 1000);
    m_dispatcher->setClaimLease(m_config.integer(QStringLiteral("QUEUE_CLAIM_SECONDS")) * 1000);
    m_services.dispatcher = m_dispatcher.get();
    // Batches of sends being written at once: on SQLite one (it has one writer, and a batch gives its
    // slot back when it commits, before its flush); on PostgreSQL two, so that one is written while
    // the other commits. More would not go faster: each batch locks the sending wallets' rows, so
    // further batches would only queue on those locks, holding store threads the dispatcher needs.
    m_sendBatcher = std::make_unique<SendBatcher>(*m_store, m_store->engine() == Engine::Sqlite ? 1 : 2);
    m_services.sendBatcher = m_sendBatcher.get();
    m_campaignWorker = std::make_unique<CampaignWorker>(
        *m_store, *m_dispatcher, m_store->engine() == Engine::Sqlite ? 4 : int(m_config.integer(QStringLiteral("STORE_THREADS"))));
    m_services.campaigns = m_campaignWorker.get();
    m_services.paystack = PaystackClient::configured(m_config, this);

    // Hourly: forget idempotency keys past their 24 hours.
    m_maintenance.setInterval(3600 * 1000);
    connect(&m_maintenance, &QTimer::timeout, this, [this] {
        m_store->run<int>(this, IdempotencyKeys::purgeExpired, [](Outcome<int>) {});
    });
    m_maintenance.start();

    if (!startSmpp(error))
        return false;

    installApiRoutes(m_router, m_services);

    if (!startHttp(error))
        return false;
    m_simulator->start();
    m_dispatcher->start();
    m_campaignWorker->start();
    m_webhookNotifier = std::make_unique<WebhookNotifier>(*m_store, m_config);
    m_webhookNotifier->start();
    return true;
}

bool Appliance::startHttp(QString *error)
{
    const auto serve = [this](HttpRequest request, HttpResponder responder) {
        m_router.handle(std::move(request), std::move(responder));
    };
    // HTTPS is announced first: tools that wait for the plain line find every port logged by then.
    if (m_listeners.httpsListen) {
        m_httpsServer = new HttpServer(httpLimits(m_config), serve);
        m_httpsServer->setTls(m_listeners.configuration, m_listeners.handshakeTimeoutMs);
        if (!m_httpsServer->start(*m_listeners.httpsListen, error)) {
            error->prepend(QStringLiteral("HTTPS: "));
            return false;
        }
        qCInfo(lcAppliance).noquote() << "HTTPS API listening on" << listeningOn(*m_listeners.httpsListen, m_httpsServer->serverPort());
    }
    if (m_listeners.httpListen) {
        m_httpServer = new HttpServer(httpLimits(m_config), serve);
        if (!m_httpServer->start(*m_listeners.httpListen, error))
            return false;
        qCInfo(lcAppliance).noquote() << "REST API listening on" << listeningOn(*m_listeners.httpListen, m_httpServer->serverPort());
    }
    return true;
}

bool Appliance::startCarriers(QString *error)
{
    const std::optional<GatewayDefinitions> definitions =
        GatewayDefinitions::readFile(m_config.text(QStringLiteral("GATEWAYS_FILE")), error);
    if (!definitions)
        return false;
    for (const SmppGatewaySettings &settings : definitions->smpp) {
        m_smppGateways.push_back(std::make_unique<SmppGateway>(*m_store, settings));
        m_gateways.add(m_smppGateways.back().get());
        m_smppGateways.back()->start();
    }
    for (const KannelGatewaySettings &settings : definitions->kannel) {
        m_kannelGateways.push_back(std::make_unique<KannelHttpGateway>(settings));
        m_gateways.add(m_kannelGateways.back().get());
    }
    m_routes = std::make_unique<Routes>(*m_store);
    m_routes->loadNow();
    m_gateways.setRoutes(m_routes.get());
    m_services.routes = m_routes.get();
    return true;
}

bool Appliance::startSmpp(QString *error)
{
    m_smppContext.settings = SmppSettings::fromConfig(m_config);
    m_smppContext.bindFailures = LoginThrottle(m_smppContext.settings.bindMaxFailures,
                                               qint64(m_smppContext.settings.bindFailureWindowSeconds) * 1000);
    m_smppRegistry = std::make_unique<SmppSessionRegistry>(*m_store);
    m_smppReceipts = std::make_unique<SmppReceipts>(*m_store, *m_smppRegistry, m_smppContext.settings);
    m_smppContext.store = m_store.get();
    m_smppContext.pricing = m_pricing.get();
    m_smppContext.sendBatcher = m_sendBatcher.get();
    m_smppContext.dispatcher = m_dispatcher.get();
    m_smppContext.registry = m_smppRegistry.get();
    m_smppContext.receipts = m_smppReceipts.get();
    if (m_listeners.smppTlsListen) {
        m_smppTlsServer = std::make_unique<SmppServer>(m_smppContext);
        m_smppTlsServer->setTls(m_listeners.configuration, m_listeners.handshakeTimeoutMs);
        if (!m_smppTlsServer->listen(m_listeners.smppTlsListen->address, m_listeners.smppTlsListen->port, error))
            return false;
        qCInfo(lcAppliance).noquote() << "SMPP over TLS listening on" << listeningOn(*m_listeners.smppTlsListen, m_smppTlsServer->port());
    }
    if (m_listeners.smppListen) {
        m_smppServer = std::make_unique<SmppServer>(m_smppContext);
        if (!m_smppServer->listen(m_listeners.smppListen->address, m_listeners.smppListen->port, error))
            return false;
        qCInfo(lcAppliance).noquote() << "SMPP server listening on" << listeningOn(*m_listeners.smppListen, m_smppServer->port());
    }
    m_services.smpp = &m_smppContext;
    // connection_info names the plain port while there is one, else the TLS port.
    m_services.smppPort = m_smppServer ? m_smppServer->port() : m_smppTlsServer ? m_smppTlsServer->port() : 0;
    m_smppReceipts->start();
    return true;
}

} // namespace ogene
