#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

namespace ogene::smpp {

// Cuts a text into the short_message octets of the parts that carry it in a given data_coding,
// the way phones cut: one part if it fits (160 GSM septets, 70 UCS-2 units, 140 octets of IA5 or
// Latin-1), otherwise parts that each begin with a concatenation UDH (8-bit reference; the sender
// sets esm_class UDHI on every part) and hold up to 153 septets, 67 UCS-2 units or 134 octets.
// An escape pair or a surrogate pair is never split, so a part may hold one unit less.
class MessageSplitter
{
public:
    // Empty for an empty text, an unsupported coding, or a text that needs more than 255 parts
    // (the UDH counts parts in one octet).
    static QList<QByteArray> split(const QString &text, quint8 dataCoding, quint8 reference);
};

} // namespace ogene::smpp
