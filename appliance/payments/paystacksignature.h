#pragma once

#include <QByteArray>
#include <QString>

namespace ogene {

// Paystack signs each webhook: x-paystack-signature is the hex HMAC-SHA512 of the raw request
// body, keyed with the account's secret key. The stand-in signs with sign(); the appliance checks
// with matches().
class PaystackSignature
{
public:
    // Lower-case hex, 128 characters.
    static QByteArray sign(const QByteArray &body, const QString &secretKey);
    // In constant time, so the comparison leaks nothing about how much of a guess was right.
    static bool matches(const QByteArray &body, const QByteArray &signature, const QString &secretKey);
};

} // namespace ogene
