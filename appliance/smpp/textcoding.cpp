#include "smpp/textcoding.h"

#include "smpp/gsm7alphabet.h"
#include "smpp/smppconstants.h"

namespace ogene::smpp {

bool TextCoding::isSupported(quint8 dataCoding)
{
    return dataCoding == DataCoding::SmscDefault || dataCoding == DataCoding::Ia5
        || dataCoding == DataCoding::Latin1 || dataCoding == DataCoding::Ucs2;
}

std::optional<QString> TextCoding::decode(quint8 dataCoding, QByteArrayView octets)
{
    switch (dataCoding) {
    case DataCoding::SmscDefault:
        return Gsm7Alphabet::decodeUnpacked(octets);
    case DataCoding::Ia5:
        for (char octet : octets) {
            if (quint8(octet) > 0x7F)
                return std::nullopt;
        }
        return QString::fromLatin1(octets);
    case DataCoding::Latin1:
        return QString::fromLatin1(octets);
    case DataCoding::Ucs2: {
        if (octets.size() % 2 != 0)
            return std::nullopt;
        QString text(octets.size() / 2, Qt::Uninitialized);
        for (qsizetype i = 0; i < text.size(); ++i)
            text[i] = QChar(char16_t(quint8(octets[2 * i]) << 8 | quint8(octets[2 * i + 1])));
        return text;
    }
    default:
        return std::nullopt;
    }
}

QByteArray TextCoding::encode(quint8 dataCoding, const QString &text)
{
    switch (dataCoding) {
    case DataCoding::SmscDefault:
        return gsm7Unpacked(text);
    case DataCoding::Ia5:
        return ia5(text);
    case DataCoding::Latin1:
        return latin1(text);
    case DataCoding::Ucs2:
        return ucs2(text);
    default:
        return QByteArray();
    }
}

QByteArray TextCoding::gsm7Unpacked(const QString &text)
{
    return Gsm7Alphabet::encodeUnpacked(text);
}

QByteArray TextCoding::ia5(const QString &text)
{
    QByteArray octets = latin1(text);
    for (char &octet : octets) {
        if (quint8(octet) > 0x7F)
            octet = '?';
    }
    return octets;
}

QByteArray TextCoding::latin1(const QString &text)
{
    // Qt's own conversion turns each UTF-16 unit it cannot map into '?', so an emoji would become
    // two of them; count it once, as the reader sees one lost character.
    QString single;
    single.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        single.append(text.at(i));
        if (text.at(i).isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate())
            ++i;
    }
    return single.toLatin1();
}

QByteArray TextCoding::ucs2(const QString &text)
{
    QByteArray octets;
    octets.reserve(text.size() * 2);
    for (QChar unit : text) {
        octets.append(char(unit.unicode() >> 8));
        octets.append(char(unit.unicode() & 0xFF));
    }
    return octets;
}

} // namespace ogene::smpp
