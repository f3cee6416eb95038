#pragma once

#include <QJsonObject>
#include <QSqlRecord>
#include <QString>

#include <optional>

namespace ogene {

// One payment a client started to fund its wallet, as stored. Amounts are minor units.
// status: pending (initialized, nothing heard yet), success (paid and credited), failed (the
// provider failed it, or initialization failed), abandoned (the payer has not completed it;
// a later payment still credits), mismatch (paid, but not the amount or currency asked for: not
// credited, left to an admin). credited and mismatch are final.
struct PaymentIntent
{
    qint64 id = 0;
    qint64 userId = 0;
    QString reference;
    qint64 amount = 0;
    QString currency;
    QString status;
    QString authorizationUrl;
    std::optional<qint64> paidAmount;
    QString paidCurrency;
    QString gatewayResponse;
    QString channel;
    qint64 paidAt = 0;
    qint64 creditedAt = 0;
    qint64 createdAt = 0;
    qint64 updatedAt = 0;

    bool isCredited() const { return creditedAt > 0; }
    // Nothing the provider says can change it any more.
    bool isFinal() const { return isCredited() || status == QLatin1String("mismatch"); }

    QJsonObject toJson() const;

    // The columns fromRow() reads, in its order.
    static QString columns();
    static PaymentIntent fromRow(const QSqlRecord &row);
};

} // namespace ogene
