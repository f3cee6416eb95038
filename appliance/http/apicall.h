#pragma once

#include "audit/auditaction.h"
#include "core/principal.h"
#include "http/apierror.h"
#include "http/httpconnection.h"
#include "http/httprequestcounters.h"
#include "store/outcome.h"
#include "store/store.h"

#include <QHash>
#include <QJsonObject>

#include <memory>
#include <optional>

namespace ogene {

// One API request on its way through gate and handler: the request, its path parameters, who it
// speaks for, and the way to answer it. Copies share one state, so a handler can hand it to
// asynchronous work and answer later.
class ApiCall
{
public:
    ApiCall(HttpRequest request, HttpResponder responder, QHash<QString, QString> params, QObject *context);

    const HttpRequest &request() const { return m_state->request; }
    QString param(const QString &name) const { return m_state->params.value(name); }
    // A numeric path parameter ({id}); the router only matches digits there.
    qint64 idParam(const QString &name = QStringLiteral("id")) const;
    QString queryValue(const QString &name) const;
    // The body as a JSON object, or ApiError 400 with errors.body.
    QJsonObject jsonBody() const { return parseJsonObject(m_state->request.body); }
    // The same for a body read elsewhere (off the socket thread, for one).
    static QJsonObject parseJsonObject(const QByteArray &body);

    const Principal &principal() const { return *m_state->principal; }
    bool hasPrincipal() const { return m_state->principal.has_value(); }
    void setPrincipal(const Principal &principal) { m_state->principal = principal; }

    // The row of counters (its route's) that the status of this call's first answer is counted in.
    void countAnswerIn(HttpRequestCounters::StatusCounts *counts) { m_state->counts = counts; }

    // Headers added to whatever answer this call gets (rate-limit figures, for one).
    void addResponseHeader(const QByteArray &name, const QByteArray &value);

    void reply(HttpResponse response) const;
    void fail(const ApiError &error) const { reply(error.response()); }
    // Answers with what a handler or its store work threw: ApiError as it says, anything else 500.
    void replyWithException(std::exception_ptr error) const;

    // Marks the call as an admin action: each piece of store work it runs writes the action's audit
    // entry in its own transaction, when the work succeeds (the router sets it from the route).
    void setAudit(std::shared_ptr<const AuditAction> action) { m_state->audit = std::move(action); }

    // Runs work in the store and answers with the response it makes (or the error it throws).
    void answerFromStore(Store &store, std::function<HttpResponse(SqlSession &)> work) const;
    // Runs work in the store and continues on the socket thread with its value; errors answer.
    template<typename T>
    void thenFromStore(Store &store, std::function<T(SqlSession &)> work, std::function<void(const T &)> next) const
    {
        ApiCall call = *this;
        if (m_state->audit) {
            work = [call, work = std::move(work)](SqlSession &session) {
                T value = work(session);
                call.recordAudit(session, nullptr);
                return value;
            };
        }
        store.run<T>(m_state->context, std::move(work), [call, next = std::move(next)](Outcome<T> outcome) {
            if (!outcome.ok()) {
                call.replyWithException(outcome.error);
                return;
            }
            try {
                next(*outcome.value);
            } catch (...) {
                call.replyWithException(std::current_exception());
            }
        });
    }

    QObject *context() const { return m_state->context; }

private:
    // On a store thread, inside the work's transaction; response is null for work that answers a value.
    void recordAudit(SqlSession &session, const HttpResponse *response) const;

    struct State
    {
        HttpRequest request;
        HttpResponder responder;
        QHash<QString, QString> params;
        QObject *context;
        std::optional<Principal> principal;
        QList<QPair<QByteArray, QByteArray>> headers;
        std::shared_ptr<const AuditAction> audit;
        HttpRequestCounters::StatusCounts *counts = nullptr;
    };
    std::shared_ptr<State> m_state;
};

} // namespace ogene
