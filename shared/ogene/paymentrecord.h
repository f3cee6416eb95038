#pragma once

#include <QJsonObject>
#include <QString>

#include <optional>

namespace ogene {

// A wallet funding payment as GET /api/admin/payments shows it; amounts in minor units.
struct PaymentRecord
{
    qint64 id = 0;
    qint64 userId = 0;
    QString reference;
    qint64 amount = 0;
    QString currency;
    QString status;
    std::optional<qint64> paidAmount;
    QString gatewayResponse;
    bool credited = false;
    QString createdAt;

    static PaymentRecord fromJson(const QJsonObject &json);
};

} // namespace ogene
