#include "http/httpresponse.h"

#include <QJsonDocument>

namespace ogene {

HttpResponse HttpResponse::json(int status, const QJsonObject &object)
{
    HttpResponse response;
    response.status = status;
    response.body = QJsonDocument(object).toJson(QJsonDocument::Compact);
    return response;
}

HttpResponse HttpResponse::data(int status, const QJsonValue &data, const QString &message)
{
    QJsonObject object{{QStringLiteral("success"), true}};
    if (!message.isEmpty())
        object.insert(QStringLiteral("message"), message);
    object.insert(QStringLiteral("data"), data);
    return json(status, object);
}

HttpResponse HttpResponse::message(int status, const QString &message)
{
    return json(status, {{QStringLiteral("success"), true}, {QStringLiteral("message"), message}});
}

HttpResponse HttpResponse::error(int status, const QString &message, const QJsonObject &errors)
{
    return json(status, {{QStringLiteral("success"), false},
                         {QStringLiteral("message"), message},
                         {QStringLiteral("errors"), errors}});
}

void HttpResponse::setHeader(const QByteArray &name, const QByteArray &value)
{
    for (auto &header : headers) {
        if (header.first.compare(name, Qt::CaseInsensitive) == 0) {
            header.second = value;
            return;
        }
    }
    headers.append({name, value});
}

QByteArray HttpResponse::serialize(bool keepAlive) const
{
    QByteArray out;
    out.reserve(160 + body.size());
    out += "HTTP/1.1 ";
    out += QByteArray::number(status);
    out += ' ';
    out += reasonPhrase(status);
    out += "\r\nContent-Type: ";
    out += contentType;
    out += "\r\nContent-Length: ";
    out += QByteArray::number(body.size());
    out += keepAlive ? "\r\nConnection: keep-alive\r\n" : "\r\nConnection: close\r\n";
    for (const auto &[name, value] : headers) {
        out += name;
        out += ": ";
        out += value;
        out += "\r\n";
    }
    out += "\r\n";
    out += body;
    return out;
}

const char *reasonPhrase(int status)
{
    switch (status) {
    case 100: return "Continue";
    case 200: return "OK";
    case 201: return "Created";
    case 204: return "No Content";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 408: return "Request Timeout";
    case 409: return "Conflict";
    case 411: return "Length Required";
    case 413: return "Content Too Large";
    case 415: return "Unsupported Media Type";
    case 422: return "Unprocessable Content";
    case 429: return "Too Many Requests";
    case 431: return "Request Header Fields Too Large";
    case 500: return "Internal Server Error";
    case 501: return "Not Implemented";
    case 502: return "Bad Gateway";
    case 503: return "Service Unavailable";
    case 505: return "HTTP Version Not Supported";
    default: return "Status";
    }
}

} // namespace ogene
