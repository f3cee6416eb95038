#include "smppserver/smppsubmission.h"

#include "pricing/pricelist.h"

#include <ogene/phonenumber.h>
#include <ogene/smstext.h>

namespace ogene {
namespace {
// The REST API's limits hold over SMPP too: a sender ID of at most 11 characters, and no text
// longer than the REST send accepts.
constexpr qsizetype MostSenderCharacters = 11;
constexpr qsizetype MostTextUnits = 1600;
} // namespace

void SmppSubmission::price(SendRequest &request, const PriceList &prices)
{
    const SmsText sms = SmsText::analyze(request.text);
    request.encoding = sms.encodingName();
    request.segments = sms.segments();
    request.cost = sms.segments() * prices.pricePerSegment(request.currency, request.recipient);
}

SmppSubmission::Result SmppSubmission::read(const smpp::ShortMessageBody &body, const SmppAccount &account,
                                            const PriceList &prices)
{
    using namespace smpp::CommandStatus;
    const QString sender = QString::fromLatin1(body.sourceAddr).trimmed();
    if (sender.isEmpty() || sender.size() > MostSenderCharacters)
        return ESME_RINVSRCADR;
    const std::optional<QString> recipient = PhoneNumber::normalize(QString::fromLatin1(body.destinationAddr));
    if (!recipient)
        return ESME_RINVDSTADR;
    if ((body.esmClass & 0x3C) != 0)
        return ESME_RINVESMCLASS; // a submit_sm is never a receipt or an acknowledgement
    const smpp::ShortMessageDecoder::Result decoded = smpp::ShortMessageDecoder::decode(body);
    if (!decoded.ok())
        return decoded.status;
    if (decoded.content.text.isEmpty() || decoded.content.text.size() > MostTextUnits)
        return ESME_RINVMSGLEN;

    Part part;
    part.concatenation = decoded.content.concatenation;
    if (part.concatenation && part.concatenation->total == 1)
        part.concatenation.reset(); // a "long" message of one part is a short one
    SendRequest &request = part.request;
    request.userId = account.userId;
    request.recipient = *recipient;
    request.senderName = sender;
    request.text = decoded.content.text;
    request.currency = account.currency;
    // registered_delivery bits 0-1: 01 asks for a receipt of the final state, 10 for one on failure only.
    const int receipt = body.registeredDelivery & 0x03;
    if (receipt == 1 || receipt == 2) {
        request.receiptCredentialId = account.credentialId;
        request.receiptOnFailureOnly = receipt == 2;
    }
    price(request, prices);
    return part;
}

} // namespace ogene
