// What an SMPP short message says: its text in each data_coding, its place in a concatenated
// message (UDH or SAR TLVs), long texts cut into parts, and SMPP 3.4 Appendix B delivery receipts.
#include "smpp/deliveryreceipt.h"
#include "smpp/messagesplitter.h"
#include "smpp/pducodec.h"
#include "smpp/shortmessagedecoder.h"
#include "smpp/textcoding.h"

#include <ogene/smstext.h>

#include <QTest>

using namespace ogene::smpp;
using namespace ogene::smpp::CommandStatus;

namespace {

QByteArray hex(const char *octets)
{
    return QByteArray::fromHex(octets);
}

QString utf8(const char *text)
{
    return QString::fromUtf8(text);
}

ShortMessageDecoder::Result decode(quint8 esmClass, quint8 dataCoding, const QByteArray &shortMessage,
                                   const QList<Tlv> &tlvs = {})
{
    return ShortMessageDecoder::decode(esmClass, dataCoding, shortMessage, tlvs);
}

// The text of every part, checked to be one message in order, joined.
QString reassemble(const QList<QByteArray> &parts, quint8 dataCoding)
{
    QString text;
    for (qsizetype i = 0; i < parts.size(); ++i) {
        const ShortMessageDecoder::Result part =
            decode(parts.size() > 1 ? EsmClass::Udhi : 0, dataCoding, parts.at(i));
        if (!part.ok())
            return QStringLiteral("<part %1: %2>").arg(i + 1).arg(statusName(part.status));
        if (parts.size() > 1) {
            const Concatenation expected{0x2A, quint8(parts.size()), quint8(i + 1)};
            if (part.content.concatenation != expected)
                return QStringLiteral("<part %1 misplaced>").arg(i + 1);
        }
        text += part.content.text;
    }
    return text;
}

} // namespace

class SmppContentTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void gsmUnpackedWithEscapes();
    void gsmOddEscapesShowWhatAPhoneShows();
    void ia5AndLatin1();
    void ucs2WithASurrogatePair();
    void unsupportedOrInvalidCodingIsRefused_data();
    void unsupportedOrInvalidCodingIsRefused();
    void udhWith8BitReference();
    void udhWith16BitReferenceBeforeUcs2();
    void udhSkipsOtherElements();
    void malformedUdh_data();
    void malformedUdh();
    void sarTlvs();
    void messagePayload();
    void shortMessageAndPayloadTogetherIsRefused();
    void splitsLongTextsAndReassembles_data();
    void splitsLongTextsAndReassembles();
    void splitNeverBreaksAnEscapeOrSurrogatePair();
    void splitRefusesWhatCannotBeSent();
    void receiptTextFormat();
    void receiptParsesTolerantly_data();
    void receiptParsesTolerantly();
    void notAReceipt();
    void receiptTlvsWinOverText();
};

void SmppContentTest::gsmUnpackedWithEscapes()
{
    const QByteArray octets = hex("1B65 20 1B14 20 1B28 1B29 20 1B2F 1B3C 1B3D 1B3E 1B40 1B0A")  // € ^ {} \[~]| FF
        + hex("00 01 02 10 11 5F 7F 1A 1C 1F 0D 0A");                                        // @£$Δ_§àΞÆÉ CR LF
    const QString text = utf8("€ ^ {} \\[~]|\f@£$Δ_§àΞÆÉ\r\n");
    const ShortMessageDecoder::Result result = decode(0, DataCoding::SmscDefault, octets);
    QVERIFY(result.ok());
    QCOMPARE(result.content.text, text);
    QVERIFY(!result.content.concatenation);
    QCOMPARE(TextCoding::gsm7Unpacked(text), octets);
    QCOMPARE(TextCoding::gsm7Unpacked(QStringLiteral("Hello")), QByteArray("Hello"));
    // Not GSM: one '?' per character, an emoji included.
    QCOMPARE(TextCoding::gsm7Unpacked(utf8("aЖ😀b")), QByteArray("a??b"));
}

