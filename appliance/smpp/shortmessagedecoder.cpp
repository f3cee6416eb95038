#include "smpp/shortmessagedecoder.h"

#include "smpp/textcoding.h"

namespace ogene::smpp {
namespace {

using namespace CommandStatus;

// Information element identifiers of the concatenation elements (3GPP TS 23.040 9.2.3.24).
constexpr quint8 Concatenated8BitReference = 0x00;
constexpr quint8 Concatenated16BitReference = 0x08;

bool isPlace(quint8 total, quint8 sequence)
{
    return total > 0 && sequence > 0 && sequence <= total;
}

// Reads the user data header at the start of payload: its length in octets, counting the length
// octet itself, and the first concatenation element in it; other elements (ports, …) are skipped.
quint32 readUdh(QByteArrayView payload, qsizetype &udhLength, std::optional<Concatenation> &concatenation)
{
    if (payload.isEmpty())
        return ESME_RINVESMCLASS;
    const qsizetype elementsLength = quint8(payload[0]);
    if (1 + elementsLength > payload.size())
        return ESME_RINVESMCLASS;
    const QByteArrayView elements = payload.sliced(1, elementsLength);
    for (qsizetype at = 0; at < elements.size();) {
        if (at + 2 > elements.size())
            return ESME_RINVESMCLASS;
        const quint8 identifier = quint8(elements[at]);
        const qsizetype dataLength = quint8(elements[at + 1]);
        if (at + 2 + dataLength > elements.size())
            return ESME_RINVESMCLASS;
        const QByteArrayView data = elements.sliced(at + 2, dataLength);
        at += 2 + dataLength;
        if (identifier != Concatenated8BitReference && identifier != Concatenated16BitReference)
            continue;
        const bool wide = identifier == Concatenated16BitReference;
        if (data.size() != (wide ? 4 : 3))
            return ESME_RINVESMCLASS;
        const quint16 reference = wide ? quint16(quint8(data[0]) << 8 | quint8(data[1])) : quint8(data[0]);
        const quint8 total = quint8(data[data.size() - 2]);
        const quint8 sequence = quint8(data[data.size() - 1]);
        if (!isPlace(total, sequence))
            return ESME_RINVESMCLASS;
        if (!concatenation)
            concatenation = Concatenation{reference, total, sequence};
    }
    udhLength = 1 + elementsLength;
    return ESME_ROK;
}

// The SAR TLVs: all three or none.
quint32 readSar(const QList<Tlv> &tlvs, std::optional<Concatenation> &concatenation)
{
    const Tlv *reference = findTlv(tlvs, TlvTag::SarMsgRefNum);
    const Tlv *total = findTlv(tlvs, TlvTag::SarTotalSegments);
    const Tlv *sequence = findTlv(tlvs, TlvTag::SarSegmentSeqnum);
    if (!reference && !total && !sequence)
        return ESME_ROK;
    if (!reference || !total || !sequence)
        return ESME_RMISSINGOPTPARAM;
    if (reference->value.size() != 2 || total->value.size() != 1 || sequence->value.size() != 1)
        return ESME_RINVPARLEN;
    const Concatenation place{quint16(*reference->toInteger()), quint8(*total->toInteger()),
                              quint8(*sequence->toInteger())};
    if (!isPlace(place.total, place.sequence))
        return ESME_RINVOPTPARAMVAL;
    concatenation = place;
    return ESME_ROK;
}

} // namespace

ShortMessageDecoder::Result ShortMessageDecoder::decode(const ShortMessageBody &body)
{
    return decode(body.esmClass, body.dataCoding, body.shortMessage, body.tlvs);
}

ShortMessageDecoder::Result ShortMessageDecoder::decode(const DataSmBody &body)
{
    return decode(body.esmClass, body.dataCoding, QByteArrayView(), body.tlvs);
}

ShortMessageDecoder::Result ShortMessageDecoder::decode(quint8 esmClass, quint8 dataCoding,
                                                        QByteArrayView shortMessage, const QList<Tlv> &tlvs)
{
    Result result;
    const auto refuse = [&result](quint32 status) {
        result.status = status;
        return result;
    };

    const Tlv *messagePayload = findTlv(tlvs, TlvTag::MessagePayload);
    if (messagePayload && !shortMessage.isEmpty())
        return refuse(ESME_ROPTPARNOTALLWD);
    if (!TextCoding::isSupported(dataCoding))
        return refuse(ESME_RINVDCS);
    QByteArrayView payload = messagePayload ? QByteArrayView(messagePayload->value) : shortMessage;

    std::optional<Concatenation> concatenation;
    if (esmClass & EsmClass::Udhi) {
        qsizetype udhLength = 0;
        if (const quint32 status = readUdh(payload, udhLength, concatenation); status != ESME_ROK)
            return refuse(status);
        payload = payload.sliced(udhLength);
    }
    if (!concatenation) {
        if (const quint32 status = readSar(tlvs, concatenation); status != ESME_ROK)
            return refuse(status);
    }

    std::optional<QString> text = TextCoding::decode(dataCoding, payload);
    if (!text)
        return refuse(ESME_RINVDCS);
    result.content = ShortMessageContent{*text, concatenation};
    return result;
}

} // namespace ogene::smpp
