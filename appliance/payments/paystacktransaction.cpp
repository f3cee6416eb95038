#include "payments/paystacktransaction.h"

#include <ogene/timestamp.h>

#include <cmath>

namespace ogene {
namespace {

// Provider text is kept, but never more of it than a column should hold.
QString bounded(const QJsonValue &value, int most)
{
    return value.isString() ? value.toString().left(most) : QString();
}

} // namespace

std::optional<PaystackTransaction> PaystackTransaction::fromJson(const QJsonObject &data, QString *problem)
{
    PaystackTransaction transaction;
    transaction.reference = data.value(QStringLiteral("reference")).toString();
    if (transaction.reference.isEmpty() || transaction.reference.size() > 100) {
        *problem = QStringLiteral("data.reference is missing or longer than 100 characters");
        return std::nullopt;
    }
    const QJsonValue amount = data.value(QStringLiteral("amount"));
    const double number = amount.toDouble(-1);
    if (!amount.isDouble() || number < 0 || number > 9e15 || std::floor(number) != number) {
        *problem = QStringLiteral("data.amount is not a whole number of subunits");
        return std::nullopt;
    }
    transaction.amount = qint64(number);
    transaction.currency = bounded(data.value(QStringLiteral("currency")), 8).toUpper();
    if (transaction.currency.isEmpty()) {
        *problem = QStringLiteral("data.currency is missing");
        return std::nullopt;
    }
    transaction.status = bounded(data.value(QStringLiteral("status")), 32).toLower();
    transaction.gatewayResponse = bounded(data.value(QStringLiteral("gateway_response")), 255);
    transaction.channel = bounded(data.value(QStringLiteral("channel")), 32);
    // Paystack has sent both spellings over the years.
    QString paidAt = data.value(QStringLiteral("paid_at")).toString();
    if (paidAt.isEmpty())
        paidAt = data.value(QStringLiteral("paidAt")).toString();
    transaction.paidAt = parseIsoTimestamp(paidAt).value_or(0);
    return transaction;
}

} // namespace ogene
