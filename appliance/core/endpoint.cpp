#include "core/endpoint.h"

namespace ogene {

Endpoint Endpoint::parse(const QString &text, QString *error)
{
    const qsizetype colon = text.lastIndexOf(QLatin1Char(':'));
    if (colon <= 0) {
        *error = QStringLiteral("expected host:port, got '%1'").arg(text);
        return {};
    }
    QString host = text.left(colon);
    if (host.startsWith(QLatin1Char('[')) && host.endsWith(QLatin1Char(']')))
        host = host.mid(1, host.size() - 2);
    bool ok = false;
    const uint port = text.mid(colon + 1).toUInt(&ok);
    if (!ok || port > 65535) {
        *error = QStringLiteral("expected a port from 0 to 65535 in '%1'").arg(text);
        return {};
    }
    Endpoint endpoint;
    endpoint.port = quint16(port);
    if (host == QLatin1String("localhost"))
        endpoint.address = QHostAddress(QHostAddress::LocalHost);
    else if (host == QLatin1String("*"))
        endpoint.address = QHostAddress(QHostAddress::Any);
    else if (!endpoint.address.setAddress(host)) {
        *error = QStringLiteral("expected an IP address (or localhost) before the port, got '%1'").arg(host);
        return {};
    }
    error->clear();
    return endpoint;
}

} // namespace ogene
