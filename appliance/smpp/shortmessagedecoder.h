#pragma once

#include "smpp/pdu.h"

#include <QString>

namespace ogene::smpp {

// Where a part sits in a concatenated message.
struct Concatenation
{
    quint16 reference = 0; // the same in every part of one message (8- or 16-bit on the wire)
    quint8 total = 0;
    quint8 sequence = 0; // 1-based

    bool operator==(const Concatenation &) const = default;
};

// The text a short message carries, and its place in a longer message if it is a part of one.
struct ShortMessageContent
{
    QString text;
    std::optional<Concatenation> concatenation;

    bool operator==(const ShortMessageContent &) const = default;
};

// Reads the text out of a submit_sm, deliver_sm or data_sm: the payload is short_message, or the
// message_payload TLV when sm_length is 0; with esm_class UDHI it starts with a user data header
// whose concatenation element (8- or 16-bit reference) places the part; without one, the SAR TLVs
// do. The UDH is octets in every coding; only what follows it is text.
//
// Statuses when the content is unusable, each the one SMPP 3.4 has for the field at fault:
// - ESME_RINVDCS: the data_coding is not 0, 1, 3 or 8, or the octets are not text in it
//   (see CommandStatus::ESME_RINVDCS for why that status);
// - ESME_ROPTPARNOTALLWD: message_payload together with a non-empty short_message, which SMPP 3.4
//   forbids (only one of them may carry the message);
// - ESME_RINVESMCLASS: UDHI set but no well-formed UDH, or its concatenation element has total 0,
//   sequence 0 or sequence beyond total;
// - ESME_RMISSINGOPTPARAM: only some of the three SAR TLVs;
// - ESME_RINVOPTPARAMVAL: SAR TLVs with total 0, sequence 0 or sequence beyond total;
// - ESME_RINVPARLEN: a SAR TLV of the wrong size (only in a body not made by PduCodec, which
//   already refuses those).
class ShortMessageDecoder
{
public:
    struct Result
    {
        quint32 status = CommandStatus::ESME_ROK;
        ShortMessageContent content; // meaningful only when ok()

        bool ok() const { return status == CommandStatus::ESME_ROK; }
    };

    static Result decode(const ShortMessageBody &body);
    static Result decode(const DataSmBody &body);
    static Result decode(quint8 esmClass, quint8 dataCoding, QByteArrayView shortMessage, const QList<Tlv> &tlvs);
};

} // namespace ogene::smpp
