#pragma once

#include "core/endpoint.h"

#include <QSslConfiguration>

#include <optional>

namespace ogene {

class Config;

// Where the appliance listens and, for its TLS listeners (HTTPS, SMPP over TLS), the certificate,
// chain and key they present. Read once at start-up, so that a missing, unreadable or mismatched
// certificate stops the appliance with one line before it listens anywhere.
struct TlsSettings
{
    std::optional<Endpoint> httpListen; // nullopt: "off"
    std::optional<Endpoint> httpsListen;
    std::optional<Endpoint> smppListen;
    std::optional<Endpoint> smppTlsListen;
    QSslConfiguration configuration; // server side, TLS 1.2 or later; set only when a TLS listener is on
    int handshakeTimeoutMs = 0;

    bool tlsNeeded() const { return httpsListen || smppTlsListen; }

    // nullopt with *error set to one line naming the key at fault.
    static std::optional<TlsSettings> fromConfig(const Config &config, QString *error);
};

} // namespace ogene
