#pragma once

#include "carriers/smppgatewaysettings.h"
#include "smpp/pdu.h"

namespace ogene {

// The source_addr of a submit_sm and its TON/NPI, from the sender ID's shape: letters anywhere make
// it alphanumeric (5/0 unless the gateway says otherwise), a long number is international (1/1, sent
// without its "+"), a number of up to 8 digits is a short code (3/0). Carriers refuse or rewrite a
// sender whose TON/NPI does not match its shape, so this is not left to a single default.
class SourceAddress
{
public:
    static smpp::SmeAddress of(const QString &sender, const SmppGatewaySettings &settings);
};

} // namespace ogene
