#pragma once

#include <QString>
#include <QtGlobal>

// Numbers of the SMPP 3.4 wire protocol (section 5 of the specification), named as the
// specification names them so that a reader can look each one up there.
namespace ogene::smpp {

enum class CommandId : quint32 {
    GenericNack = 0x80000000,
    BindReceiver = 0x00000001,
    BindReceiverResp = 0x80000001,
    BindTransmitter = 0x00000002,
    BindTransmitterResp = 0x80000002,
    QuerySm = 0x00000003,
    QuerySmResp = 0x80000003,
    SubmitSm = 0x00000004,
    SubmitSmResp = 0x80000004,
    DeliverSm = 0x00000005,
    DeliverSmResp = 0x80000005,
    Unbind = 0x00000006,
    UnbindResp = 0x80000006,
    ReplaceSm = 0x00000007,
    ReplaceSmResp = 0x80000007,
    CancelSm = 0x00000008,
    CancelSmResp = 0x80000008,
    BindTransceiver = 0x00000009,
    BindTransceiverResp = 0x80000009,
    Outbind = 0x0000000B,
    EnquireLink = 0x00000015,
    EnquireLinkResp = 0x80000015,
    SubmitMulti = 0x00000021,
    SubmitMultiResp = 0x80000021,
    AlertNotification = 0x00000102,
    DataSm = 0x00000103,
    DataSmResp = 0x80000103,
};

// A response's command_id is its request's with this bit set.
constexpr quint32 ResponseBit = 0x80000000;

// Whether the id is one of the above: anything else is answered with generic_nack ESME_RINVCMDID.
bool isKnownCommand(quint32 commandId);
// "submit_sm", "bind_transceiver_resp", …; "0x…" for an unknown id. For logs.
QString commandName(quint32 commandId);

// command_status values (SMPP 3.4 section 5.1.3). Plain integers, not an enum: a peer may send any
// 32-bit value and it has to survive decoding, logging and re-encoding unchanged.
namespace CommandStatus {
constexpr quint32 ESME_ROK = 0x00000000;
constexpr quint32 ESME_RINVMSGLEN = 0x00000001;
constexpr quint32 ESME_RINVCMDLEN = 0x00000002;
constexpr quint32 ESME_RINVCMDID = 0x00000003;
constexpr quint32 ESME_RINVBNDSTS = 0x00000004;
constexpr quint32 ESME_RALYBND = 0x00000005;
constexpr quint32 ESME_RINVPRTFLG = 0x00000006;
constexpr quint32 ESME_RINVREGDLVFLG = 0x00000007;
constexpr quint32 ESME_RSYSERR = 0x00000008;
constexpr quint32 ESME_RINVSRCADR = 0x0000000A;
constexpr quint32 ESME_RINVDSTADR = 0x0000000B;
constexpr quint32 ESME_RINVMSGID = 0x0000000C;
constexpr quint32 ESME_RBINDFAIL = 0x0000000D;
constexpr quint32 ESME_RINVPASWD = 0x0000000E;
constexpr quint32 ESME_RINVSYSID = 0x0000000F;
constexpr quint32 ESME_RCANCELFAIL = 0x00000011;
constexpr quint32 ESME_RREPLACEFAIL = 0x00000013;
constexpr quint32 ESME_RMSGQFUL = 0x00000014;
constexpr quint32 ESME_RINVSERTYP = 0x00000015;
constexpr quint32 ESME_RINVNUMDESTS = 0x00000033;
constexpr quint32 ESME_RINVDLNAME = 0x00000034;
constexpr quint32 ESME_RINVDESTFLAG = 0x00000040;
constexpr quint32 ESME_RINVSUBREP = 0x00000042;
constexpr quint32 ESME_RINVESMCLASS = 0x00000043;
constexpr quint32 ESME_RCNTSUBDL = 0x00000044;
constexpr quint32 ESME_RSUBMITFAIL = 0x00000045;
constexpr quint32 ESME_RINVSRCTON = 0x00000048;
constexpr quint32 ESME_RINVSRCNPI = 0x00000049;
constexpr quint32 ESME_RINVDSTTON = 0x00000050;
constexpr quint32 ESME_RINVDSTNPI = 0x00000051;
constexpr quint32 ESME_RINVSYSTYP = 0x00000053;
constexpr quint32 ESME_RINVREPFLAG = 0x00000054;
constexpr quint32 ESME_RINVNUMMSGS = 0x00000055;
constexpr quint32 ESME_RTHROTTLED = 0x00000058;
constexpr quint32 ESME_RINVSCHED = 0x00000061;
constexpr quint32 ESME_RINVEXPIRY = 0x00000062;
constexpr quint32 ESME_RINVDFTMSGID = 0x00000063;
constexpr quint32 ESME_RX_T_APPN = 0x00000064;
constexpr quint32 ESME_RX_P_APPN = 0x00000065;
constexpr quint32 ESME_RX_R_APPN = 0x00000066;
constexpr quint32 ESME_RQUERYFAIL = 0x00000067;
constexpr quint32 ESME_RINVOPTPARSTREAM = 0x000000C0;
constexpr quint32 ESME_ROPTPARNOTALLWD = 0x000000C1;
constexpr quint32 ESME_RINVPARLEN = 0x000000C2;
constexpr quint32 ESME_RMISSINGOPTPARAM = 0x000000C3;
constexpr quint32 ESME_RINVOPTPARAMVAL = 0x000000C4;
constexpr quint32 ESME_RDELIVERYFAILURE = 0x000000FE;
constexpr quint32 ESME_RUNKNOWNERR = 0x000000FF;
// Not in SMPP 3.4, which has no status for a data_coding the SMSC cannot use. SMPP 5.0 gave this
// one the number 0x104 in the range 3.4 reserves for extensions of the protocol (0x100-0x3FF), so it
// is the only status that says exactly this: an ESME that knows 5.0 names it, and a 3.4 ESME reads
// it as what every non-zero status is, a refusal it should not retry unchanged. ESME_RSUBMITFAIL
// would say nothing about what to fix.
constexpr quint32 ESME_RINVDCS = 0x00000104;
} // namespace CommandStatus

// "ESME_RINVCMDLEN", …; "0x…" for a value with no name. For logs.
QString statusName(quint32 status);

// Optional parameter tags (SMPP 3.4 section 5.3.2) that Ogene reads, writes or checks.
namespace TlvTag {
constexpr quint16 ReceiptedMessageId = 0x001E;
constexpr quint16 UserMessageReference = 0x0204;
constexpr quint16 SourcePort = 0x020A;
constexpr quint16 DestinationPort = 0x020B;
constexpr quint16 SarMsgRefNum = 0x020C;
constexpr quint16 SarTotalSegments = 0x020E;
constexpr quint16 SarSegmentSeqnum = 0x020F;
constexpr quint16 ScInterfaceVersion = 0x0210;
constexpr quint16 NetworkErrorCode = 0x0423;
constexpr quint16 MessagePayload = 0x0424;
constexpr quint16 MessageState = 0x0427;
} // namespace TlvTag

// The value length the specification fixes for a tag above, or -1 when it is variable.
int fixedTlvLength(quint16 tag);

// The message_state TLV and query_sm_resp field (SMPP 3.4 section 5.2.28).
enum class MessageState : quint8 {
    Enroute = 1,
    Delivered = 2,
    Expired = 3,
    Deleted = 4,
    Undeliverable = 5,
    Accepted = 6,
    Unknown = 7,
    Rejected = 8,
};

// Bits of esm_class (SMPP 3.4 section 5.2.12) that Ogene acts on.
namespace EsmClass {
constexpr quint8 DeliveryReceipt = 0x04; // message type: SMSC delivery receipt
constexpr quint8 Udhi = 0x40;            // short_message begins with a user data header
} // namespace EsmClass

// data_coding values (SMPP 3.4 section 5.2.19) whose text Ogene reads and writes.
namespace DataCoding {
constexpr quint8 SmscDefault = 0x00; // Ogene's SMSC default alphabet: GSM 03.38, one septet per octet
constexpr quint8 Ia5 = 0x01;
constexpr quint8 Latin1 = 0x03;
constexpr quint8 Ucs2 = 0x08;
} // namespace DataCoding

constexpr quint8 InterfaceVersion34 = 0x34;

// The 16 octets every PDU starts with: command_length, command_id, command_status, sequence_number.
constexpr qsizetype HeaderLength = 16;
// The largest command_length accepted: a full message_payload TLV (65,535 octets) and every other
// field of a data_sm or submit_sm around it fit. Anything longer is a broken or hostile peer, and
// refusing it up front bounds what a session ever buffers.
constexpr qsizetype MaxCommandLength = 66 * 1024;
// short_message is at most 254 octets (sm_length 0-254); longer texts travel in message_payload.
constexpr qsizetype MaxShortMessageLength = 254;
// submit_multi takes 1 to 254 destinations.
constexpr int MaxDestinations = 254;

// Maximum lengths of C-octet string fields, the terminating NUL included (SMPP 3.4 section 4).
namespace FieldLength {
constexpr qsizetype SystemId = 16;
constexpr qsizetype Password = 9;
constexpr qsizetype SystemType = 13;
constexpr qsizetype AddressRange = 41;
constexpr qsizetype ServiceType = 6;
constexpr qsizetype Address = 21;         // source_addr / destination_addr of submit_sm, deliver_sm, …
constexpr qsizetype DataSmAddress = 65;   // source_addr / destination_addr of data_sm, alert_notification
constexpr qsizetype Time = 17;            // schedule_delivery_time, validity_period, final_date
constexpr qsizetype MessageId = 65;
constexpr qsizetype DistributionListName = 21;
} // namespace FieldLength

} // namespace ogene::smpp
