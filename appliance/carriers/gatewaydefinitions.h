#pragma once

#include "carriers/kannelgatewaysettings.h"
#include "carriers/smppgatewaysettings.h"

#include <QList>
#include <QString>

#include <optional>

namespace ogene {

// The carrier gateways of GATEWAYS_FILE, a JSON document:
//   {"gateways": [{"name": "carrier-a", "type": "smpp", "host": "10.0.0.5", "port": 2775,
//                  "system_id": "ogene", "password": "…", …},
//                 {"name": "kannel", "type": "kannel", "sendsms_url": "http://…/cgi-bin/sendsms", …}]}
// Kept out of the database because gateway passwords are secrets of the operator's machine.
struct GatewayDefinitions
{
    QList<SmppGatewaySettings> smpp;
    QList<KannelGatewaySettings> kannel;

    // An empty path is no gateways. nullopt with *error naming the gateway and field at fault.
    static std::optional<GatewayDefinitions> readFile(const QString &path, QString *error);
};

} // namespace ogene
