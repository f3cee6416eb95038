#pragma once

#include "smpp/pdu.h"

#include <QByteArrayView>

namespace ogene::smpp {

// Reads the fields of one PDU body from its octets and never past their end. The first fault
// sets status() and every read after it yields zeros and empty values, so a body's layout can be
// read straight through and checked once at the end instead of after every field. It has the
// same member names as OctetWriter: bodylayout.h describes each body once for both directions.
class OctetReader
{
public:
    explicit OctetReader(QByteArrayView data) : m_data(data) {}

    bool ok() const { return m_status == CommandStatus::ESME_ROK; }
    quint32 status() const { return m_status; }
    bool atEnd() const { return m_position == m_data.size(); }
    // Keeps the first fault: it is the one the sender needs to hear about.
    void fail(quint32 status);

    void u8(quint8 &value);
    void u32(quint32 &value);
    // A C-octet string of at most maxLength octets counting its NUL. Longer: tooLongStatus, so the
    // peer learns which field is wrong; no NUL before the body ends: ESME_RINVCMDLEN.
    void cString(QByteArray &value, qsizetype maxLength, quint32 tooLongStatus);
    // sm_length, then that many octets of short_message.
    void shortMessage(QByteArray &value);
    // Everything left in the body, as optional parameters.
    void tlvs(QList<Tlv> &tlvs);
    // A one-octet count from minimum to maximum (else countStatus), then that many items.
    template<class T, class ReadItem>
    void list(QList<T> &items, int minimum, int maximum, quint32 countStatus, ReadItem readItem)
    {
        quint8 count = 0;
        u8(count);
        if (ok() && (count < minimum || count > maximum))
            fail(countStatus);
        for (int i = 0; i < count && ok(); ++i) {
            T item;
            readItem(item);
            items.append(item);
        }
    }

private:
    qsizetype remaining() const { return m_data.size() - m_position; }
    // Whether count more octets are there; a fault (ESME_RINVCMDLEN) when not.
    bool has(qsizetype count);
    quint16 u16();

    QByteArrayView m_data;
    qsizetype m_position = 0;
    quint32 m_status = CommandStatus::ESME_ROK;
};

} // namespace ogene::smpp
