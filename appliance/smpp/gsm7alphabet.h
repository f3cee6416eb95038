#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <optional>

namespace ogene::smpp {

// The GSM 03.38 default alphabet in SMPP's unpacked form: one septet per octet, as the SMSC
// default alphabet travels over SMPP (the SMSC packs septets only for the air interface).
// Characters of the extension table (^ { } \ [ ~ ] | € and form feed) take two octets, the
// escape 0x1B and the character's code.
class Gsm7Alphabet
{
public:
    // nullopt when an octet has its top bit set: that is no septet. An escape followed by a code
    // the extension table does not have shows that code's basic character, and an escape with
    // nothing after it, or before another escape, shows a space: what GSM 03.38 tells a phone to do.
    static std::optional<QString> decodeUnpacked(QByteArrayView septets);
    // Meant for text SmsText::analyze calls GSM 7-bit; anything outside the alphabet becomes '?'.
    static QByteArray encodeUnpacked(const QString &text);
};

} // namespace ogene::smpp
