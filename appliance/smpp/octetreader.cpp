#include "smpp/octetreader.h"

namespace ogene::smpp {

void OctetReader::fail(quint32 status)
{
    if (ok())
        m_status = status;
}

bool OctetReader::has(qsizetype count)
{
    if (!ok())
        return false;
    if (remaining() < count) {
        fail(CommandStatus::ESME_RINVCMDLEN);
        return false;
    }
    return true;
}

void OctetReader::u8(quint8 &value)
{
    value = 0;
    if (has(1))
        value = quint8(m_data[m_position++]);
}

quint16 OctetReader::u16()
{
    quint16 value = 0;
    if (has(2)) {
        value = quint16(quint8(m_data[m_position]) << 8 | quint8(m_data[m_position + 1]));
        m_position += 2;
    }
    return value;
}

void OctetReader::u32(quint32 &value)
{
    value = 0;
    if (has(4)) {
        for (int i = 0; i < 4; ++i)
            value = value << 8 | quint8(m_data[m_position + i]);
        m_position += 4;
    }
}

void OctetReader::cString(QByteArray &value, qsizetype maxLength, quint32 tooLongStatus)
{
    value.clear();
    if (!ok())
        return;
    const QByteArrayView window = m_data.sliced(m_position, qMin(remaining(), maxLength));
    const qsizetype nul = window.indexOf('\0');
    if (nul < 0) {
        fail(remaining() > maxLength ? tooLongStatus : CommandStatus::ESME_RINVCMDLEN);
        return;
    }
    value = window.first(nul).toByteArray();
    m_position += nul + 1;
}

void OctetReader::shortMessage(QByteArray &value)
{
    value.clear();
    quint8 length = 0;
    u8(length);
    if (!ok())
        return;
    if (length > MaxShortMessageLength || length > remaining()) {
        fail(CommandStatus::ESME_RINVMSGLEN);
        return;
    }
    value = m_data.sliced(m_position, length).toByteArray();
    m_position += length;
}

void OctetReader::tlvs(QList<Tlv> &tlvs)
{
    tlvs.clear();
    while (ok() && !atEnd()) {
        if (remaining() < 4) {
            fail(CommandStatus::ESME_RINVOPTPARSTREAM);
            return;
        }
        Tlv tlv;
        tlv.tag = u16();
        const quint16 length = u16();
        if (length > remaining()) {
            fail(CommandStatus::ESME_RINVOPTPARSTREAM);
            return;
        }
        const int fixed = fixedTlvLength(tlv.tag);
        if (fixed >= 0 && length != fixed) {
            fail(CommandStatus::ESME_RINVPARLEN);
            return;
        }
        tlv.value = m_data.sliced(m_position, length).toByteArray();
        m_position += length;
        tlvs.append(tlv);
    }
}

} // namespace ogene::smpp
