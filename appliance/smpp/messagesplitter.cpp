#include "smpp/messagesplitter.h"

#include "smpp/smppconstants.h"
#include "smpp/textcoding.h"

namespace ogene::smpp {
namespace {

struct Capacity
{
    qsizetype single; // octets of a message in one part
    qsizetype part;   // octets after the 6-octet UDH of one part
};

// Unpacked GSM takes an octet per septet, so its limits in octets are its limits in septets.
Capacity capacityOf(quint8 dataCoding)
{
    if (dataCoding == DataCoding::SmscDefault)
        return {160, 153};
    return {140, 134};
}

QByteArray concatenationUdh(quint8 reference, int total, int sequence)
{
    const char octets[] = {0x05, 0x00, 0x03, char(reference), char(total), char(sequence)};
    return QByteArray(octets, sizeof octets);
}

} // namespace

QList<QByteArray> MessageSplitter::split(const QString &text, quint8 dataCoding, quint8 reference)
{
    if (text.isEmpty() || !TextCoding::isSupported(dataCoding))
        return {};
    const Capacity capacity = capacityOf(dataCoding);
    const QByteArray whole = TextCoding::encode(dataCoding, text);
    if (whole.size() <= capacity.single)
        return {whole};

    // Encoded a character (a surrogate pair counts as one) at a time, so a cut only ever falls
    // between the octets of whole characters.
    QList<QByteArray> bodies{QByteArray()};
    for (qsizetype i = 0; i < text.size(); ++i) {
        const bool pair = text.at(i).isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate();
        const qsizetype length = pair ? 2 : 1;
        const QByteArray octets = TextCoding::encode(dataCoding, text.mid(i, length));
        i += length - 1;
        if (bodies.last().size() + octets.size() > capacity.part)
            bodies.append(QByteArray());
        bodies.last().append(octets);
    }
    if (bodies.size() > 255)
        return {};
    QList<QByteArray> parts;
    for (int sequence = 1; sequence <= bodies.size(); ++sequence)
        parts.append(concatenationUdh(reference, int(bodies.size()), sequence) + bodies.at(sequence - 1));
    return parts;
}

} // namespace ogene::smpp
