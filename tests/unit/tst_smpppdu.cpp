// The SMPP 3.4 PDU codec: exact octets as laid out in the specification's section 4, both ways,
// and every way a PDU can be malformed, answered with the status a peer should hear.
#include "smpp/deliveryreceipt.h"
#include "smpp/pducodec.h"

#include <QTest>

using namespace ogene::smpp;
using namespace ogene::smpp::CommandStatus;

Q_DECLARE_METATYPE(ogene::smpp::Pdu)

namespace {

QByteArray hex(const char *octets)
{
    return QByteArray::fromHex(octets); // spaces are skipped
}

// A C-octet string as it travels: the text and its NUL.
QByteArray cstr(const char *text)
{
    return QByteArray(text) + '\0';
}

// bind_transmitter, system_id "SMPP3TEST", password "secret08", system_type "SUBMIT1",
// interface_version 0x34, addr_ton 1, addr_npi 1, address_range "".
const QByteArray bindTransmitterOctets = hex("0000002F 00000002 00000000 00000001"
                                             "534D5050 33544553 5400"       // system_id
                                             "73656372 65743038 00"         // password
                                             "5355424D 49543100"            // system_type
                                             "34 01 01"                     // interface_version, ton, npi
                                             "00");                         // address_range

// The mandatory part of the submit_sm used below, up to and including sm_default_msg_id.
QByteArray submitSmFields()
{
    return hex("00")                                   // service_type ""
        + hex("01 01") + cstr("2348012345678")         // source ton, npi, addr
        + hex("01 01") + cstr("2348098765432")         // dest ton, npi, addr
        + hex("00 00 00")                              // esm_class, protocol_id, priority_flag
        + hex("00 00")                                 // schedule_delivery_time, validity_period ""
        + hex("01 00 00 00");                          // registered_delivery, replace, data_coding, sm_default_msg_id
}

ShortMessageBody submitSmBody()
{
    ShortMessageBody body;
    body.sourceAddrTon = 1;
    body.sourceAddrNpi = 1;
    body.sourceAddr = "2348012345678";
    body.destAddrTon = 1;
    body.destAddrNpi = 1;
    body.destinationAddr = "2348098765432";
    body.registeredDelivery = 1;
    return body;
}

QByteArray withHeader(quint32 commandId, quint32 sequence, const QByteArray &body)
{
    QByteArray header(16, '\0');
    const quint32 fields[] = {quint32(16 + body.size()), commandId, 0, sequence};
    for (int f = 0; f < 4; ++f) {
        for (int i = 0; i < 4; ++i)
            header[f * 4 + i] = char(fields[f] >> (24 - 8 * i));
    }
    return header + body;
}

quint32 decodeStatus(const QByteArray &octets)
{
    const DecodeResult result = PduCodec::decode(octets);
    return result.ok() ? ESME_ROK : result.error.status;
}

} // namespace

class SmppPduTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void statusValuesAreTheSpecifications();
    void namesForLogs();
    void decodesBindTransmitter();
    void encodesBindTransmitter();
    void bindRespCarriesInterfaceVersion();
    void enquireLinkAndItsResponse();
    void submitSmWithoutTlvs();
    void submitSmWithTlvsKeepsUnknownOnes();
    void deliverSmReceiptIsExact();
    void genericNackAndSubmitSmResp();
    void errorResponseMayComeWithoutBody();
    void roundTrips_data();
    void roundTrips();
    void framesLengths();
    void framesAByteAtATime();
    void malformed_data();
    void malformed();
    void unknownCommandKeepsTheHeader();
    void encodeRefusesWhatCannotBeDecoded();
    void responsesMatchTheirRequests();
    void tlvHelpers();
};