void SmppContentTest::gsmOddEscapesShowWhatAPhoneShows()
{
    // GSM 03.38: an escaped code missing from the extension table shows its basic character;
    // an escape with nothing to escape shows a space.
    QCOMPARE(decode(0, 0, hex("1B41 42")).content.text, QStringLiteral("AB"));
    QCOMPARE(decode(0, 0, hex("41 1B")).content.text, QStringLiteral("A "));
    QCOMPARE(decode(0, 0, hex("1B 1B65")).content.text, utf8(" €"));
    QCOMPARE(decode(0, 0, hex("1B80")).status, ESME_RINVDCS);
}

void SmppContentTest::ia5AndLatin1()
{
    QCOMPARE(decode(0, DataCoding::Ia5, "Hi [there]_").content.text, QStringLiteral("Hi [there]_"));
    QCOMPARE(decode(0, DataCoding::Latin1, hex("436166E9 20A3 35")).content.text, utf8("Café £5"));
    QCOMPARE(TextCoding::latin1(utf8("Café £5")), hex("436166E9 20A3 35"));
    QCOMPARE(TextCoding::latin1(utf8("a😀b")), QByteArray("a?b"));
    QCOMPARE(TextCoding::ia5(utf8("Café")), QByteArray("Caf?"));
}

void SmppContentTest::ucs2WithASurrogatePair()
{
    const QByteArray octets = hex("0048 0069 0020 D83D DE00 0020 0416"); // "Hi 😀 Ж"
    const ShortMessageDecoder::Result result = decode(0, DataCoding::Ucs2, octets);
    QVERIFY(result.ok());
    QCOMPARE(result.content.text, utf8("Hi 😀 Ж"));
    QCOMPARE(TextCoding::ucs2(utf8("Hi 😀 Ж")), octets);
}

void SmppContentTest::unsupportedOrInvalidCodingIsRefused_data()
{
    QTest::addColumn<quint8>("dataCoding");
    QTest::addColumn<QByteArray>("octets");
    QTest::newRow("8-bit binary") << quint8(0x04) << QByteArray("abc");
    QTest::newRow("class 0 GSM") << quint8(0xF0) << QByteArray("abc");
    QTest::newRow("JIS") << quint8(0x05) << QByteArray("abc");
    QTest::newRow("GSM octet over 0x7F") << quint8(0) << hex("41 C3A9");
    QTest::newRow("IA5 octet over 0x7F") << quint8(1) << hex("41 E9");
    QTest::newRow("UCS-2 of odd length") << quint8(8) << hex("0048 00");
}

void SmppContentTest::unsupportedOrInvalidCodingIsRefused()
{
    QFETCH(quint8, dataCoding);
    QFETCH(QByteArray, octets);
    QCOMPARE(statusName(decode(0, dataCoding, octets).status), QStringLiteral("ESME_RINVDCS"));
    QCOMPARE(ESME_RINVDCS, 0x104u); // SMPP 5.0's number for it
}

void SmppContentTest::udhWith8BitReference()
{
    const ShortMessageDecoder::Result result = decode(EsmClass::Udhi, 0, hex("050003 2A 03 02") + "Hello");
    QVERIFY(result.ok());
    QCOMPARE(result.content.text, QStringLiteral("Hello"));
    QCOMPARE(result.content.concatenation, std::optional(Concatenation{0x2A, 3, 2}));
    // Without UDHI the same octets are all text.
    QCOMPARE(decode(0, 0, hex("050003 2A 03 02") + "Hi").content.text.size(), qsizetype(8));
}

void SmppContentTest::udhWith16BitReferenceBeforeUcs2()
{
    // The UDH is octets; only what follows is UCS-2.
    const ShortMessageDecoder::Result result =
        decode(EsmClass::Udhi, DataCoding::Ucs2, hex("060804 1234 02 01 0048 0069"));
    QVERIFY(result.ok());
    QCOMPARE(result.content.text, QStringLiteral("Hi"));
    QCOMPARE(result.content.concatenation, std::optional(Concatenation{0x1234, 2, 1}));
}

void SmppContentTest::udhSkipsOtherElements()
{
    // Application port addressing (IE 0x05) first, then the concatenation element.
    const ShortMessageDecoder::Result result =
        decode(EsmClass::Udhi, 0, hex("0B 0504 0B84 23F0 0003 07 02 02") + "end");
    QVERIFY(result.ok());
    QCOMPARE(result.content.text, QStringLiteral("end"));
    QCOMPARE(result.content.concatenation, std::optional(Concatenation{7, 2, 2}));
    // A UDH without a concatenation element: a single message.
    const ShortMessageDecoder::Result single = decode(EsmClass::Udhi, 0, hex("06 0504 0B84 23F0") + "x");
    QVERIFY(single.ok());
    QVERIFY(!single.content.concatenation);
    QCOMPARE(single.content.text, QStringLiteral("x"));
}

