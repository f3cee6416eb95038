#include "payments/paymentintent.h"

#include <ogene/money.h>
#include <ogene/timestamp.h>

namespace ogene {
namespace {

QJsonValue textOrNull(const QString &text)
{
    return text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(text);
}

} // namespace

QString PaymentIntent::columns()
{
    return QStringLiteral("id, user_id, reference, amount, currency, status, authorization_url, paid_amount, paid_currency, "
                          "gateway_response, channel, paid_at, credited_at, created_at, updated_at");
}

PaymentIntent PaymentIntent::fromRow(const QSqlRecord &row)
{
    PaymentIntent intent;
    intent.id = row.value(0).toLongLong();
    intent.userId = row.value(1).toLongLong();
    intent.reference = row.value(2).toString();
    intent.amount = row.value(3).toLongLong();
    intent.currency = row.value(4).toString();
    intent.status = row.value(5).toString();
    intent.authorizationUrl = row.value(6).toString();
    if (!row.value(7).isNull())
        intent.paidAmount = row.value(7).toLongLong();
    intent.paidCurrency = row.value(8).toString();
    intent.gatewayResponse = row.value(9).toString();
    intent.channel = row.value(10).toString();
    intent.paidAt = row.value(11).toLongLong();
    intent.creditedAt = row.value(12).toLongLong();
    intent.createdAt = row.value(13).toLongLong();
    intent.updatedAt = row.value(14).toLongLong();
    return intent;
}

QJsonObject PaymentIntent::toJson() const
{
    return {{QStringLiteral("id"), id},
            {QStringLiteral("user_id"), userId},
            {QStringLiteral("reference"), reference},
            {QStringLiteral("amount"), Money::toJsonNumber(amount)},
            {QStringLiteral("currency"), currency},
            {QStringLiteral("status"), status},
            {QStringLiteral("authorization_url"), textOrNull(authorizationUrl)},
            {QStringLiteral("paid_amount"), paidAmount ? Money::toJsonNumber(*paidAmount) : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("paid_currency"), textOrNull(paidCurrency)},
            {QStringLiteral("gateway_response"), textOrNull(gatewayResponse)},
            {QStringLiteral("channel"), textOrNull(channel)},
            {QStringLiteral("paid_at"), isoTimestampOrNull(paidAt)},
            {QStringLiteral("credited"), isCredited()},
            {QStringLiteral("credited_at"), isoTimestampOrNull(creditedAt)},
            {QStringLiteral("created_at"), isoTimestamp(createdAt)},
            {QStringLiteral("updated_at"), isoTimestamp(updatedAt)}};
}

} // namespace ogene
