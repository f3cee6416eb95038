#include "smpp/octetwriter.h"

namespace ogene::smpp {

void OctetWriter::fail(quint32 status)
{
    if (ok())
        m_status = status;
}

void OctetWriter::u16(quint16 value)
{
    m_bytes.append(char(value >> 8));
    m_bytes.append(char(value & 0xFF));
}

void OctetWriter::u32(quint32 value)
{
    for (int shift = 24; shift >= 0; shift -= 8)
        m_bytes.append(char((value >> shift) & 0xFF));
}

void OctetWriter::cString(const QByteArray &value, qsizetype maxLength, quint32 tooLongStatus)
{
    // An embedded NUL would end the string early on the other side and shift every later field.
    if (value.size() + 1 > maxLength || value.contains('\0')) {
        fail(tooLongStatus);
        return;
    }
    m_bytes.append(value);
    m_bytes.append('\0');
}

void OctetWriter::shortMessage(const QByteArray &value)
{
    if (value.size() > MaxShortMessageLength) {
        fail(CommandStatus::ESME_RINVMSGLEN);
        return;
    }
    u8(quint8(value.size()));
    m_bytes.append(value);
}

void OctetWriter::tlvs(const QList<Tlv> &tlvs)
{
    for (const Tlv &tlv : tlvs) {
        const int fixed = fixedTlvLength(tlv.tag);
        if (tlv.value.size() > 0xFFFF || (fixed >= 0 && tlv.value.size() != fixed)) {
            fail(CommandStatus::ESME_RINVPARLEN);
            return;
        }
        u16(tlv.tag);
        u16(quint16(tlv.value.size()));
        m_bytes.append(tlv.value);
    }
}

} // namespace ogene::smpp