void SmppPduTest::statusValuesAreTheSpecifications()
{
    // SMPP 3.4 section 5.1.3.
    QCOMPARE(ESME_RINVMSGLEN, 0x01u);
    QCOMPARE(ESME_RINVCMDLEN, 0x02u);
    QCOMPARE(ESME_RINVCMDID, 0x03u);
    QCOMPARE(ESME_RINVBNDSTS, 0x04u);
    QCOMPARE(ESME_RALYBND, 0x05u);
    QCOMPARE(ESME_RSYSERR, 0x08u);
    QCOMPARE(ESME_RINVSRCADR, 0x0Au);
    QCOMPARE(ESME_RINVDSTADR, 0x0Bu);
    QCOMPARE(ESME_RINVMSGID, 0x0Cu);
    QCOMPARE(ESME_RBINDFAIL, 0x0Du);
    QCOMPARE(ESME_RINVPASWD, 0x0Eu);
    QCOMPARE(ESME_RINVSYSID, 0x0Fu);
    QCOMPARE(ESME_RMSGQFUL, 0x14u);
    QCOMPARE(ESME_RINVESMCLASS, 0x43u);
    QCOMPARE(ESME_RSUBMITFAIL, 0x45u);
    QCOMPARE(ESME_RINVSRCTON, 0x48u);
    QCOMPARE(ESME_RINVSRCNPI, 0x49u);
    QCOMPARE(ESME_RINVDSTTON, 0x50u);
    QCOMPARE(ESME_RINVDSTNPI, 0x51u);
    QCOMPARE(ESME_RTHROTTLED, 0x58u);
    QCOMPARE(ESME_RINVSCHED, 0x61u);
    QCOMPARE(ESME_RINVEXPIRY, 0x62u);
    QCOMPARE(ESME_RX_T_APPN, 0x64u);
    QCOMPARE(ESME_RX_P_APPN, 0x65u);
    QCOMPARE(ESME_RX_R_APPN, 0x66u);
    QCOMPARE(ESME_RINVOPTPARSTREAM, 0xC0u);
    QCOMPARE(ESME_ROPTPARNOTALLWD, 0xC1u);
    QCOMPARE(ESME_RINVPARLEN, 0xC2u);
    QCOMPARE(ESME_RMISSINGOPTPARAM, 0xC3u);
    QCOMPARE(ESME_RINVOPTPARAMVAL, 0xC4u);
    QCOMPARE(ESME_RDELIVERYFAILURE, 0xFEu);
    QCOMPARE(ESME_RUNKNOWNERR, 0xFFu);
    QCOMPARE(quint32(CommandId::SubmitMulti), 0x21u);
    QCOMPARE(quint32(CommandId::DataSmResp), 0x80000103u);
}

void SmppPduTest::namesForLogs()
{
    QCOMPARE(statusName(ESME_RINVCMDLEN), QStringLiteral("ESME_RINVCMDLEN"));
    QCOMPARE(statusName(0x0401), QStringLiteral("0x00000401"));
    QCOMPARE(commandName(0x80000009), QStringLiteral("bind_transceiver_resp"));
    QCOMPARE(commandName(0x99), QStringLiteral("0x00000099"));
    QVERIFY(isKnownCommand(0x102));
    QVERIFY(!isKnownCommand(0x80000102)); // alert_notification has no response
}

void SmppPduTest::decodesBindTransmitter()
{
    QCOMPARE(PduCodec::frame(bindTransmitterOctets).status, Frame::Status::Complete);
    QCOMPARE(PduCodec::frame(bindTransmitterOctets).length, qsizetype(47));
    const DecodeResult result = PduCodec::decode(bindTransmitterOctets);
    QVERIFY(result.ok());
    const Pdu &pdu = *result.pdu;
    QCOMPARE(pdu.header.commandLength, 47u);
    QCOMPARE(pdu.command(), CommandId::BindTransmitter);
    QCOMPARE(pdu.header.sequenceNumber, 1u);
    const auto *bind = std::get_if<BindBody>(&pdu.body);
    QVERIFY(bind);
    QCOMPARE(bind->systemId, QByteArray("SMPP3TEST"));
    QCOMPARE(bind->password, QByteArray("secret08"));
    QCOMPARE(bind->systemType, QByteArray("SUBMIT1"));
    QCOMPARE(bind->interfaceVersion, quint8(0x34));
    QCOMPARE(bind->addrTon, quint8(1));
    QCOMPARE(bind->addrNpi, quint8(1));
    QCOMPARE(bind->addressRange, QByteArray());
}

void SmppPduTest::encodesBindTransmitter()
{
    BindBody bind;
    bind.systemId = "SMPP3TEST";
    bind.password = "secret08";
    bind.systemType = "SUBMIT1";
    bind.addrTon = 1;
    bind.addrNpi = 1;
    quint32 status = 0xFFFF;
    QCOMPARE(PduCodec::encode(Pdu::request(CommandId::BindTransmitter, 1, bind), &status), bindTransmitterOctets);
    QCOMPARE(status, ESME_ROK);
}

