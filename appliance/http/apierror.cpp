#include "http/apierror.h"

namespace ogene {

ApiError::ApiError(int status, const QString &message, const QJsonObject &errors)
    : std::runtime_error(message.toStdString())
    , m_status(status)
    , m_message(message)
    , m_errors(errors)
{
}

ApiError ApiError::validation(const QJsonObject &errors)
{
    QString message = QStringLiteral("The given data was invalid.");
    if (errors.size() == 1)
        message = errors.begin().value().toString();
    return ApiError(422, message, errors);
}

ApiError ApiError::validation(const QString &field, const QString &message)
{
    return validation(QJsonObject{{field, message}});
}

ApiError ApiError::notFound(const QString &what)
{
    return ApiError(404, QStringLiteral("%1 not found.").arg(what));
}

ApiError &ApiError::withHeader(const QByteArray &name, const QByteArray &value)
{
    m_headers.append({name, value});
    return *this;
}

HttpResponse ApiError::response() const
{
    HttpResponse response = HttpResponse::error(m_status, m_message, m_errors);
    for (const auto &[name, value] : m_headers)
        response.setHeader(name, value);
    return response;
}

} // namespace ogene
