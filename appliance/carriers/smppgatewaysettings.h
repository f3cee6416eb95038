#pragma once

#include <QString>
#include <QtGlobal>

namespace ogene {

// One SMPP upstream gateway as GATEWAYS_FILE describes it: where the carrier's SMSC is, how Ogene
// binds to it as an ESME, and how hard it may push.
struct SmppGatewaySettings
{
    enum class Bind { Transceiver, Pair }; // Pair: a transmitter for submits and a receiver for receipts

    QString name;
    QString host;
    quint16 port = 0;
    QString systemId;
    QString password; // never logged
    QString systemType;
    Bind bind = Bind::Transceiver;
    int window = 10;              // submit_sm awaiting their answer at most
    int submitPerSecond = 100;    // the carrier's throughput cap
    int enquireLinkSeconds = 30;  // silence before Ogene asks whether the link is alive
    int responseTimeoutSeconds = 10;
    int reconnectMinMs = 1000;    // the first wait after a lost link; it doubles up to reconnectMaxMs
    int reconnectMaxMs = 60000;
    // Source address type of number and numbering plan, by the shape of the sender ID.
    quint8 alphanumericTon = 5, alphanumericNpi = 0;
    quint8 internationalTon = 1, internationalNpi = 1;
    quint8 shortCodeTon = 3, shortCodeNpi = 0;
    quint8 destinationTon = 1, destinationNpi = 1;
    QString webhookSecret;
};

} // namespace ogene
