#pragma once

#include "smpp/smppconstants.h"

#include <QByteArray>
#include <QList>

#include <optional>
#include <variant>

// SMPP 3.4 PDUs as plain values. Text fields stay QByteArray: on the wire they are octets, and
// turning them into QString is a decision (which alphabet?) for the code that reads them, not for
// the codec. Field names follow the specification's.
namespace ogene::smpp {

struct PduHeader
{
    quint32 commandLength = 0; // filled in by PduCodec::encode; whatever it was is ignored there
    quint32 commandId = 0;     // raw, so that an unknown id survives to be answered
    quint32 commandStatus = CommandStatus::ESME_ROK;
    quint32 sequenceNumber = 0;

    CommandId command() const { return CommandId(commandId); }
    bool isResponse() const { return (commandId & ResponseBit) != 0; }
    bool operator==(const PduHeader &) const = default;
};

// One optional parameter. Unknown tags are kept as they came, so they can be logged or passed on.
struct Tlv
{
    quint16 tag = 0;
    QByteArray value;

    // An unsigned integer of `octets` (1, 2, 3 or 4) octets, big-endian as all of SMPP.
    static Tlv integer(quint16 tag, quint32 value, int octets);
    // A C-octet string: the text and its terminating NUL.
    static Tlv cString(quint16 tag, const QByteArray &text);

    // The value as a big-endian unsigned integer; nullopt unless it is 1 to 4 octets long.
    std::optional<quint32> toInteger() const;
    // The value up to its NUL. Carriers often leave the NUL out, so none is required.
    QByteArray toCString() const;

    bool operator==(const Tlv &) const = default;
};

// The first TLV with this tag, or nullptr.
const Tlv *findTlv(const QList<Tlv> &tlvs, quint16 tag);
// Replaces the first TLV with tlv's tag, or appends tlv.
void setTlv(QList<Tlv> &tlvs, const Tlv &tlv);

// An address with its type of number and numbering plan indicator.
struct SmeAddress
{
    quint8 ton = 0;
    quint8 npi = 0;
    QByteArray address;

    bool operator==(const SmeAddress &) const = default;
};

// bind_transmitter, bind_receiver, bind_transceiver.
struct BindBody
{
    QByteArray systemId;
    QByteArray password;
    QByteArray systemType;
    quint8 interfaceVersion = InterfaceVersion34;
    quint8 addrTon = 0;
    quint8 addrNpi = 0;
    QByteArray addressRange;

    bool operator==(const BindBody &) const = default;
};

// bind_transmitter_resp, bind_receiver_resp, bind_transceiver_resp.
struct BindRespBody
{
    QByteArray systemId;
    QList<Tlv> tlvs; // sc_interface_version

    bool operator==(const BindRespBody &) const = default;
};

struct OutbindBody
{
    QByteArray systemId;
    QByteArray password;

    bool operator==(const OutbindBody &) const = default;
};

// submit_sm and deliver_sm, which share one layout.
struct ShortMessageBody
{
    QByteArray serviceType;
    quint8 sourceAddrTon = 0;
    quint8 sourceAddrNpi = 0;
    QByteArray sourceAddr;
    quint8 destAddrTon = 0;
    quint8 destAddrNpi = 0;
    QByteArray destinationAddr;
    quint8 esmClass = 0;
    quint8 protocolId = 0;
    quint8 priorityFlag = 0;
    QByteArray scheduleDeliveryTime;
    QByteArray validityPeriod;
    quint8 registeredDelivery = 0;
    quint8 replaceIfPresentFlag = 0;
    quint8 dataCoding = 0;
    quint8 smDefaultMsgId = 0;
    QByteArray shortMessage; // sm_length is its size
    QList<Tlv> tlvs;

    bool operator==(const ShortMessageBody &) const = default;
};

// submit_sm_resp, deliver_sm_resp (message_id empty) and data_sm_resp. SMPP 3.4 gives only
// data_sm_resp optional parameters; SMPP 5.0 peers send some on the other two, so all three keep them.
struct MessageIdRespBody
{
    QByteArray messageId;
    QList<Tlv> tlvs;

    bool operator==(const MessageIdRespBody &) const = default;
};

struct QuerySmBody
{
    QByteArray messageId;
    quint8 sourceAddrTon = 0;
    quint8 sourceAddrNpi = 0;
    QByteArray sourceAddr;

    bool operator==(const QuerySmBody &) const = default;
};

struct QuerySmRespBody
{
    QByteArray messageId;
    QByteArray finalDate;
    quint8 messageState = 0;
    quint8 errorCode = 0;

    bool operator==(const QuerySmRespBody &) const = default;
};

struct CancelSmBody
{
    QByteArray serviceType;
    QByteArray messageId;
    quint8 sourceAddrTon = 0;
    quint8 sourceAddrNpi = 0;
    QByteArray sourceAddr;
    quint8 destAddrTon = 0;
    quint8 destAddrNpi = 0;
    QByteArray destinationAddr;