void SmppPduTest::bindRespCarriesInterfaceVersion()
{
    const QByteArray octets = hex("0000001A 80000009 00000000 00000001"
                                  "534D5343 00"      // system_id "SMSC"
                                  "0210 0001 34");   // sc_interface_version 0x34
    const DecodeResult result = PduCodec::decode(octets);
    QVERIFY(result.ok());
    const auto *resp = std::get_if<BindRespBody>(&result.pdu->body);
    QVERIFY(resp);
    QCOMPARE(resp->systemId, QByteArray("SMSC"));
    const Tlv *version = findTlv(resp->tlvs, TlvTag::ScInterfaceVersion);
    QVERIFY(version);
    QCOMPARE(version->toInteger(), std::optional<quint32>(0x34));

    BindRespBody built{"SMSC", {Tlv::integer(TlvTag::ScInterfaceVersion, InterfaceVersion34, 1)}};
    Pdu request = Pdu::request(CommandId::BindTransceiver, 1);
    QCOMPARE(PduCodec::encode(Pdu::response(request, ESME_ROK, built)), octets);
}

void SmppPduTest::enquireLinkAndItsResponse()
{
    const QByteArray link = hex("00000010 00000015 00000000 00000001");
    const DecodeResult result = PduCodec::decode(link);
    QVERIFY(result.ok());
    QCOMPARE(result.pdu->command(), CommandId::EnquireLink);
    QVERIFY(std::holds_alternative<std::monostate>(result.pdu->body));
    QCOMPARE(PduCodec::encode(Pdu::request(CommandId::EnquireLink, 1)), link);
    QCOMPARE(PduCodec::encode(Pdu::response(*result.pdu, ESME_ROK)), hex("00000010 80000015 00000000 00000001"));
}

void SmppPduTest::submitSmWithoutTlvs()
{
    const QByteArray octets = hex("00000040 00000004 00000000 00000002") + submitSmFields() + hex("05") + "Hello";
    const DecodeResult result = PduCodec::decode(octets);
    QVERIFY(result.ok());
    QCOMPARE(result.pdu->command(), CommandId::SubmitSm);
    ShortMessageBody expected = submitSmBody();
    expected.shortMessage = "Hello";
    QCOMPARE(std::get<ShortMessageBody>(result.pdu->body), expected);
    QCOMPARE(PduCodec::encode(Pdu::request(CommandId::SubmitSm, 2, expected)), octets);
}

void SmppPduTest::submitSmWithTlvsKeepsUnknownOnes()
{
    const QByteArray octets = hex("00000051 00000004 00000000 00000003") + submitSmFields()
        + hex("00")                       // sm_length 0: the text is in message_payload
        + hex("0424 0005") + "Hello"      // message_payload
        + hex("0204 0002 0007")           // user_message_reference 7
        + hex("1400 0003 AABBCC");        // a vendor's tag, unknown to Ogene
    const DecodeResult result = PduCodec::decode(octets);
    QVERIFY(result.ok());
    const auto &body = std::get<ShortMessageBody>(result.pdu->body);
    QVERIFY(body.shortMessage.isEmpty());
    QCOMPARE(body.tlvs.size(), qsizetype(3));
    QCOMPARE(findTlv(body.tlvs, TlvTag::MessagePayload)->value, QByteArray("Hello"));
    QCOMPARE(findTlv(body.tlvs, TlvTag::UserMessageReference)->toInteger(), std::optional<quint32>(7));
    QCOMPARE(findTlv(body.tlvs, 0x1400)->value, hex("AABBCC"));
    QCOMPARE(PduCodec::encode(*result.pdu), octets);
}

void SmppPduTest::deliverSmReceiptIsExact()
{
    const QByteArray text = "id:0123456789 sub:001 dlvrd:001 submit date:2401151230 done date:2401151231 "
                            "stat:DELIVRD err:000 text:Hello";
    const QByteArray octets = hex("000000BA 00000005 00000000 00000009")
        + hex("00")                                   // service_type
        + hex("01 01") + cstr("2348098765432")        // source: the original recipient
        + hex("01 01") + cstr("2348012345678")        // destination: the original sender
        + hex("04 00 00")                             // esm_class: SMSC delivery receipt
        + hex("00 00")                                // schedule_delivery_time, validity_period
        + hex("00 00 00 00")                          // registered_delivery, replace, data_coding 0, default msg
        + hex("6B") + text                            // sm_length 107
        + hex("001E 000B") + cstr("0123456789")       // receipted_message_id
        + hex("0427 0001 02");                        // message_state DELIVERED

    DeliveryReceipt receipt;
    receipt.messageId = QStringLiteral("0123456789");
    receipt.submitted = 1;
    receipt.delivered = 1;
    receipt.submitDate = QDateTime(QDate(2024, 1, 15), QTime(12, 30), Qt::UTC);
    receipt.doneDate = QDateTime(QDate(2024, 1, 15), QTime(12, 31), Qt::UTC);
    receipt.stat = QStringLiteral("DELIVRD");
    receipt.text = QStringLiteral("Hello");
    const Pdu built = receipt.toDeliverSm(9, SmeAddress{1, 1, "2348098765432"}, SmeAddress{1, 1, "2348012345678"});
    QCOMPARE(PduCodec::encode(built), octets);

    const DecodeResult result = PduCodec::decode(octets);
    QVERIFY(result.ok());
    const std::optional<DeliveryReceipt> parsed =
        DeliveryReceipt::fromDeliverSm(std::get<ShortMessageBody>(result.pdu->body));
    QVERIFY(parsed);
    QCOMPARE(*parsed, receipt);
}

