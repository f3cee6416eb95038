#pragma once

#include "smpp/pdu.h"

#include <type_traits>

namespace ogene::smpp {

// The fields of every PDU body in wire order (SMPP 3.4 section 4), written once for both
// directions: Io is an OctetReader (body is filled in) or an OctetWriter (body is written out, and
// may be const). One description cannot disagree with itself, so a body that encodes decodes back
// to the same value. Each over-long C-octet string names the status that tells the peer which
// field is wrong; fields without a status of their own get ESME_RINVPARLEN.
template<class Io, class Body>
void bodyLayout(Io &io, Body &body)
{
    using namespace CommandStatus;
    using T = std::remove_const_t<Body>;

    if constexpr (std::is_same_v<T, std::monostate>) {
        // nothing on the wire
    } else if constexpr (std::is_same_v<T, BindBody>) {
        io.cString(body.systemId, FieldLength::SystemId, ESME_RINVSYSID);
        io.cString(body.password, FieldLength::Password, ESME_RINVPASWD);
        io.cString(body.systemType, FieldLength::SystemType, ESME_RINVSYSTYP);
        io.u8(body.interfaceVersion);
        io.u8(body.addrTon);
        io.u8(body.addrNpi);
        io.cString(body.addressRange, FieldLength::AddressRange, ESME_RINVPARLEN);
    } else if constexpr (std::is_same_v<T, BindRespBody>) {
        io.cString(body.systemId, FieldLength::SystemId, ESME_RINVSYSID);
        io.tlvs(body.tlvs);
    } else if constexpr (std::is_same_v<T, OutbindBody>) {
        io.cString(body.systemId, FieldLength::SystemId, ESME_RINVSYSID);
        io.cString(body.password, FieldLength::Password, ESME_RINVPASWD);
    } else if constexpr (std::is_same_v<T, ShortMessageBody>) {
        io.cString(body.serviceType, FieldLength::ServiceType, ESME_RINVSERTYP);
        io.u8(body.sourceAddrTon);
        io.u8(body.sourceAddrNpi);
        io.cString(body.sourceAddr, FieldLength::Address, ESME_RINVSRCADR);
        io.u8(body.destAddrTon);
        io.u8(body.destAddrNpi);
        io.cString(body.destinationAddr, FieldLength::Address, ESME_RINVDSTADR);
        io.u8(body.esmClass);
        io.u8(body.protocolId);
        io.u8(body.priorityFlag);
        io.cString(body.scheduleDeliveryTime, FieldLength::Time, ESME_RINVSCHED);
        io.cString(body.validityPeriod, FieldLength::Time, ESME_RINVEXPIRY);
        io.u8(body.registeredDelivery);
        io.u8(body.replaceIfPresentFlag);
        io.u8(body.dataCoding);
        io.u8(body.smDefaultMsgId);
        io.shortMessage(body.shortMessage);
        io.tlvs(body.tlvs);
    } else if constexpr (std::is_same_v<T, MessageIdRespBody>) {
        io.cString(body.messageId, FieldLength::MessageId, ESME_RINVMSGID);
        io.tlvs(body.tlvs);
    } else if constexpr (std::is_same_v<T, QuerySmBody>) {
        io.cString(body.messageId, FieldLength::MessageId, ESME_RINVMSGID);
        io.u8(body.sourceAddrTon);
        io.u8(body.sourceAddrNpi);
        io.cString(body.sourceAddr, FieldLength::Address, ESME_RINVSRCADR);
    } else if constexpr (std::is_same_v<T, QuerySmRespBody>) {
        io.cString(body.messageId, FieldLength::MessageId, ESME_RINVMSGID);
        io.cString(body.finalDate, FieldLength::Time, ESME_RINVPARLEN);
        io.u8(body.messageState);
        io.u8(body.errorCode);
    } else if constexpr (std::is_same_v<T, CancelSmBody>) {
        io.cString(body.serviceType, FieldLength::ServiceType, ESME_RINVSERTYP);
        io.cString(body.messageId, FieldLength::MessageId, ESME_RINVMSGID);
        io.u8(body.sourceAddrTon);
        io.u8(body.sourceAddrNpi);
        io.cString(body.sourceAddr, FieldLength::Address, ESME_RINVSRCADR);
        io.u8(body.destAddrTon);
        io.u8(body.destAddrNpi);
        io.cString(body.destinationAddr, FieldLength::Address, ESME_RINVDSTADR);
    } else if constexpr (std::is_same_v<T, ReplaceSmBody>) {
        io.cString(body.messageId, FieldLength::MessageId, ESME_RINVMSGID);
        io.u8(body.sourceAddrTon);
        io.u8(body.sourceAddrNpi);
        io.cString(body.sourceAddr, FieldLength::Address, ESME_RINVSRCADR);
        io.cString(body.scheduleDeliveryTime, FieldLength::Time, ESME_RINVSCHED);
        io.cString(body.validityPeriod, FieldLength::Time, ESME_RINVEXPIRY);
        io.u8(body.registeredDelivery);
        io.u8(body.smDefaultMsgId);
        io.shortMessage(body.shortMessage);
    } else if constexpr (std::is_same_v<T, SubmitMultiBody>) {
        io.cString(body.serviceType, FieldLength::ServiceType, ESME_RINVSERTYP);
        io.u8(body.sourceAddrTon);
        io.u8(body.sourceAddrNpi);
        io.cString(body.sourceAddr, FieldLength::Address, ESME_RINVSRCADR);
        io.list(body.destinations, 1, MaxDestinations, ESME_RINVNUMDESTS, [&io](auto &destination) {
            io.u8(destination.destFlag);
            if (destination.destFlag == MultiDestination::SmeAddressFlag) {
                io.u8(destination.ton);
                io.u8(destination.npi);
                io.cString(destination.address, FieldLength::Address, ESME_RINVDSTADR);
            } else if (destination.destFlag == MultiDestination::DistributionListFlag) {
                // A list has no ton/npi on the wire; refusing them keeps encoding exact.
                if (destination.ton != 0 || destination.npi != 0)
                    io.fail(ESME_RINVDESTFLAG);
                io.cString(destination.address, FieldLength::DistributionListName, ESME_RINVDLNAME);
            } else {
                io.fail(ESME_RINVDESTFLAG);
            }
        });
        io.u8(body.esmClass);
        io.u8(body.protocolId);
        io.u8(body.priorityFlag);
        io.cString(body.scheduleDeliveryTime, FieldLength::Time, ESME_RINVSCHED);
        io.cString(body.validityPeriod, FieldLength::Time, ESME_RINVEXPIRY);
        io.u8(body.registeredDelivery);
        io.u8(body.replaceIfPresentFlag);
        io.u8(body.dataCoding);
        io.u8(body.smDefaultMsgId);
        io.shortMessage(body.shortMessage);
        io.tlvs(body.tlvs);
    } else if constexpr (std::is_same_v<T, SubmitMultiRespBody>) {
        io.cString(body.messageId, FieldLength::MessageId, ESME_RINVMSGID);
        io.list(body.unsuccessful, 0, 255, ESME_RINVNUMDESTS, [&io](auto &failure) {
            io.u8(failure.destAddrTon);
            io.u8(failure.destAddrNpi);
            io.cString(failure.destinationAddr, FieldLength::Address, ESME_RINVDSTADR);
            io.u32(failure.errorStatusCode);
        });
    } else if constexpr (std::is_same_v<T, DataSmBody>) {
        io.cString(body.serviceType, FieldLength::ServiceType, ESME_RINVSERTYP);
        io.u8(body.sourceAddrTon);
        io.u8(body.sourceAddrNpi);
        io.cString(body.sourceAddr, FieldLength::DataSmAddress, ESME_RINVSRCADR);
        io.u8(body.destAddrTon);
        io.u8(body.destAddrNpi);
        io.cString(body.destinationAddr, FieldLength::DataSmAddress, ESME_RINVDSTADR);
        io.u8(body.esmClass);
        io.u8(body.registeredDelivery);
        io.u8(body.dataCoding);
        io.tlvs(body.tlvs);
    } else if constexpr (std::is_same_v<T, AlertNotificationBody>) {
        io.u8(body.sourceAddrTon);
        io.u8(body.sourceAddrNpi);
        io.cString(body.sourceAddr, FieldLength::DataSmAddress, ESME_RINVSRCADR);
        io.u8(body.esmeAddrTon);
        io.u8(body.esmeAddrNpi);
        io.cString(body.esmeAddr, FieldLength::DataSmAddress, ESME_RINVPARLEN);
        io.tlvs(body.tlvs);
    } else {
        static_assert(!sizeof(T), "every alternative of Pdu::Body needs a layout");
    }
}

} // namespace ogene::smpp