void SmppContentTest::malformedUdh_data()
{
    QTest::addColumn<QByteArray>("shortMessage");
    QTest::newRow("UDHI but no octets") << QByteArray();
    QTest::newRow("UDH length past the end") << hex("0A 0003 01 02 01");
    QTest::newRow("element length past the UDH") << hex("05 0004 01 02 01 41");
    QTest::newRow("element header cut") << hex("01 00 41");
    QTest::newRow("8-bit element of 4 octets") << hex("06 0004 01 02 01 00 41");
    QTest::newRow("16-bit element of 3 octets") << hex("05 0803 01 02 01 41");
    QTest::newRow("total 0") << hex("05 0003 01 00 00 41");
    QTest::newRow("sequence 0") << hex("05 0003 01 02 00 41");
    QTest::newRow("sequence past total") << hex("05 0003 01 02 03 41");
}

void SmppContentTest::malformedUdh()
{
    QFETCH(QByteArray, shortMessage);
    QCOMPARE(statusName(decode(EsmClass::Udhi, 0, shortMessage).status), QStringLiteral("ESME_RINVESMCLASS"));
}

void SmppContentTest::sarTlvs()
{
    const QList<Tlv> sar{Tlv::integer(TlvTag::SarMsgRefNum, 0x0102, 2), Tlv::integer(TlvTag::SarTotalSegments, 3, 1),
                         Tlv::integer(TlvTag::SarSegmentSeqnum, 1, 1)};
    const ShortMessageDecoder::Result result = decode(0, 0, "part one", sar);
    QVERIFY(result.ok());
    QCOMPARE(result.content.concatenation, std::optional(Concatenation{0x0102, 3, 1}));
    QCOMPARE(result.content.text, QStringLiteral("part one"));

    // A UDH, when there is one, is what places the part.
    QCOMPARE(decode(EsmClass::Udhi, 0, hex("050003 09 02 02") + "x", sar).content.concatenation,
             std::optional(Concatenation{9, 2, 2}));

    QCOMPARE(decode(0, 0, "x", sar.mid(0, 2)).status, ESME_RMISSINGOPTPARAM);
    QList<Tlv> beyond = sar;
    setTlv(beyond, Tlv::integer(TlvTag::SarSegmentSeqnum, 4, 1));
    QCOMPARE(decode(0, 0, "x", beyond).status, ESME_RINVOPTPARAMVAL);
    QList<Tlv> none = sar;
    setTlv(none, Tlv::integer(TlvTag::SarTotalSegments, 0, 1));
    QCOMPARE(decode(0, 0, "x", none).status, ESME_RINVOPTPARAMVAL);
    QList<Tlv> wide = sar;
    setTlv(wide, Tlv::integer(TlvTag::SarMsgRefNum, 1, 4));
    QCOMPARE(decode(0, 0, "x", wide).status, ESME_RINVPARLEN);
}

void SmppContentTest::messagePayload()
{
    const QString longText = QString(400, QLatin1Char('z'));
    ShortMessageBody body;
    body.dataCoding = DataCoding::SmscDefault;
    body.tlvs = {Tlv{TlvTag::MessagePayload, TextCoding::gsm7Unpacked(longText)}};
    const ShortMessageDecoder::Result result = ShortMessageDecoder::decode(body);
    QVERIFY(result.ok());
    QCOMPARE(result.content.text, longText);

    DataSmBody data;
    data.dataCoding = DataCoding::Ucs2;
    data.esmClass = EsmClass::Udhi;
    data.tlvs = {Tlv{TlvTag::MessagePayload, hex("050003 01 02 02 0416")}};
    const ShortMessageDecoder::Result fromData = ShortMessageDecoder::decode(data);
    QVERIFY(fromData.ok());
    QCOMPARE(fromData.content.text, utf8("Ж"));
    QCOMPARE(fromData.content.concatenation, std::optional(Concatenation{1, 2, 2}));
}

