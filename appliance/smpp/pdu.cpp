#include "smpp/pdu.h"

namespace ogene::smpp {

Tlv Tlv::integer(quint16 tag, quint32 value, int octets)
{
    Tlv tlv{tag, QByteArray()};
    for (int shift = (qBound(1, octets, 4) - 1) * 8; shift >= 0; shift -= 8)
        tlv.value.append(char((value >> shift) & 0xFF));
    return tlv;
}

Tlv Tlv::cString(quint16 tag, const QByteArray &text)
{
    return Tlv{tag, text + '\0'};
}

std::optional<quint32> Tlv::toInteger() const
{
    if (value.isEmpty() || value.size() > 4)
        return std::nullopt;
    quint32 result = 0;
    for (char octet : value)
        result = (result << 8) | quint8(octet);
    return result;
}

QByteArray Tlv::toCString() const
{
    const qsizetype end = value.indexOf('\0');
    return end < 0 ? value : value.left(end);
}

const Tlv *findTlv(const QList<Tlv> &tlvs, quint16 tag)
{
    for (const Tlv &tlv : tlvs) {
        if (tlv.tag == tag)
            return &tlv;
    }
    return nullptr;
}

void setTlv(QList<Tlv> &tlvs, const Tlv &tlv)
{
    for (Tlv &existing : tlvs) {
        if (existing.tag == tlv.tag) {
            existing.value = tlv.value;
            return;
        }
    }
    tlvs.append(tlv);
}

std::optional<quint32> responseIdFor(quint32 requestId)
{
    switch (CommandId(requestId)) {
    case CommandId::BindReceiver:
    case CommandId::BindTransmitter:
    case CommandId::QuerySm:
    case CommandId::SubmitSm:
    case CommandId::DeliverSm:
    case CommandId::Unbind:
    case CommandId::ReplaceSm:
    case CommandId::CancelSm:
    case CommandId::BindTransceiver:
    case CommandId::EnquireLink:
    case CommandId::SubmitMulti:
    case CommandId::DataSm:
        return requestId | ResponseBit;
    default:
        return std::nullopt;
    }
}

Pdu Pdu::request(CommandId command, quint32 sequenceNumber, Body body)
{
    Pdu pdu;
    pdu.header.commandId = quint32(command);
    pdu.header.sequenceNumber = sequenceNumber;
    pdu.body = std::move(body);
    return pdu;
}

Pdu Pdu::response(const PduHeader &request, quint32 status, Body body)
{
    const std::optional<quint32> responseId = responseIdFor(request.commandId);
    if (!responseId || status == CommandStatus::ESME_RINVCMDLEN)
        return genericNack(request.sequenceNumber, status);
    Pdu pdu;
    pdu.header.commandId = *responseId;
    pdu.header.commandStatus = status;
    pdu.header.sequenceNumber = request.sequenceNumber;
    pdu.body = std::move(body);
    return pdu;
}

Pdu Pdu::response(const Pdu &request, quint32 status, Body body)
{
    return response(request.header, status, std::move(body));
}

Pdu Pdu::genericNack(quint32 sequenceNumber, quint32 status)
{
    Pdu pdu;
    pdu.header.commandId = quint32(CommandId::GenericNack);
    pdu.header.commandStatus = status;
    pdu.header.sequenceNumber = sequenceNumber;
    return pdu;
}

} // namespace ogene::smpp
