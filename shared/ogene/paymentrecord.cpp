#include "ogene/paymentrecord.h"

#include "ogene/money.h"

namespace ogene {

PaymentRecord PaymentRecord::fromJson(const QJsonObject &json)
{
    PaymentRecord payment;
    payment.id = json.value(QStringLiteral("id")).toInteger();
    payment.userId = json.value(QStringLiteral("user_id")).toInteger();
    payment.reference = json.value(QStringLiteral("reference")).toString();
    payment.amount = Money::fromJson(json.value(QStringLiteral("amount"))).value_or(0);
    payment.currency = json.value(QStringLiteral("currency")).toString();
    payment.status = json.value(QStringLiteral("status")).toString();
    payment.paidAmount = Money::fromJson(json.value(QStringLiteral("paid_amount")));
    payment.gatewayResponse = json.value(QStringLiteral("gateway_response")).toString();
    payment.credited = json.value(QStringLiteral("credited")).toBool();
    payment.createdAt = json.value(QStringLiteral("created_at")).toString();
    return payment;
}

} // namespace ogene
