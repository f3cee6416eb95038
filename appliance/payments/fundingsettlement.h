#pragma once

#include "payments/paymentintent.h"
#include "payments/paystacktransaction.h"

#include <optional>

namespace ogene {

class SqlSession;

// What the provider says about a payment, applied to its intent inside the caller's transaction:
// the one place a payment becomes money in a wallet. Verify and webhook both come here, in any
// order, any number of times, at the same moment: a reference credits its wallet once.
class FundingSettlement
{
public:
    struct Settled
    {
        PaymentIntent intent; // as it is after this
        bool creditedNow = false;
        qint64 balance = 0;   // the wallet's, after this
    };

    // Nullopt when no intent has this reference.
    static std::optional<Settled> apply(SqlSession &session, const PaystackTransaction &reported);

    // The intent status a provider status becomes: success, failed (also reversed), abandoned, or
    // pending for the states that are still moving (ongoing, pending, processing, queued).
    static QString intentStatus(const QString &providerStatus);
};

} // namespace ogene
