#pragma once

#include "smpp/pdu.h"

#include <QByteArrayView>

namespace ogene::smpp {

// Why some octets are not a PDU Ogene accepts, and the header they carried, so that the answer
// (Pdu::response(error.header, error.status)) has the right sequence number.
struct DecodeError
{
    quint32 status = CommandStatus::ESME_ROK;
    PduHeader header;
};

struct DecodeResult
{
    std::optional<Pdu> pdu;
    DecodeError error; // meaningful only when pdu is empty

    bool ok() const { return pdu.has_value(); }
};

// Where the next PDU in a stream ends.
struct Frame
{
    enum class Status {
        NeedMore, // not all of it has arrived
        Complete, // the first `length` octets are one PDU
        BadLength // command_length is below 16 or above MaxCommandLength: the stream cannot be
                  // resynchronised; answer generic_nack ESME_RINVCMDLEN and close
    };
    Status status = Status::NeedMore;
    qsizetype length = 0;
};

// SMPP 3.4 PDUs to and from octets. Pure: no sockets, no state, no exceptions; it reads only
// inside the view it is given and allocates no more than the input's size, whatever the input.
class PduCodec
{
public:
    static Frame frame(QByteArrayView buffer);

    // One whole PDU, exactly command_length octets. Strict about structure: every mandatory field
    // present and within its SMPP 3.4 maximum, nothing after a body that has no optional part,
    // TLVs whole. Unknown TLV tags are kept. A response with an empty body decodes with a
    // monostate body: SMPP 3.4 leaves the body out on errors, and some ESMEs leave out
    // deliver_sm_resp's empty message_id even on success.
    static DecodeResult decode(QByteArrayView pdu);

    // The octets of a PDU, command_length filled in. Empty when the PDU cannot be sent as it is,
    // and then *status, if given, says why: ESME_RINVCMDID for an unknown command id, ESME_RSYSERR
    // for a body that is not the command's, otherwise the status a decoder gives for the same
    // fault (a field over its maximum, a short_message over 254 octets, …). Whatever encodes
    // decodes back to an equal Pdu, command_length apart.
    static QByteArray encode(const Pdu &pdu, quint32 *status = nullptr);
};

} // namespace ogene::smpp