void SmppContentTest::shortMessageAndPayloadTogetherIsRefused()
{
    ShortMessageBody body;
    body.shortMessage = "short";
    body.tlvs = {Tlv{TlvTag::MessagePayload, "payload"}};
    QCOMPARE(ShortMessageDecoder::decode(body).status, ESME_ROPTPARNOTALLWD);
    // An empty message_payload still counts as one.
    body.tlvs = {Tlv{TlvTag::MessagePayload, QByteArray()}};
    QCOMPARE(ShortMessageDecoder::decode(body).status, ESME_ROPTPARNOTALLWD);
}

void SmppContentTest::splitsLongTextsAndReassembles_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<quint8>("dataCoding");
    QTest::addColumn<QList<int>>("partSizes"); // short_message octets of each part, UDH included

    QTest::newRow("gsm 160 in one") << QString(160, QLatin1Char('a')) << quint8(0) << QList<int>{160};
    QTest::newRow("gsm 161 in two") << QString(161, QLatin1Char('a')) << quint8(0) << QList<int>{159, 14};
    QTest::newRow("gsm 306 in two") << QString(306, QLatin1Char('a')) << quint8(0) << QList<int>{159, 159};
    QTest::newRow("gsm 307 in three") << QString(307, QLatin1Char('a')) << quint8(0) << QList<int>{159, 159, 7};
    QTest::newRow("gsm escapes") << QString(100, QLatin1Char('{')) << quint8(0) << QList<int>{158, 54};
    QTest::newRow("ucs2 70 in one") << QString(70, QChar(0x416)) << quint8(8) << QList<int>{140};
    QTest::newRow("ucs2 71 in two") << QString(71, QChar(0x416)) << quint8(8) << QList<int>{140, 14};
    QTest::newRow("ucs2 emoji") << utf8("😀").repeated(40) << quint8(8) << QList<int>{138, 34};
    QTest::newRow("latin1 140 in one") << QString(140, QChar(0xE9)) << quint8(3) << QList<int>{140};
    QTest::newRow("latin1 141 in two") << QString(141, QChar(0xE9)) << quint8(3) << QList<int>{140, 13};
    QTest::newRow("ia5 200") << QString(200, QLatin1Char('q')) << quint8(1) << QList<int>{140, 72};
}

void SmppContentTest::splitsLongTextsAndReassembles()
{
    QFETCH(QString, text);
    QFETCH(quint8, dataCoding);
    QFETCH(QList<int>, partSizes);
    const QList<QByteArray> parts = MessageSplitter::split(text, dataCoding, 0x2A);
    QList<int> sizes;
    for (const QByteArray &part : parts)
        sizes.append(int(part.size()));
    QCOMPARE(sizes, partSizes);
    QCOMPARE(reassemble(parts, dataCoding), text);
}

void SmppContentTest::splitNeverBreaksAnEscapeOrSurrogatePair()
{
    // 152 septets, then '€' (two): it cannot end the first part, which keeps 152.
    const QString gsm = QString(152, QLatin1Char('a')) + utf8("€") + QString(10, QLatin1Char('b'));
    const QList<QByteArray> gsmParts = MessageSplitter::split(gsm, 0, 0x2A);
    QCOMPARE(gsmParts.size(), qsizetype(2));
    QCOMPARE(gsmParts.at(0).size(), qsizetype(6 + 152));
    QVERIFY(gsmParts.at(1).mid(6).startsWith(hex("1B65")));
    QCOMPARE(reassemble(gsmParts, 0), gsm);
    // SmsText, which prices the message, cuts it into as many parts.
    QCOMPARE(ogene::SmsText::analyze(gsm).segments(), int(gsmParts.size()));

    // 66 UCS-2 units, then an emoji (two): the first part keeps 66.
    const QString ucs2 = QString(66, QChar(0x416)) + utf8("😀") + QString(5, QChar(0x416));
    const QList<QByteArray> ucs2Parts = MessageSplitter::split(ucs2, 8, 0x2A);
    QCOMPARE(ucs2Parts.size(), qsizetype(2));
    QCOMPARE(ucs2Parts.at(0).size(), qsizetype(6 + 132));
    QCOMPARE(reassemble(ucs2Parts, 8), ucs2);
    QCOMPARE(ogene::SmsText::analyze(ucs2).segments(), int(ucs2Parts.size()));
}