void SmppPduTest::genericNackAndSubmitSmResp()
{
    const QByteArray nack = hex("00000010 80000000 00000003 00000005");
    QCOMPARE(PduCodec::encode(Pdu::genericNack(5, ESME_RINVCMDID)), nack);
    const DecodeResult nackResult = PduCodec::decode(nack);
    QVERIFY(nackResult.ok());
    QCOMPARE(nackResult.pdu->command(), CommandId::GenericNack);
    QCOMPARE(nackResult.pdu->header.commandStatus, ESME_RINVCMDID);

    const QByteArray resp = hex("00000015 80000004 00000000 00000002 35463341 00"); // message_id "5F3A"
    const DecodeResult respResult = PduCodec::decode(resp);
    QVERIFY(respResult.ok());
    QCOMPARE(std::get<MessageIdRespBody>(respResult.pdu->body).messageId, QByteArray("5F3A"));
    const Pdu submit = Pdu::request(CommandId::SubmitSm, 2, submitSmBody());
    QCOMPARE(PduCodec::encode(Pdu::response(submit, ESME_ROK, MessageIdRespBody{"5F3A", {}})), resp);
}

void SmppPduTest::errorResponseMayComeWithoutBody()
{
    // SMPP 3.4 4.4.2: no submit_sm_resp body when command_status is an error.
    const QByteArray refused = hex("00000010 80000004 00000045 00000002");
    const DecodeResult result = PduCodec::decode(refused);
    QVERIFY(result.ok());
    QCOMPARE(result.pdu->header.commandStatus, ESME_RSUBMITFAIL);
    QVERIFY(std::holds_alternative<std::monostate>(result.pdu->body));
    QCOMPARE(PduCodec::encode(Pdu::response(Pdu::request(CommandId::SubmitSm, 2), ESME_RSUBMITFAIL)), refused);
    // Some ESMEs also leave deliver_sm_resp's empty message_id out.
    QVERIFY(PduCodec::decode(hex("00000010 80000005 00000000 00000004")).ok());
    // A request has no such licence.
    QCOMPARE(decodeStatus(hex("00000010 00000004 00000000 00000002")), ESME_RINVCMDLEN);
}

