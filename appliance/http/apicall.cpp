#include "http/apicall.h"

#include "audit/audittrail.h"
#include "store/sqlerror.h"

#include <QJsonDocument>
#include <QLoggingCategory>

#include <utility>

Q_DECLARE_LOGGING_CATEGORY(lcHttp)

namespace ogene {

ApiCall::ApiCall(HttpRequest request, HttpResponder responder, QHash<QString, QString> params, QObject *context)
    : m_state(std::make_shared<State>(
          State{std::move(request), std::move(responder), std::move(params), context, std::nullopt, {}, {}, nullptr}))
{
}

qint64 ApiCall::idParam(const QString &name) const
{
    bool ok = false;
    const qint64 id = param(name).toLongLong(&ok);
    if (!ok || id <= 0)
        throw ApiError(404, QStringLiteral("Not found."));
    return id;
}

QString ApiCall::queryValue(const QString &name) const
{
    return m_state->request.query.queryItemValue(name, QUrl::FullyDecoded);
}

QJsonObject ApiCall::parseJsonObject(const QByteArray &body)
{
    if (body.trimmed().isEmpty())
        return {};
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject())
        throw ApiError(400, QStringLiteral("The request body must be a JSON object."),
                       {{QStringLiteral("body"), parseError.error != QJsonParseError::NoError
                                                      ? QStringLiteral("Invalid JSON: %1 at offset %2.")
                                                            .arg(parseError.errorString())
                                                            .arg(parseError.offset)
                                                      : QStringLiteral("Expected a JSON object.")}});
    return document.object();
}

void ApiCall::addResponseHeader(const QByteArray &name, const QByteArray &value)
{
    m_state->headers.append({name, value});
}

void ApiCall::reply(HttpResponse response) const
{
    for (const auto &[name, value] : m_state->headers)
        response.setHeader(name, value);
    // Only the first answer reaches the client, so only it is counted.
    HttpRequestCounters::count(std::exchange(m_state->counts, nullptr), response.status);
    m_state->responder.send(response);
}

void ApiCall::replyWithException(std::exception_ptr error) const
{
    try {
        std::rethrow_exception(error);
    } catch (const ApiError &apiError) {
        fail(apiError);
    } catch (const std::exception &failure) {
        qCWarning(lcHttp).noquote() << m_state->request.method << m_state->request.path
                                    << "failed:" << failure.what();
        fail(ApiError(500, QStringLiteral("Internal server error.")));
    } catch (...) {
        qCWarning(lcHttp).noquote() << m_state->request.method << m_state->request.path << "failed";
        fail(ApiError(500, QStringLiteral("Internal server error.")));
    }
}

void ApiCall::answerFromStore(Store &store, std::function<HttpResponse(SqlSession &)> work) const
{
    ApiCall call = *this;
    if (m_state->audit) {
        // An answer of 4xx or 5xx changed nothing worth recording; a thrown error rolls back anyway.
        work = [call, work = std::move(work)](SqlSession &session) {
            HttpResponse response = work(session);
            if (response.status < 400)
                call.recordAudit(session, &response);
            return response;
        };
    }
    store.run<HttpResponse>(m_state->context, std::move(work), [call](Outcome<HttpResponse> outcome) {
        if (outcome.ok())
            call.reply(std::move(*outcome.value));
        else
            call.replyWithException(outcome.error);
    });
}

void ApiCall::recordAudit(SqlSession &session, const HttpResponse *response) const
{
    AuditTrail::record(session, *m_state->audit, m_state->principal ? m_state->principal->userId : 0, m_state->request,
                       m_state->params, response);
}

} // namespace ogene
