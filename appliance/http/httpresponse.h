#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QPair>

namespace ogene {

// A response as the server writes it. Every body the appliance writes is compact JSON, but for
// the Prometheus exposition of GET /metrics.
struct HttpResponse
{
    int status = 200;
    QByteArray body;
    const char *contentType = "application/json"; // GET /metrics alone answers something else
    QList<QPair<QByteArray, QByteArray>> headers;

    static HttpResponse json(int status, const QJsonObject &object);
    // {"success": true, "data": ...}, optionally with a message.
    static HttpResponse data(int status, const QJsonValue &data, const QString &message = {});
    static HttpResponse message(int status, const QString &message);
    // The error envelope {"success": false, "message": ..., "errors": {...}}.
    static HttpResponse error(int status, const QString &message, const QJsonObject &errors = {});

    void setHeader(const QByteArray &name, const QByteArray &value);
    QByteArray serialize(bool keepAlive) const;
};

const char *reasonPhrase(int status);

} // namespace ogene
