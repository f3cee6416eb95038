#pragma once

#include "smpp/pdu.h"

namespace ogene::smpp {

// Writes the fields of one PDU body, refusing what a reader would refuse (an over-long C-octet
// string, a short_message over 254 octets, a TLV whose value does not fit or has the wrong fixed
// length), with the status the reader would give. So whatever encodes also decodes, to the same
// value. The counterpart of OctetReader, with the same member names.
class OctetWriter
{
public:
    bool ok() const { return m_status == CommandStatus::ESME_ROK; }
    quint32 status() const { return m_status; }
    void fail(quint32 status);
    const QByteArray &bytes() const { return m_bytes; }

    void u8(quint8 value) { m_bytes.append(char(value)); }
    void u32(quint32 value);
    void cString(const QByteArray &value, qsizetype maxLength, quint32 tooLongStatus);
    void shortMessage(const QByteArray &value);
    void tlvs(const QList<Tlv> &tlvs);
    template<class T, class WriteItem>
    void list(const QList<T> &items, int minimum, int maximum, quint32 countStatus, WriteItem writeItem)
    {
        if (items.size() < minimum || items.size() > maximum) {
            fail(countStatus);
            return;
        }
        u8(quint8(items.size()));
        for (const T &item : items)
            writeItem(item);
    }

private:
    void u16(quint16 value);

    QByteArray m_bytes;
    quint32 m_status = CommandStatus::ESME_ROK;
};

} // namespace ogene::smpp