void SmppPduTest::roundTrips_data()
{
    QTest::addColumn<Pdu>("pdu");
    BindBody bind{"client01", "pw", "", 0x34, 5, 0, "^234"};
    QTest::newRow("bind_transceiver") << Pdu::request(CommandId::BindTransceiver, 1, bind);
    QTest::newRow("bind_receiver_resp") << Pdu::response(Pdu::request(CommandId::BindReceiver, 2), ESME_ROK,
                                                         BindRespBody{"ogene", {}});
    QTest::newRow("outbind") << Pdu::request(CommandId::Outbind, 3, OutbindBody{"smsc", "secret"});
    ShortMessageBody submit = submitSmBody();
    submit.esmClass = EsmClass::Udhi;
    submit.dataCoding = DataCoding::Ucs2;
    submit.shortMessage = hex("050003010201 0048 0069");
    submit.validityPeriod = "000001000000000R";
    submit.tlvs = {Tlv::integer(TlvTag::SourcePort, 8080, 2), Tlv{0x1501, QByteArray()}};
    QTest::newRow("submit_sm") << Pdu::request(CommandId::SubmitSm, 4, submit);
    QTest::newRow("deliver_sm") << Pdu::request(CommandId::DeliverSm, 0x7FFFFFFF, submit);
    QTest::newRow("data_sm_resp") << Pdu::response(Pdu::request(CommandId::DataSm, 6), ESME_ROK,
                                                   MessageIdRespBody{"abc", {Tlv{0x0425, hex("01")}}});
    QTest::newRow("query_sm") << Pdu::request(CommandId::QuerySm, 7, QuerySmBody{"abc", 1, 1, "2348012345678"});
    QTest::newRow("query_sm_resp") << Pdu::response(Pdu::request(CommandId::QuerySm, 7), ESME_ROK,
                                                    QuerySmRespBody{"abc", "240115123000000+", 2, 0});
    QTest::newRow("cancel_sm") << Pdu::request(CommandId::CancelSm, 8,
                                               CancelSmBody{"", "abc", 1, 1, "2348012345678", 1, 1, "2348098765432"});
    QTest::newRow("cancel_sm_resp") << Pdu::response(Pdu::request(CommandId::CancelSm, 8), ESME_ROK);
    QTest::newRow("replace_sm") << Pdu::request(CommandId::ReplaceSm, 9,
                                                ReplaceSmBody{"abc", 1, 1, "2348012345678", "", "", 1, 0, "New text"});
    SubmitMultiBody multi;
    multi.sourceAddr = "Ogene";
    multi.destinations = {MultiDestination{MultiDestination::SmeAddressFlag, 1, 1, "2348012345678"},
                          MultiDestination{MultiDestination::DistributionListFlag, 0, 0, "staff"}};
    multi.shortMessage = "Meeting at 10";
    QTest::newRow("submit_multi") << Pdu::request(CommandId::SubmitMulti, 10, multi);
    QTest::newRow("submit_multi_resp") << Pdu::response(
        Pdu::request(CommandId::SubmitMulti, 10), ESME_ROK,
        SubmitMultiRespBody{"m1", {UnsuccessfulDelivery{1, 1, "2348012345678", ESME_RINVDSTADR}}});
    DataSmBody data;
    data.sourceAddr = QByteArray(64, '1'); // data_sm allows 64-octet addresses
    data.destinationAddr = "2348012345678";
    data.tlvs = {Tlv{TlvTag::MessagePayload, QByteArray(60000, 'x')}};
    QTest::newRow("data_sm with a large payload") << Pdu::request(CommandId::DataSm, 11, data);
    QTest::newRow("alert_notification") << Pdu::request(CommandId::AlertNotification, 12,
                                                        AlertNotificationBody{1, 1, "234801", 0, 0, "esme", {}});
    QTest::newRow("unbind") << Pdu::request(CommandId::Unbind, 13);
    QTest::newRow("unbind_resp") << Pdu::response(Pdu::request(CommandId::Unbind, 13), ESME_ROK);
}

void SmppPduTest::roundTrips()
{
    QFETCH(Pdu, pdu);
    quint32 status = 0xFFFF;
    const QByteArray octets = PduCodec::encode(pdu, &status);
    QCOMPARE(status, ESME_ROK);
    QVERIFY(!octets.isEmpty());
    QCOMPARE(PduCodec::frame(octets).length, octets.size());
    const DecodeResult decoded = PduCodec::decode(octets);
    QVERIFY2(decoded.ok(), qPrintable(statusName(decoded.error.status)));
    pdu.header.commandLength = quint32(octets.size());
    QCOMPARE(*decoded.pdu, pdu);
    QCOMPARE(PduCodec::encode(*decoded.pdu), octets);
}

void SmppPduTest::framesLengths()
{
    QCOMPARE(PduCodec::frame(QByteArray()).status, Frame::Status::NeedMore);
    QCOMPARE(PduCodec::frame(hex("000000")).status, Frame::Status::NeedMore);
    // Shorter than the header it must hold, or over the maximum: judged from the length alone.
    QCOMPARE(PduCodec::frame(hex("0000000F")).status, Frame::Status::BadLength);
    QCOMPARE(PduCodec::frame(hex("00000000")).status, Frame::Status::BadLength);
    QCOMPARE(PduCodec::frame(hex("FFFFFFFF")).status, Frame::Status::BadLength);
    QCOMPARE(PduCodec::frame(hex("00010801")).status, Frame::Status::BadLength); // MaxCommandLength + 1
    QCOMPARE(PduCodec::frame(hex("00010800")).status, Frame::Status::NeedMore);  // MaxCommandLength itself
    // Shorter than the header says: wait for the rest.
    QCOMPARE(PduCodec::frame(hex("00000020 00000015 00000000 00000001")).status, Frame::Status::NeedMore);
    // Two PDUs in the buffer: the first one only.
    const Frame first = PduCodec::frame(hex("00000010 00000015 00000000 00000001 00000010"));
    QCOMPARE(first.status, Frame::Status::Complete);
    QCOMPARE(first.length, qsizetype(16));
}

