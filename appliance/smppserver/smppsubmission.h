#pragma once

#include "messaging/messageacceptor.h"
#include "smpp/pdu.h"
#include "smpp/shortmessagedecoder.h"

#include <variant>

namespace ogene {

class PriceList;

// The account a session is bound for, as submit_sm needs it.
struct SmppAccount
{
    qint64 credentialId = 0;
    qint64 userId = 0;
    QString currency;
};

// A submit_sm read as a send: its content decoded, its destination normalised, its cost priced.
// Whatever makes it unusable is the command_status the client gets. The sender ID is checked
// later, with the balance, where the message is accepted (ESME_RINVSRCADR, ESME_RSUBMITFAIL).
class SmppSubmission
{
public:
    struct Part
    {
        SendRequest request; // text is this part's only, when concatenation is set
        std::optional<smpp::Concatenation> concatenation;
    };
    using Result = std::variant<Part, quint32>;

    static Result read(const smpp::ShortMessageBody &body, const SmppAccount &account, const PriceList &prices);
    // The send for a whole text (a single submit_sm, or every part of a long one put together).
    static void price(SendRequest &request, const PriceList &prices);
};

} // namespace ogene
