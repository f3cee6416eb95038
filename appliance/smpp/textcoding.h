#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <optional>

namespace ogene::smpp {

// Text to and from the octets of a short message, for the data_coding values Ogene supports:
// 0 (SMSC default: GSM 03.38, unpacked), 1 (IA5, i.e. ASCII), 3 (Latin-1) and 8 (UCS-2 big-endian;
// surrogate pairs are accepted and written, as every phone reads UTF-16 there).
class TextCoding
{
public:
    static bool isSupported(quint8 dataCoding);
    // nullopt for an unsupported coding or octets that are not text in it (an octet over 0x7F in
    // GSM or IA5, an odd number of octets in UCS-2).
    static std::optional<QString> decode(quint8 dataCoding, QByteArrayView octets);
    // Characters the coding lacks become '?'; empty for an unsupported coding.
    static QByteArray encode(quint8 dataCoding, const QString &text);

    static QByteArray gsm7Unpacked(const QString &text);
    static QByteArray ia5(const QString &text);
    static QByteArray latin1(const QString &text);
    static QByteArray ucs2(const QString &text);
};

} // namespace ogene::smpp
