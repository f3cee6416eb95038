#pragma once

#include "http/httpresponse.h"

#include <QJsonObject>
#include <QString>

#include <stdexcept>

namespace ogene {

// A request refused with the error envelope. Thrown from handlers and store work alike; whoever
// answers the request turns it into the response.
class ApiError : public std::runtime_error
{
public:
    ApiError(int status, const QString &message, const QJsonObject &errors = {});

    static ApiError validation(const QJsonObject &errors);
    static ApiError validation(const QString &field, const QString &message);
    static ApiError notFound(const QString &what);

    int status() const { return m_status; }
    ApiError &withHeader(const QByteArray &name, const QByteArray &value);
    HttpResponse response() const;

private:
    int m_status;
    QString m_message;
    QJsonObject m_errors;
    QList<QPair<QByteArray, QByteArray>> m_headers;
};

} // namespace ogene
