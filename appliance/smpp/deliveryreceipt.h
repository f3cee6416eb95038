#pragma once

#include "smpp/pdu.h"

#include <QDateTime>
#include <QString>

namespace ogene::smpp {

// The delivery receipt of SMPP 3.4 Appendix B, carried as the text of a deliver_sm:
//   id:<id> sub:001 dlvrd:001 submit date:YYMMDDhhmm done date:YYMMDDhhmm stat:DELIVRD err:000 text:<…>
// The appendix is only an example, and carriers vary on it (fields missing or reordered, keys
// capitalised, extra spaces, seconds in dates), so parsing takes whatever of it is there. Dates
// are read and written as UTC: the format has no zone.
struct DeliveryReceipt
{
    QString messageId; // as written: hex, decimal, whatever the SMSC uses
    int submitted = 1;
    int delivered = 0;
    QDateTime submitDate;
    QDateTime doneDate;
    QString stat;      // DELIVRD, EXPIRED, DELETED, UNDELIV, ACCEPTD, UNKNOWN, REJECTD (ENROUTE)
    QString error = QStringLiteral("000");
    QString text;      // the start of the message; only its first 20 characters are written

    bool operator==(const DeliveryReceipt &) const = default;

    QString toText() const;
    // nullopt unless the text has an id or a stat field: then it is no receipt. Fields the text
    // lacks keep their defaults; stat comes back in capitals.
    static std::optional<DeliveryReceipt> parse(const QString &text);
    // A receipt from a deliver_sm with esm_class "SMSC delivery receipt"; its receipted_message_id
    // and message_state TLVs, when present, win over the text (they are the normative fields).
    static std::optional<DeliveryReceipt> fromDeliverSm(const ShortMessageBody &body);
    // The deliver_sm that carries this receipt from `source` (the original recipient) to
    // `destination` (the original sender): esm_class 0x04, data_coding 0, the text, and the
    // receipted_message_id and message_state TLVs.
    Pdu toDeliverSm(quint32 sequenceNumber, const SmeAddress &source, const SmeAddress &destination) const;

    static QString statOf(MessageState state);
    static std::optional<MessageState> messageStateOf(const QString &stat);
};

} // namespace ogene::smpp