void SmppPduTest::framesAByteAtATime()
{
    const QByteArray submit = withHeader(0x4, 2, submitSmFields() + hex("05") + "Hello");
    const QByteArray stream = bindTransmitterOctets + submit + hex("00000010 00000015 00000000 00000003");
    QByteArray buffer;
    QList<CommandId> seen;
    for (char octet : stream) {
        buffer.append(octet);
        const Frame frame = PduCodec::frame(buffer);
        QVERIFY(frame.status != Frame::Status::BadLength);
        if (frame.status == Frame::Status::NeedMore)
            continue;
        const DecodeResult result = PduCodec::decode(QByteArrayView(buffer).first(frame.length));
        QVERIFY(result.ok());
        seen.append(result.pdu->command());
        buffer.remove(0, frame.length);
    }
    QVERIFY(buffer.isEmpty());
    QCOMPARE(seen, (QList<CommandId>{CommandId::BindTransmitter, CommandId::SubmitSm, CommandId::EnquireLink}));

    // A bad length is seen as soon as its four octets are in.
    QByteArray hostile;
    for (char octet : hex("7FFFFFFF 00000004")) {
        hostile.append(octet);
        if (hostile.size() < 4)
            QCOMPARE(PduCodec::frame(hostile).status, Frame::Status::NeedMore);
        else
            QCOMPARE(PduCodec::frame(hostile).status, Frame::Status::BadLength);
    }
}

void SmppPduTest::malformed_data()
{
    QTest::addColumn<QByteArray>("octets");
    QTest::addColumn<quint32>("status");
    const QByteArray submitHead = submitSmFields();

    QTest::newRow("shorter than a header") << hex("00000010 00000015 00000000") << ESME_RINVCMDLEN;
    QTest::newRow("command_length below 16") << hex("0000000C 00000015 00000000 00000001") << ESME_RINVCMDLEN;
    QTest::newRow("shorter than command_length says")
        << hex("00000030 00000015 00000000 00000001") << ESME_RINVCMDLEN;
    QTest::newRow("longer than command_length says")
        << hex("00000010 00000015 00000000 00000001 00") << ESME_RINVCMDLEN;
    QTest::newRow("trailing octet after enquire_link")
        << withHeader(0x15, 1, hex("00")) << ESME_RINVCMDLEN;
    QTest::newRow("trailing octets after unbind_resp")
        << withHeader(0x80000006, 1, hex("0000")) << ESME_RINVCMDLEN;
    QTest::newRow("trailing octet after a bind")
        << withHeader(0x2, 1, bindTransmitterOctets.mid(16) + hex("00")) << ESME_RINVCMDLEN;
    QTest::newRow("unterminated system_id") << withHeader(0x2, 1, "SMPP") << ESME_RINVCMDLEN;
    QTest::newRow("bind cut after password")
        << withHeader(0x2, 1, cstr("SMPP") + cstr("pw")) << ESME_RINVCMDLEN;
    QTest::newRow("bind cut before address_range")
        << withHeader(0x2, 1, cstr("SMPP") + cstr("pw") + cstr("") + hex("34 01 01")) << ESME_RINVCMDLEN;
    QTest::newRow("system_id of 16 characters")
        << withHeader(0x2, 1, cstr("ABCDEFGHIJKLMNOP") + cstr("pw") + cstr("") + hex("34 01 01 00"))
        << ESME_RINVSYSID;
    QTest::newRow("password of 9 characters")
        << withHeader(0x9, 1, cstr("SMPP") + cstr("123456789") + cstr("") + hex("34 01 01 00")) << ESME_RINVPASWD;
    QTest::newRow("system_type of 13 characters")
        << withHeader(0x1, 1, cstr("SMPP") + cstr("pw") + cstr("ABCDEFGHIJKLM") + hex("34 01 01 00"))
        << ESME_RINVSYSTYP;
    QTest::newRow("source_addr of 21 characters")
        << withHeader(0x4, 1, hex("00 01 01") + cstr("123456789012345678901") + hex("01 01") + cstr("1")
                                  + hex("000000 0000 01000000 00"))
        << ESME_RINVSRCADR;
    QTest::newRow("over-long and unterminated destination_addr")
        << withHeader(0x4, 1, hex("00 01 01") + cstr("1") + hex("01 01") + QByteArray(40, '9')) << ESME_RINVDSTADR;
    QTest::newRow("over-long message_id") << withHeader(0x80000004, 1, cstr(QByteArray(65, 'f').constData()))
                                          << ESME_RINVMSGID;
    QTest::newRow("sm_length past the end") << withHeader(0x4, 1, submitHead + hex("0A") + "Hello") << ESME_RINVMSGLEN;
    QTest::newRow("sm_length 255")
        << withHeader(0x4, 1, submitHead + hex("FF") + QByteArray(255, 'a')) << ESME_RINVMSGLEN;
    QTest::newRow("sm_length missing") << withHeader(0x4, 1, submitHead) << ESME_RINVCMDLEN;
    QTest::newRow("truncated TLV header")
        << withHeader(0x4, 1, submitHead + hex("00 0424 00")) << ESME_RINVOPTPARSTREAM;
    QTest::newRow("TLV length past the end")
        << withHeader(0x4, 1, submitHead + hex("00 0424 0010 4865")) << ESME_RINVOPTPARSTREAM;
    QTest::newRow("second TLV truncated")
        << withHeader(0x4, 1, submitHead + hex("00 0204 0002 0007 020C")) << ESME_RINVOPTPARSTREAM;
    QTest::newRow("message_state of two octets")
        << withHeader(0x5, 1, submitHead + hex("00 0427 0002 0002")) << ESME_RINVPARLEN;
    QTest::newRow("sar_msg_ref_num of one octet")
        << withHeader(0x4, 1, submitHead + hex("00 020C 0001 01")) << ESME_RINVPARLEN;
    QTest::newRow("submit_multi without destinations")
        << withHeader(0x21, 1, hex("00 01 01") + cstr("1") + hex("00")) << ESME_RINVNUMDESTS;
    QTest::newRow("submit_multi with 255 destinations")
        << withHeader(0x21, 1, hex("00 01 01") + cstr("1") + hex("FF")) << ESME_RINVNUMDESTS;
    QTest::newRow("submit_multi dest_flag 3")
        << withHeader(0x21, 1, hex("00 01 01") + cstr("1") + hex("01 03")) << ESME_RINVDESTFLAG;
    QTest::newRow("submit_multi_resp cut in an unsuccess_sme")
        << withHeader(0x80000021, 1, cstr("m1") + hex("01 01 01") + cstr("234") + hex("0000")) << ESME_RINVCMDLEN;
}