    bool operator==(const CancelSmBody &) const = default;
};

struct ReplaceSmBody
{
    QByteArray messageId;
    quint8 sourceAddrTon = 0;
    quint8 sourceAddrNpi = 0;
    QByteArray sourceAddr;
    QByteArray scheduleDeliveryTime;
    QByteArray validityPeriod;
    quint8 registeredDelivery = 0;
    quint8 smDefaultMsgId = 0;
    QByteArray shortMessage;

    bool operator==(const ReplaceSmBody &) const = default;
};

// One dest_address of submit_multi: an SME address, or the name of a distribution list kept on the
// SMSC (then `address` is the dl_name, and ton and npi stay 0: the wire has no place for them).
struct MultiDestination
{
    enum Flag : quint8 { SmeAddressFlag = 1, DistributionListFlag = 2 };

    quint8 destFlag = SmeAddressFlag;
    quint8 ton = 0;
    quint8 npi = 0;
    QByteArray address;

    bool operator==(const MultiDestination &) const = default;
};

struct SubmitMultiBody
{
    QByteArray serviceType;
    quint8 sourceAddrTon = 0;
    quint8 sourceAddrNpi = 0;
    QByteArray sourceAddr;
    QList<MultiDestination> destinations; // 1 to MaxDestinations
    quint8 esmClass = 0;
    quint8 protocolId = 0;
    quint8 priorityFlag = 0;
    QByteArray scheduleDeliveryTime;
    QByteArray validityPeriod;
    quint8 registeredDelivery = 0;
    quint8 replaceIfPresentFlag = 0;
    quint8 dataCoding = 0;
    quint8 smDefaultMsgId = 0;
    QByteArray shortMessage;
    QList<Tlv> tlvs;

    bool operator==(const SubmitMultiBody &) const = default;
};

struct UnsuccessfulDelivery
{
    quint8 destAddrTon = 0;
    quint8 destAddrNpi = 0;
    QByteArray destinationAddr;
    quint32 errorStatusCode = 0;

    bool operator==(const UnsuccessfulDelivery &) const = default;
};

struct SubmitMultiRespBody
{
    QByteArray messageId;
    QList<UnsuccessfulDelivery> unsuccessful;

    bool operator==(const SubmitMultiRespBody &) const = default;
};

struct DataSmBody
{
    QByteArray serviceType;
    quint8 sourceAddrTon = 0;
    quint8 sourceAddrNpi = 0;
    QByteArray sourceAddr;
    quint8 destAddrTon = 0;
    quint8 destAddrNpi = 0;
    QByteArray destinationAddr;
    quint8 esmClass = 0;
    quint8 registeredDelivery = 0;
    quint8 dataCoding = 0;
    QList<Tlv> tlvs; // the text is in message_payload

    bool operator==(const DataSmBody &) const = default;
};

struct AlertNotificationBody
{
    quint8 sourceAddrTon = 0;
    quint8 sourceAddrNpi = 0;
    QByteArray sourceAddr;
    quint8 esmeAddrTon = 0;
    quint8 esmeAddrNpi = 0;
    QByteArray esmeAddr;
    QList<Tlv> tlvs; // ms_availability_status

    bool operator==(const AlertNotificationBody &) const = default;
};

struct Pdu
{
    // monostate: a PDU without a body (enquire_link, unbind, generic_nack, cancel_sm_resp, …), or a
    // response that came without one, as SMPP 3.4 allows when command_status is an error.
    using Body = std::variant<std::monostate, BindBody, BindRespBody, OutbindBody, ShortMessageBody,
                              MessageIdRespBody, QuerySmBody, QuerySmRespBody, CancelSmBody, ReplaceSmBody,
                              SubmitMultiBody, SubmitMultiRespBody, DataSmBody, AlertNotificationBody>;

    PduHeader header;
    Body body;

    static Pdu request(CommandId command, quint32 sequenceNumber, Body body = {});
    // The answer to a request: its _resp with the same sequence number, or generic_nack when it
    // has no _resp (an unknown id, outbind, alert_notification, a response) or when the status is
    // ESME_RINVCMDLEN: a PDU whose length is wrong may not be the command its id says. Takes a
    // bare header so that a PDU that failed to decode can be answered too.
    static Pdu response(const PduHeader &request, quint32 status, Body body = {});
    static Pdu response(const Pdu &request, quint32 status, Body body = {});
    static Pdu genericNack(quint32 sequenceNumber, quint32 status);

    CommandId command() const { return header.command(); }
    bool operator==(const Pdu &) const = default;
};

// The _resp of a request id, or nullopt for ids that get no response.
std::optional<quint32> responseIdFor(quint32 requestId);

} // namespace ogene::smpp
