#pragma once

#include <QJsonObject>
#include <QString>

#include <optional>

namespace ogene {

// A transaction as Paystack describes it, in the verify answer's data and in a charge.success
// webhook's data (the same shape). amount is in the currency's subunit (kobo, cents), which for
// NGN and USD is the appliance's own minor unit.
struct PaystackTransaction
{
    QString reference;
    QString status; // Paystack's word: success, failed, abandoned, reversed, ongoing, pending, …
    qint64 amount = 0;
    QString currency;
    QString gatewayResponse;
    QString channel;
    qint64 paidAt = 0; // ms since the epoch; 0 when not paid

    // Nullopt with *problem when data lacks a reference, a whole non-negative amount or a currency.
    static std::optional<PaystackTransaction> fromJson(const QJsonObject &data, QString *problem);
};

} // namespace ogene