void SmppPduTest::malformed()
{
    QFETCH(QByteArray, octets);
    QFETCH(quint32, status);
    const DecodeResult result = PduCodec::decode(octets);
    QVERIFY(!result.ok());
    QCOMPARE(statusName(result.error.status), statusName(status));
}

void SmppPduTest::unknownCommandKeepsTheHeader()
{
    const DecodeResult result = PduCodec::decode(hex("00000014 00000099 00000000 0000002A DEADBEEF"));
    QVERIFY(!result.ok());
    QCOMPARE(result.error.status, ESME_RINVCMDID);
    QCOMPARE(result.error.header.commandId, 0x99u);
    QCOMPARE(result.error.header.sequenceNumber, 42u);
    QCOMPARE(PduCodec::encode(Pdu::response(result.error.header, result.error.status)),
             hex("00000010 80000000 00000003 0000002A"));

    // A known command with a bad body still has its header for the answer.
    const DecodeResult bad = PduCodec::decode(withHeader(0x4, 77, submitSmFields() + hex("0A")));
    QCOMPARE(bad.error.status, ESME_RINVMSGLEN);
    QCOMPARE(bad.error.header.sequenceNumber, 77u);
    QCOMPARE(PduCodec::encode(Pdu::response(bad.error.header, bad.error.status)),
             hex("00000010 80000004 00000001 0000004D"));
}

