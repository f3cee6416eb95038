#include "smpp/smppconstants.h"

#include <cstddef>

namespace ogene::smpp {
namespace {

struct Named
{
    quint32 value;
    const char *name;
};

constexpr Named commands[] = {
    {0x80000000, "generic_nack"},
    {0x00000001, "bind_receiver"},
    {0x80000001, "bind_receiver_resp"},
    {0x00000002, "bind_transmitter"},
    {0x80000002, "bind_transmitter_resp"},
    {0x00000003, "query_sm"},
    {0x80000003, "query_sm_resp"},
    {0x00000004, "submit_sm"},
    {0x80000004, "submit_sm_resp"},
    {0x00000005, "deliver_sm"},
    {0x80000005, "deliver_sm_resp"},
    {0x00000006, "unbind"},
    {0x80000006, "unbind_resp"},
    {0x00000007, "replace_sm"},
    {0x80000007, "replace_sm_resp"},
    {0x00000008, "cancel_sm"},
    {0x80000008, "cancel_sm_resp"},
    {0x00000009, "bind_transceiver"},
    {0x80000009, "bind_transceiver_resp"},
    {0x0000000B, "outbind"},
    {0x00000015, "enquire_link"},
    {0x80000015, "enquire_link_resp"},
    {0x00000021, "submit_multi"},
    {0x80000021, "submit_multi_resp"},
    {0x00000102, "alert_notification"},
    {0x00000103, "data_sm"},
    {0x80000103, "data_sm_resp"},
};

using namespace CommandStatus;

constexpr Named statuses[] = {
    {ESME_ROK, "ESME_ROK"},
    {ESME_RINVMSGLEN, "ESME_RINVMSGLEN"},
    {ESME_RINVCMDLEN, "ESME_RINVCMDLEN"},
    {ESME_RINVCMDID, "ESME_RINVCMDID"},
    {ESME_RINVBNDSTS, "ESME_RINVBNDSTS"},
    {ESME_RALYBND, "ESME_RALYBND"},
    {ESME_RINVPRTFLG, "ESME_RINVPRTFLG"},
    {ESME_RINVREGDLVFLG, "ESME_RINVREGDLVFLG"},
    {ESME_RSYSERR, "ESME_RSYSERR"},
    {ESME_RINVSRCADR, "ESME_RINVSRCADR"},
    {ESME_RINVDSTADR, "ESME_RINVDSTADR"},
    {ESME_RINVMSGID, "ESME_RINVMSGID"},
    {ESME_RBINDFAIL, "ESME_RBINDFAIL"},
    {ESME_RINVPASWD, "ESME_RINVPASWD"},
    {ESME_RINVSYSID, "ESME_RINVSYSID"},
    {ESME_RCANCELFAIL, "ESME_RCANCELFAIL"},
    {ESME_RREPLACEFAIL, "ESME_RREPLACEFAIL"},
    {ESME_RMSGQFUL, "ESME_RMSGQFUL"},
    {ESME_RINVSERTYP, "ESME_RINVSERTYP"},
    {ESME_RINVNUMDESTS, "ESME_RINVNUMDESTS"},
    {ESME_RINVDLNAME, "ESME_RINVDLNAME"},
    {ESME_RINVDESTFLAG, "ESME_RINVDESTFLAG"},
    {ESME_RINVSUBREP, "ESME_RINVSUBREP"},
    {ESME_RINVESMCLASS, "ESME_RINVESMCLASS"},
    {ESME_RCNTSUBDL, "ESME_RCNTSUBDL"},
    {ESME_RSUBMITFAIL, "ESME_RSUBMITFAIL"},
    {ESME_RINVSRCTON, "ESME_RINVSRCTON"},
    {ESME_RINVSRCNPI, "ESME_RINVSRCNPI"},
    {ESME_RINVDSTTON, "ESME_RINVDSTTON"},
    {ESME_RINVDSTNPI, "ESME_RINVDSTNPI"},
    {ESME_RINVSYSTYP, "ESME_RINVSYSTYP"},
    {ESME_RINVREPFLAG, "ESME_RINVREPFLAG"},
    {ESME_RINVNUMMSGS, "ESME_RINVNUMMSGS"},
    {ESME_RTHROTTLED, "ESME_RTHROTTLED"},
    {ESME_RINVSCHED, "ESME_RINVSCHED"},
    {ESME_RINVEXPIRY, "ESME_RINVEXPIRY"},
    {ESME_RINVDFTMSGID, "ESME_RINVDFTMSGID"},
    {ESME_RX_T_APPN, "ESME_RX_T_APPN"},
    {ESME_RX_P_APPN, "ESME_RX_P_APPN"},
    {ESME_RX_R_APPN, "ESME_RX_R_APPN"},
    {ESME_RQUERYFAIL, "ESME_RQUERYFAIL"},
    {ESME_RINVOPTPARSTREAM, "ESME_RINVOPTPARSTREAM"},
    {ESME_ROPTPARNOTALLWD, "ESME_ROPTPARNOTALLWD"},
    {ESME_RINVPARLEN, "ESME_RINVPARLEN"},
    {ESME_RMISSINGOPTPARAM, "ESME_RMISSINGOPTPARAM"},
    {ESME_RINVOPTPARAMVAL, "ESME_RINVOPTPARAMVAL"},
    {ESME_RDELIVERYFAILURE, "ESME_RDELIVERYFAILURE"},
    {ESME_RUNKNOWNERR, "ESME_RUNKNOWNERR"},
    {ESME_RINVDCS, "ESME_RINVDCS"},
};

template<std::size_t N>
const char *lookUp(const Named (&table)[N], quint32 value)
{
    for (const Named &entry : table) {
        if (entry.value == value)
            return entry.name;
    }
    return nullptr;
}

QString hex(quint32 value)
{
    return QStringLiteral("0x%1").arg(value, 8, 16, QLatin1Char('0'));
}

} // namespace

bool isKnownCommand(quint32 commandId)
{
    return lookUp(commands, commandId) != nullptr;
}

QString commandName(quint32 commandId)
{
    const char *name = lookUp(commands, commandId);
    return name ? QString::fromLatin1(name) : hex(commandId);
}

QString statusName(quint32 status)
{
    const char *name = lookUp(statuses, status);
    return name ? QString::fromLatin1(name) : hex(status);
}

int fixedTlvLength(quint16 tag)
{
    switch (tag) {
    case TlvTag::MessageState:
    case TlvTag::SarTotalSegments:
    case TlvTag::SarSegmentSeqnum:
    case TlvTag::ScInterfaceVersion:
        return 1;
    case TlvTag::UserMessageReference:
    case TlvTag::SourcePort:
    case TlvTag::DestinationPort:
    case TlvTag::SarMsgRefNum:
        return 2;
    case TlvTag::NetworkErrorCode:
        return 3; // network type, then a two-octet error code
    default:
        return -1;
    }
}

} // namespace ogene::smpp
