#include "payments/paymentsunavailable.h"

#include "app/services.h"

namespace ogene::PaymentsUnavailable {

PaystackClient &requireProvider(const Services &services)
{
    if (!services.paystack)
        throw ApiError(503, QStringLiteral("Payments are not configured on this appliance."),
                       {{QStringLiteral("payments"), QStringLiteral("The operator has not set PAYSTACK_SECRET_KEY.")}});
    return *services.paystack;
}

ApiError providerFailed(const QString &failure)
{
    return ApiError(502, QStringLiteral("The payment provider could not complete the request; try again later."),
                    {{QStringLiteral("provider"), failure}});
}

} // namespace ogene::PaymentsUnavailable