void SmppPduTest::encodeRefusesWhatCannotBeDecoded()
{
    quint32 status = ESME_ROK;
    BindBody longId;
    longId.systemId = QByteArray(16, 'a');
    QVERIFY(PduCodec::encode(Pdu::request(CommandId::BindTransmitter, 1, longId), &status).isEmpty());
    QCOMPARE(status, ESME_RINVSYSID);

    BindBody nul;
    nul.systemId = QByteArray("a\0b", 3);
    QVERIFY(PduCodec::encode(Pdu::request(CommandId::BindTransmitter, 1, nul), &status).isEmpty());
    QCOMPARE(status, ESME_RINVSYSID);

    ShortMessageBody tooLong = submitSmBody();
    tooLong.shortMessage = QByteArray(255, 'a');
    QVERIFY(PduCodec::encode(Pdu::request(CommandId::SubmitSm, 1, tooLong), &status).isEmpty());
    QCOMPARE(status, ESME_RINVMSGLEN);

    ShortMessageBody hugeTlv = submitSmBody();
    hugeTlv.tlvs = {Tlv{TlvTag::MessagePayload, QByteArray(70000, 'a')}};
    QVERIFY(PduCodec::encode(Pdu::request(CommandId::SubmitSm, 1, hugeTlv), &status).isEmpty());
    QCOMPARE(status, ESME_RINVPARLEN);

    ShortMessageBody badState = submitSmBody();
    badState.tlvs = {Tlv::integer(TlvTag::MessageState, 2, 2)};
    QVERIFY(PduCodec::encode(Pdu::request(CommandId::DeliverSm, 1, badState), &status).isEmpty());
    QCOMPARE(status, ESME_RINVPARLEN);

    QVERIFY(PduCodec::encode(Pdu::request(CommandId::SubmitSm, 1, BindBody{}), &status).isEmpty());
    QCOMPARE(status, ESME_RSYSERR);
    QVERIFY(PduCodec::encode(Pdu::request(CommandId::SubmitSm, 1), &status).isEmpty()); // a request needs its body
    QCOMPARE(status, ESME_RSYSERR);
    QVERIFY(PduCodec::encode(Pdu::request(CommandId(0x99), 1), &status).isEmpty());
    QCOMPARE(status, ESME_RINVCMDID);

    SubmitMultiBody noOne;
    QVERIFY(PduCodec::encode(Pdu::request(CommandId::SubmitMulti, 1, noOne), &status).isEmpty());
    QCOMPARE(status, ESME_RINVNUMDESTS);

    SubmitMultiBody listWithTon;
    listWithTon.destinations = {MultiDestination{MultiDestination::DistributionListFlag, 1, 0, "staff"}};
    QVERIFY(PduCodec::encode(Pdu::request(CommandId::SubmitMulti, 1, listWithTon), &status).isEmpty());
    QCOMPARE(status, ESME_RINVDESTFLAG);
}

void SmppPduTest::responsesMatchTheirRequests()
{
    const Pdu bind = Pdu::request(CommandId::BindTransceiver, 31);
    const Pdu answer = Pdu::response(bind, ESME_RINVPASWD);
    QCOMPARE(answer.command(), CommandId::BindTransceiverResp);
    QCOMPARE(answer.header.sequenceNumber, 31u);
    QCOMPARE(answer.header.commandStatus, ESME_RINVPASWD);

    QCOMPARE(Pdu::response(Pdu::request(CommandId::DataSm, 1), ESME_ROK).command(), CommandId::DataSmResp);
    QCOMPARE(Pdu::response(Pdu::request(CommandId::SubmitSm, 1), ESME_RINVCMDLEN).command(), CommandId::GenericNack);
    QCOMPARE(Pdu::response(Pdu::request(CommandId::Outbind, 1), ESME_RSYSERR).command(), CommandId::GenericNack);
    QCOMPARE(Pdu::response(Pdu::request(CommandId::SubmitSmResp, 1), ESME_RSYSERR).command(),
             CommandId::GenericNack);
    QCOMPARE(responseIdFor(quint32(CommandId::EnquireLink)), std::optional<quint32>(0x80000015));
    QVERIFY(!responseIdFor(quint32(CommandId::AlertNotification)));
}

void SmppPduTest::tlvHelpers()
{
    QList<Tlv> tlvs;
    setTlv(tlvs, Tlv::integer(TlvTag::SarMsgRefNum, 0x1234, 2));
    setTlv(tlvs, Tlv::cString(TlvTag::ReceiptedMessageId, "abc"));
    setTlv(tlvs, Tlv::integer(TlvTag::SarMsgRefNum, 0x4321, 2)); // replaces, keeps the place
    QCOMPARE(tlvs.size(), qsizetype(2));
    QCOMPARE(tlvs.first().value, hex("4321"));
    QCOMPARE(findTlv(tlvs, TlvTag::SarMsgRefNum)->toInteger(), std::optional<quint32>(0x4321));
    QCOMPARE(findTlv(tlvs, TlvTag::ReceiptedMessageId)->value, QByteArray("abc\0", 4));
    QCOMPARE(findTlv(tlvs, TlvTag::ReceiptedMessageId)->toCString(), QByteArray("abc"));
    QVERIFY(!findTlv(tlvs, TlvTag::MessageState));
    QCOMPARE((Tlv{0x1E, "no-nul"}).toCString(), QByteArray("no-nul")); // as carriers send it
    QCOMPARE(Tlv::integer(TlvTag::NetworkErrorCode, 0x030001, 3).value, hex("030001"));
    QVERIFY(!(Tlv{1, QByteArray()}).toInteger());
    QVERIFY(!(Tlv{1, hex("0102030405")}).toInteger());
}

QTEST_APPLESS_MAIN(SmppPduTest)
#include "tst_smpppdu.moc"
