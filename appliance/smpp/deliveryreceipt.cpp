#include "smpp/deliveryreceipt.h"

#include "smpp/shortmessagedecoder.h"
#include "smpp/textcoding.h"

#include <QRegularExpression>

namespace ogene::smpp {
namespace {

constexpr qsizetype TextCharacters = 20;

struct StatName
{
    MessageState state;
    const char *stat;
};

constexpr StatName statNames[] = {
    {MessageState::Enroute, "ENROUTE"},      {MessageState::Delivered, "DELIVRD"},
    {MessageState::Expired, "EXPIRED"},      {MessageState::Deleted, "DELETED"},
    {MessageState::Undeliverable, "UNDELIV"}, {MessageState::Accepted, "ACCEPTD"},
    {MessageState::Unknown, "UNKNOWN"},      {MessageState::Rejected, "REJECTD"},
};

QString formatDate(const QDateTime &date)
{
    return date.isValid() ? date.toUTC().toString(QStringLiteral("yyMMddHHmm")) : QString();
}

// YYMMDDhhmm, or YYMMDDhhmmss as some SMSCs write it; the century is this one.
QDateTime parseDate(const QString &value)
{
    static const QRegularExpression digits(QStringLiteral(R"(^(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)?$)"));
    const QRegularExpressionMatch match = digits.match(value);
    if (!match.hasMatch())
        return QDateTime();
    const auto number = [&match](int group) { return match.captured(group).toInt(); };
    const QDate date(2000 + number(1), number(2), number(3));
    const QTime time(number(4), number(5), match.hasCaptured(6) ? number(6) : 0);
    if (!date.isValid() || !time.isValid())
        return QDateTime();
    return QDateTime(date, time, Qt::UTC);
}

// At most `count` characters, a surrogate pair being one.
QString firstCharacters(const QString &text, qsizetype count)
{
    qsizetype end = 0;
    for (qsizetype taken = 0; taken < count && end < text.size(); ++taken) {
        const bool pair = text.at(end).isHighSurrogate() && end + 1 < text.size() && text.at(end + 1).isLowSurrogate();
        end += pair ? 2 : 1;
    }
    return text.left(end);
}

// "Submit Date", "submit_date" and "submitdate" are one key.
QString normalisedKey(const QString &key)
{
    QString normalised = key.toLower();
    normalised.remove(QLatin1Char(' '));
    normalised.remove(QLatin1Char('_'));
    return normalised;
}

} // namespace

QString DeliveryReceipt::toText() const
{
    const auto count = [](int value) { return QStringLiteral("%1").arg(value, 3, 10, QLatin1Char('0')); };
    // One multi-argument arg(): a "%2" inside an id or a text stays as it is.
    return QStringLiteral("id:%1 sub:%2 dlvrd:%3 submit date:%4 done date:%5 stat:%6 err:%7 text:%8")
        .arg(messageId, count(submitted), count(delivered), formatDate(submitDate), formatDate(doneDate), stat,
             error, firstCharacters(text, TextCharacters));
}

std::optional<DeliveryReceipt> DeliveryReceipt::parse(const QString &text)
{
    static const QRegularExpression key(
        QStringLiteral(R"(\b(id|sub|dlvrd|submit[ _]*date|done[ _]*date|stat|err|text)\s*:\s*)"),
        QRegularExpression::CaseInsensitiveOption);

    struct Field
    {
        QString key;
        qsizetype keyStart;
        qsizetype valueStart;
    };
    QList<Field> fields;
    QRegularExpressionMatchIterator matches = key.globalMatch(text);
    while (matches.hasNext()) {
        const QRegularExpressionMatch match = matches.next();
        fields.append({normalisedKey(match.captured(1)), match.capturedStart(), match.capturedEnd()});
        // The message text runs to the end and may itself hold "id:" or "stat:".
        if (fields.last().key == QLatin1String("text"))
            break;
    }

    DeliveryReceipt receipt;
    QStringList seen;
    for (qsizetype i = 0; i < fields.size(); ++i) {
        const Field &field = fields.at(i);
        if (seen.contains(field.key))
            continue;
        seen.append(field.key);
        const qsizetype end = i + 1 < fields.size() ? fields.at(i + 1).keyStart : text.size();
        const QString value = text.mid(field.valueStart, end - field.valueStart);
        if (field.key == QLatin1String("text"))
            receipt.text = value;
        else if (field.key == QLatin1String("id"))
            receipt.messageId = value.trimmed();
        else if (field.key == QLatin1String("sub"))
            receipt.submitted = value.trimmed().toInt();
        else if (field.key == QLatin1String("dlvrd"))
            receipt.delivered = value.trimmed().toInt();
        else if (field.key == QLatin1String("submitdate"))
            receipt.submitDate = parseDate(value.trimmed());
        else if (field.key == QLatin1String("donedate"))
            receipt.doneDate = parseDate(value.trimmed());
        else if (field.key == QLatin1String("stat"))
            receipt.stat = value.trimmed().toUpper();
        else if (field.key == QLatin1String("err"))
            receipt.error = value.trimmed();
    }
    if (!seen.contains(QLatin1String("id")) && !seen.contains(QLatin1String("stat")))
        return std::nullopt;
    return receipt;
}

std::optional<DeliveryReceipt> DeliveryReceipt::fromDeliverSm(const ShortMessageBody &body)
{
    if (!(body.esmClass & EsmClass::DeliveryReceipt))
        return std::nullopt;
    const ShortMessageDecoder::Result decoded = ShortMessageDecoder::decode(body);
    QString text;
    if (decoded.ok()) {
        text = decoded.content.text;
    } else {
        // A receipt's fields are ASCII whatever data_coding claims, so a coding Ogene cannot read
        // still leaves them readable.
        const Tlv *payload = findTlv(body.tlvs, TlvTag::MessagePayload);
        text = QString::fromLatin1(body.shortMessage.isEmpty() && payload ? payload->value : body.shortMessage);
    }
    std::optional<DeliveryReceipt> receipt = parse(text);
    const Tlv *receiptedId = findTlv(body.tlvs, TlvTag::ReceiptedMessageId);
    const Tlv *state = findTlv(body.tlvs, TlvTag::MessageState);
    if (!receipt && !receiptedId)
        return std::nullopt;
    if (!receipt)
        receipt = DeliveryReceipt();
    if (receiptedId)
        receipt->messageId = QString::fromLatin1(receiptedId->toCString());
    if (state && state->toInteger()) {
        const QString stat = statOf(MessageState(*state->toInteger()));
        if (!stat.isEmpty())
            receipt->stat = stat;
    }
    return receipt;
}

Pdu DeliveryReceipt::toDeliverSm(quint32 sequenceNumber, const SmeAddress &source, const SmeAddress &destination) const
{
    ShortMessageBody body;
    body.sourceAddrTon = source.ton;
    body.sourceAddrNpi = source.npi;
    body.sourceAddr = source.address;
    body.destAddrTon = destination.ton;
    body.destAddrNpi = destination.npi;
    body.destinationAddr = destination.address;
    body.esmClass = EsmClass::DeliveryReceipt;
    body.dataCoding = DataCoding::SmscDefault;
    body.shortMessage = TextCoding::gsm7Unpacked(toText());
    body.tlvs.append(Tlv::cString(TlvTag::ReceiptedMessageId, messageId.toLatin1()));
    if (const std::optional<MessageState> state = messageStateOf(stat))
        body.tlvs.append(Tlv::integer(TlvTag::MessageState, quint8(*state), 1));
    return Pdu::request(CommandId::DeliverSm, sequenceNumber, body);
}

QString DeliveryReceipt::statOf(MessageState state)
{
    for (const StatName &entry : statNames) {
        if (entry.state == state)
            return QString::fromLatin1(entry.stat);
    }
    return QString();
}

std::optional<MessageState> DeliveryReceipt::messageStateOf(const QString &stat)
{
    for (const StatName &entry : statNames) {
        if (stat.compare(QLatin1String(entry.stat), Qt::CaseInsensitive) == 0)
            return entry.state;
    }
    return std::nullopt;
}

} // namespace ogene::smpp
