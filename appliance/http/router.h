#pragma once

#include "http/apicall.h"
#include "http/httprequestcounters.h"

#include <QObject>
#include <QStringList>

#include <functional>

namespace ogene {

// Who may call a route. Webhook routes carry their own secret, checked by their handler, and are
// not limited per address (a carrier sends its reports from a few addresses).
enum class Access { Public, Webhook, Authenticated, Admin };

// Admits a call to a route that needs a principal: authenticates, rate-limits, and either calls
// proceed or answers with an error. Public routes go through it too, for per-address limits.
class AccessGate
{
public:
    virtual ~AccessGate() = default;
    virtual void admit(ApiCall call, Access access, std::function<void(ApiCall)> proceed) = 0;
};

// Matches method and path to a handler. Patterns are literal segments and {name} parameters;
// a parameter named id, or ending in _id, matches digits only. Unknown paths answer 404, known
// paths with another method 405 with Allow.
class Router : public QObject
{
    Q_OBJECT
public:
    using Handler = std::function<void(ApiCall)>;
    struct Route
    {
        QByteArray method;
        QString pattern;
        Access access;
        QStringList segments;
        Handler handler;
        // Set for every admin route that changes something: its calls write an audit entry.
        std::shared_ptr<const AuditAction> audit;
    };

    explicit Router(QObject *parent = nullptr);

    void setGate(AccessGate *gate) { m_gate = gate; }
    void add(const QByteArray &method, const QString &pattern, Access access, Handler handler);
    void handle(HttpRequest request, HttpResponder responder);
    const QList<Route> &routes() const { return m_routes; }
    // Requests answered, by route (in the order of routes()) and status.
    const HttpRequestCounters &requestCounters() const { return m_counters; }

    // Calls handler, answering with whatever it throws.
    static void invoke(const Handler &handler, const ApiCall &call);

private:
    static bool matches(const Route &route, const QStringList &segments, QHash<QString, QString> *params);

    QList<Route> m_routes;
    HttpRequestCounters m_counters;
    AccessGate *m_gate = nullptr;
};

} // namespace ogene