void SmppContentTest::splitRefusesWhatCannotBeSent()
{
    QVERIFY(MessageSplitter::split(QString(), 0, 1).isEmpty());
    QVERIFY(MessageSplitter::split(QStringLiteral("hi"), 0x04, 1).isEmpty());
    QCOMPARE(MessageSplitter::split(QString(153 * 255, QLatin1Char('a')), 0, 1).size(), qsizetype(255));
    QVERIFY(MessageSplitter::split(QString(153 * 255 + 1, QLatin1Char('a')), 0, 1).isEmpty());
}

void SmppContentTest::receiptTextFormat()
{
    DeliveryReceipt receipt;
    receipt.messageId = QStringLiteral("7A3F9B2C");
    receipt.submitted = 1;
    receipt.delivered = 0;
    receipt.submitDate = QDateTime(QDate(2024, 2, 29), QTime(23, 59, 41), Qt::UTC);
    receipt.doneDate = QDateTime(QDate(2024, 3, 1), QTime(0, 5), Qt::UTC);
    receipt.stat = QStringLiteral("UNDELIV");
    receipt.error = QStringLiteral("001");
    receipt.text = utf8("Your code is 1234, valid 5 minutes 😀");
    QCOMPARE(receipt.toText(), QStringLiteral("id:7A3F9B2C sub:001 dlvrd:000 submit date:2402292359 "
                                              "done date:2403010005 stat:UNDELIV err:001 text:Your code is 1234, v"));
    // The text keeps 20 characters, an emoji being one.
    receipt.text = utf8("😀").repeated(25);
    QVERIFY(receipt.toText().endsWith(QStringLiteral("text:") + utf8("😀").repeated(20)));
    receipt.text = QStringLiteral("100% %2 done");
    QVERIFY(receipt.toText().endsWith(QStringLiteral("text:100% %2 done")));

    QCOMPARE(DeliveryReceipt::statOf(MessageState::Rejected), QStringLiteral("REJECTD"));
    QCOMPARE(DeliveryReceipt::messageStateOf(QStringLiteral("delivrd")), std::optional(MessageState::Delivered));
    QVERIFY(!DeliveryReceipt::messageStateOf(QStringLiteral("DELIVERED")));
}

void SmppContentTest::receiptParsesTolerantly_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("stat");
    QTest::addColumn<QString>("error");
    QTest::addColumn<QDateTime>("doneDate");
    QTest::addColumn<QString>("messageText");
    const QDateTime done(QDate(2024, 1, 15), QTime(12, 31), Qt::UTC);

    QTest::newRow("appendix B, decimal id")
        << "id:1234567890 sub:001 dlvrd:001 submit date:2401151230 done date:2401151231 stat:DELIVRD err:000 text:Hello"
        << "1234567890" << "DELIVRD" << "000" << done << "Hello";
    QTest::newRow("hex id") << "id:c449ab9744f47b6af1879e49e75e4f40 sub:001 dlvrd:000 submit date:2401151230 "
                               "done date:2401151231 stat:UNDELIV err:034 text:"
                            << "c449ab9744f47b6af1879e49e75e4f40" << "UNDELIV" << "034" << done << "";
    QTest::newRow("no text field")
        << "id:77 sub:001 dlvrd:001 submit date:2401151230 done date:2401151231 stat:DELIVRD err:000"
        << "77" << "DELIVRD" << "000" << done << "";
    QTest::newRow("capitalised keys")
        << "ID:A1 Sub:001 Dlvrd:001 Submit Date:2401151230 Done Date:2401151231 Stat:delivrd Err:000 Text:Hi there"
        << "A1" << "DELIVRD" << "000" << done << "Hi there";
    QTest::newRow("extra spaces and seconds")
        << "id: 42  sub:1  dlvrd:1  submit date: 240115123000  done date: 240115123100  stat: EXPIRED  err: 0  text: x"
        << "42" << "EXPIRED" << "0" << done << "x";
    QTest::newRow("underscored dates, reordered")
        << "stat:REJECTD id:abc-9 done_date:2401151231 err:0x0B" << "abc-9" << "REJECTD" << "0x0B" << done << "";
    QTest::newRow("text holding keys") << "id:5 stat:DELIVRD text:stat:FAILED id:6" << "5" << "DELIVRD" << "000"
                                       << QDateTime() << "stat:FAILED id:6";
}

