#include "http/router.h"

namespace ogene {
namespace {

bool isNumericParameter(const QString &name)
{
    return name == QLatin1String("id") || name.endsWith(QLatin1String("_id"));
}

bool allDigits(const QString &text)
{
    if (text.isEmpty() || text.size() > 18)
        return false;
    for (QChar c : text) {
        if (c < QLatin1Char('0') || c > QLatin1Char('9'))
            return false;
    }
    return true;
}

} // namespace

Router::Router(QObject *parent)
    : QObject(parent)
{
}

void Router::add(const QByteArray &method, const QString &pattern, Access access, Handler handler)
{
    std::shared_ptr<const AuditAction> audit;
    if (access == Access::Admin) {
        if (std::optional<AuditAction> action = AuditAction::forRoute(method, pattern))
            audit = std::make_shared<const AuditAction>(std::move(*action));
    }
    m_routes.append({method, pattern, access, pattern.split(QLatin1Char('/'), Qt::SkipEmptyParts), std::move(handler), std::move(audit)});
    m_counters.addRoute();
}

bool Router::matches(const Route &route, const QStringList &segments, QHash<QString, QString> *params)
{
    if (route.segments.size() != segments.size())
        return false;
    for (qsizetype i = 0; i < segments.size(); ++i) {
        const QString &expected = route.segments.at(i);
        if (expected.startsWith(QLatin1Char('{'))) {
            const QString name = expected.mid(1, expected.size() - 2);
            if (isNumericParameter(name) ? !allDigits(segments.at(i)) : segments.at(i).isEmpty())
                return false;
            params->insert(name, segments.at(i));
        } else if (expected != segments.at(i)) {
            return false;
        }
    }
    return true;
}

void Router::handle(HttpRequest request, HttpResponder responder)
{
    const QStringList segments = request.path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    const Route *found = nullptr;
    QHash<QString, QString> params;
    QList<QByteArray> allowed;
    for (const Route &route : m_routes) {
        QHash<QString, QString> candidate;
        if (!matches(route, segments, &candidate))
            continue;
        if (route.method == request.method) {
            found = &route;
            params = std::move(candidate);
            break;
        }
        allowed.append(route.method);
    }

    ApiCall call(std::move(request), std::move(responder), std::move(params), this);
    call.countAnswerIn(found ? m_counters.route(found - m_routes.constData()) : m_counters.unmatched());
    if (!found) {
        if (allowed.isEmpty()) {
            call.fail(ApiError(404, QStringLiteral("The requested route does not exist.")));
        } else {
            call.fail(ApiError(405, QStringLiteral("This route does not accept that method."))
                          .withHeader("Allow", allowed.join(", ")));
        }
        return;
    }
    Handler handler = found->handler;
    // Audited from the handler on: the gate's own store work (resolving the credential) is not the action.
    std::shared_ptr<const AuditAction> audit = found->audit;
    if (!m_gate) {
        call.setAudit(audit);
        invoke(handler, call);
        return;
    }
    m_gate->admit(call, found->access, [handler, audit](ApiCall admitted) {
        admitted.setAudit(audit);
        invoke(handler, admitted);
    });
}

void Router::invoke(const Handler &handler, const ApiCall &call)
{
    try {
        handler(call);
    } catch (...) {
        call.replyWithException(std::current_exception());
    }
}

} // namespace ogene
