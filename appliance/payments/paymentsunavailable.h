#pragma once

#include "http/apierror.h"

namespace ogene {

class PaystackClient;
struct Services;

// The answers of the payment routes when the provider cannot help: 503 while no secret key is
// configured, 502 when Paystack could not be reached or refused.
namespace PaymentsUnavailable {

// The configured client, or ApiError 503 "Payments are not configured".
PaystackClient &requireProvider(const Services &services);
ApiError providerFailed(const QString &failure);

} // namespace PaymentsUnavailable
} // namespace ogene