void SmppContentTest::receiptParsesTolerantly()
{
    QFETCH(QString, text);
    QFETCH(QString, id);
    QFETCH(QString, stat);
    QFETCH(QString, error);
    QFETCH(QDateTime, doneDate);
    QFETCH(QString, messageText);
    const std::optional<DeliveryReceipt> receipt = DeliveryReceipt::parse(text);
    QVERIFY(receipt);
    QCOMPARE(receipt->messageId, id);
    QCOMPARE(receipt->stat, stat);
    QCOMPARE(receipt->error, error);
    QCOMPARE(receipt->doneDate, doneDate);
    QCOMPARE(receipt->text, messageText);
}

void SmppContentTest::notAReceipt()
{
    QVERIFY(!DeliveryReceipt::parse(QStringLiteral("Hello, are you coming tonight?")));
    QVERIFY(!DeliveryReceipt::parse(QString()));
    QVERIFY(!DeliveryReceipt::parse(QStringLiteral("paid:yes")));
    ShortMessageBody mobileOriginated;
    mobileOriginated.shortMessage = "id:1 stat:DELIVRD";
    QVERIFY(!DeliveryReceipt::fromDeliverSm(mobileOriginated)); // esm_class says it is a plain message
}

void SmppContentTest::receiptTlvsWinOverText()
{
    ShortMessageBody body;
    body.esmClass = EsmClass::DeliveryReceipt;
    body.shortMessage = "id:123 sub:001 dlvrd:000 submit date:2401151230 done date:2401151231 stat:ENROUTE err:000";
    body.tlvs = {Tlv{TlvTag::ReceiptedMessageId, "7B"}, // no NUL, as some carriers send it
                 Tlv::integer(TlvTag::MessageState, quint8(MessageState::Delivered), 1)};
    std::optional<DeliveryReceipt> receipt = DeliveryReceipt::fromDeliverSm(body);
    QVERIFY(receipt);
    QCOMPARE(receipt->messageId, QStringLiteral("7B"));
    QCOMPARE(receipt->stat, QStringLiteral("DELIVRD"));

    // TLVs alone make a receipt; a text in a coding Ogene cannot read still gives its fields.
    body.shortMessage.clear();
    QCOMPARE(DeliveryReceipt::fromDeliverSm(body)->messageId, QStringLiteral("7B"));
    body.tlvs.clear();
    body.dataCoding = 0x04;
    body.shortMessage = "id:99 stat:EXPIRED";
    receipt = DeliveryReceipt::fromDeliverSm(body);
    QVERIFY(receipt);
    QCOMPARE(receipt->messageId, QStringLiteral("99"));
    QCOMPARE(receipt->stat, QStringLiteral("EXPIRED"));

    // Through the wire and back.
    DeliveryReceipt sent;
    sent.messageId = QStringLiteral("98765");
    sent.delivered = 1;
    sent.submitDate = QDateTime(QDate(2025, 6, 1), QTime(8, 0), Qt::UTC);
    sent.doneDate = QDateTime(QDate(2025, 6, 1), QTime(8, 1), Qt::UTC);
    sent.stat = QStringLiteral("DELIVRD");
    sent.text = utf8("Prix: 5€ {promo}");
    const QByteArray octets = PduCodec::encode(sent.toDeliverSm(3, SmeAddress{1, 1, "2348012345678"},
                                                                SmeAddress{5, 0, "Ogene"}));
    const DecodeResult decoded = PduCodec::decode(octets);
    QVERIFY(decoded.ok());
    const auto &deliver = std::get<ShortMessageBody>(decoded.pdu->body);
    QCOMPARE(deliver.esmClass, EsmClass::DeliveryReceipt);
    QCOMPARE(deliver.dataCoding, DataCoding::SmscDefault);
    QCOMPARE(deliver.destinationAddr, QByteArray("Ogene"));
    QCOMPARE(DeliveryReceipt::fromDeliverSm(deliver), std::optional(sent));
}

QTEST_APPLESS_MAIN(SmppContentTest)
#include "tst_smppcontent.moc"
