#pragma once

#include <QString>

namespace ogene {

// One Kannel gateway as GATEWAYS_FILE describes it: the smsbox's sendsms interface, the
// sendsms-user Ogene uses there, and where Kannel reaches Ogene back with delivery reports.
struct KannelGatewaySettings
{
    QString name;
    QString sendsmsUrl;     // http://kannel:13013/cgi-bin/sendsms
    QString username;
    QString password;       // never logged
    QString smscId;         // Kannel's smsc-id to send through; empty: Kannel's own routing
    QString dlrBaseUrl;     // Ogene as Kannel reaches it: http://ogene:8080
    QString webhookSecret;  // carried in every dlr-url; required
    int concurrency = 20;   // sendsms requests at once
    int timeoutMs = 10000;
};

} // namespace ogene
