// Fuzz target for the SMPP PDU codec and what reads a short message's content. Beyond "never
// crash, never read out of bounds" (the sanitizers' part), it checks properties that must hold
// for every input:
// - a frame lies within the buffer and is a legal command_length;
// - whatever decodes re-encodes to the very same octets, which decode to an equal Pdu;
// - whatever fails to decode still has an answer that encodes;
// - a decoded text, cut into parts and read back, is the same text.
#include "smpp/deliveryreceipt.h"
#include "smpp/messagesplitter.h"
#include "smpp/pducodec.h"
#include "smpp/shortmessagedecoder.h"
#include "smpp/textcoding.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

using namespace ogene::smpp;

namespace {

void require(bool holds, const char *property)
{
    if (!holds) {
        std::fprintf(stderr, "fuzz_smpppdu: property broken: %s\n", property);
        std::abort();
    }
}

void checkContent(const ShortMessageDecoder::Result &result, quint8 dataCoding)
{
    if (!result.ok())
        return;
    const QString &text = result.content.text;
    const QList<QByteArray> parts = MessageSplitter::split(text, dataCoding, 0x5A);
    if (parts.isEmpty()) {
        // Every part but the last holds at least 132 octets, whatever the coding.
        require(text.isEmpty() || TextCoding::encode(dataCoding, text).size() > 255 * 132,
                "only an empty text or one over 255 parts fails to split");
        return;
    }
    QString joined;
    for (const QByteArray &part : parts) {
        const ShortMessageDecoder::Result read =
            ShortMessageDecoder::decode(parts.size() > 1 ? EsmClass::Udhi : 0, dataCoding, part, {});
        require(read.ok(), "a part the splitter made decodes");
        joined += read.content.text;
    }
    require(joined == text, "split parts read back as the text");
}

void checkPdu(QByteArrayView octets)
{
    const DecodeResult decoded = PduCodec::decode(octets);
    if (!decoded.ok()) {
        require(decoded.error.status != CommandStatus::ESME_ROK, "a failure has a status");
        const Pdu answer = Pdu::response(decoded.error.header, decoded.error.status);
        require(!PduCodec::encode(answer).isEmpty(), "the answer to a bad PDU encodes");
        return;
    }
    const Pdu &pdu = *decoded.pdu;
    const QByteArray encoded = PduCodec::encode(pdu);
    require(QByteArrayView(encoded) == octets, "a decoded PDU re-encodes to the same octets");
    const DecodeResult again = PduCodec::decode(encoded);
    require(again.ok() && *again.pdu == pdu, "the re-encoding decodes to an equal PDU");

    if (const auto *message = std::get_if<ShortMessageBody>(&pdu.body)) {
        checkContent(ShortMessageDecoder::decode(*message), message->dataCoding);
        if (const std::optional<DeliveryReceipt> receipt = DeliveryReceipt::fromDeliverSm(*message))
            require(!receipt->toText().isEmpty(), "a receipt formats");
    } else if (const auto *data = std::get_if<DataSmBody>(&pdu.body)) {
        checkContent(ShortMessageDecoder::decode(*data), data->dataCoding);
    }
    if (!pdu.header.isResponse())
        require(!PduCodec::encode(Pdu::response(pdu, CommandStatus::ESME_RSYSERR)).isEmpty(),
                "every request can be refused");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView input(reinterpret_cast<const char *>(data), qsizetype(size));

    // The input as a TCP stream: as many PDUs as it frames.
    QByteArrayView rest = input;
    for (;;) {
        const Frame frame = PduCodec::frame(rest);
        if (frame.status != Frame::Status::Complete)
            break;
        require(frame.length >= HeaderLength && frame.length <= MaxCommandLength && frame.length <= rest.size(),
                "a frame is a legal length within the buffer");
        checkPdu(rest.first(frame.length));
        rest = rest.sliced(frame.length);
    }
    // And as one PDU whatever its length field says.
    checkPdu(input);
    return 0;
}
