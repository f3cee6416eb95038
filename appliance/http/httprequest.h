#pragma once

#include <QByteArray>
#include <QHostAddress>
#include <QList>
#include <QPair>
#include <QString>
#include <QUrlQuery>

namespace ogene {

// One parsed HTTP/1.x request. Header names are kept in lower case.
struct HttpRequest
{
    QByteArray method;
    QString path;
    QUrlQuery query;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;
    QHostAddress peer;

    QByteArray header(QByteArrayView lowerCaseName) const;
    // The credential of "Authorization: Bearer <token>" (any case of "Bearer"), at most 256
    // characters; empty when there is none or it is longer.
    QByteArray bearerToken() const;
};

} // namespace ogene
