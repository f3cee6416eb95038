#include "smpp/pducodec.h"

#include "smpp/bodylayout.h"
#include "smpp/octetreader.h"
#include "smpp/octetwriter.h"

namespace ogene::smpp {
namespace {

// An empty body of the type that a command carries; nullopt for an id SMPP 3.4 does not define.
std::optional<Pdu::Body> emptyBodyFor(quint32 commandId)
{
    switch (CommandId(commandId)) {
    case CommandId::BindReceiver:
    case CommandId::BindTransmitter:
    case CommandId::BindTransceiver:
        return BindBody{};
    case CommandId::BindReceiverResp:
    case CommandId::BindTransmitterResp:
    case CommandId::BindTransceiverResp:
        return BindRespBody{};
    case CommandId::Outbind:
        return OutbindBody{};
    case CommandId::SubmitSm:
    case CommandId::DeliverSm:
        return ShortMessageBody{};
    case CommandId::SubmitSmResp:
    case CommandId::DeliverSmResp:
    case CommandId::DataSmResp:
        return MessageIdRespBody{};
    case CommandId::QuerySm:
        return QuerySmBody{};
    case CommandId::QuerySmResp:
        return QuerySmRespBody{};
    case CommandId::CancelSm:
        return CancelSmBody{};
    case CommandId::ReplaceSm:
        return ReplaceSmBody{};
    case CommandId::SubmitMulti:
        return SubmitMultiBody{};
    case CommandId::SubmitMultiResp:
        return SubmitMultiRespBody{};
    case CommandId::DataSm:
        return DataSmBody{};
    case CommandId::AlertNotification:
        return AlertNotificationBody{};
    case CommandId::GenericNack:
    case CommandId::Unbind:
    case CommandId::UnbindResp:
    case CommandId::ReplaceSmResp:
    case CommandId::CancelSmResp:
    case CommandId::EnquireLink:
    case CommandId::EnquireLinkResp:
        return std::monostate{};
    }
    return std::nullopt;
}

quint32 bigEndian32(QByteArrayView octets)
{
    quint32 value = 0;
    for (int i = 0; i < 4; ++i)
        value = value << 8 | quint8(octets[i]);
    return value;
}

} // namespace

Frame PduCodec::frame(QByteArrayView buffer)
{
    if (buffer.size() < 4)
        return {Frame::Status::NeedMore, 0};
    const quint32 length = bigEndian32(buffer);
    // Judged as soon as the length field is in, before waiting for octets that may never come.
    if (length < HeaderLength || length > MaxCommandLength)
        return {Frame::Status::BadLength, 0};
    if (buffer.size() < qsizetype(length))
        return {Frame::Status::NeedMore, 0};
    return {Frame::Status::Complete, qsizetype(length)};
}

DecodeResult PduCodec::decode(QByteArrayView octets)
{
    DecodeResult result;
    if (octets.size() < HeaderLength) {
        result.error.status = CommandStatus::ESME_RINVCMDLEN;
        return result;
    }
    OctetReader reader(octets);
    PduHeader header;
    reader.u32(header.commandLength);
    reader.u32(header.commandId);
    reader.u32(header.commandStatus);
    reader.u32(header.sequenceNumber);
    result.error.header = header;

    if (header.commandLength != quint64(octets.size()) || octets.size() > MaxCommandLength) {
        result.error.status = CommandStatus::ESME_RINVCMDLEN;
        return result;
    }
    std::optional<Pdu::Body> body = emptyBodyFor(header.commandId);
    if (!body) {
        result.error.status = CommandStatus::ESME_RINVCMDID;
        return result;
    }
    if (header.isResponse() && reader.atEnd())
        body = std::monostate{};
    std::visit([&reader](auto &fields) { bodyLayout(reader, fields); }, *body);
    if (reader.ok() && !reader.atEnd())
        reader.fail(CommandStatus::ESME_RINVCMDLEN);
    if (!reader.ok()) {
        result.error.status = reader.status();
        return result;
    }
    result.pdu = Pdu{header, std::move(*body)};
    return result;
}

QByteArray PduCodec::encode(const Pdu &pdu, quint32 *status)
{
    const auto refuse = [status](quint32 why) {
        if (status)
            *status = why;
        return QByteArray();
    };
    const std::optional<Pdu::Body> expected = emptyBodyFor(pdu.header.commandId);
    if (!expected)
        return refuse(CommandStatus::ESME_RINVCMDID);
    const bool bodyless = std::holds_alternative<std::monostate>(pdu.body);
    if (expected->index() != pdu.body.index() && !(bodyless && pdu.header.isResponse()))
        return refuse(CommandStatus::ESME_RSYSERR);

    OctetWriter body;
    std::visit([&body](const auto &fields) { bodyLayout(body, fields); }, pdu.body);
    if (!body.ok())
        return refuse(body.status());
    const qsizetype length = HeaderLength + body.bytes().size();
    if (length > MaxCommandLength)
        return refuse(CommandStatus::ESME_RINVCMDLEN);

    OctetWriter header;
    header.u32(quint32(length));
    header.u32(pdu.header.commandId);
    header.u32(pdu.header.commandStatus);
    header.u32(pdu.header.sequenceNumber);
    if (status)
        *status = CommandStatus::ESME_ROK;
    return header.bytes() + body.bytes();
}

} // namespace ogene::smpp
