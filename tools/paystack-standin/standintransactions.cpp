#include "standintransactions.h"

#include "auth/secrettoken.h"

#include <ogene/timestamp.h>

#include <QRegularExpression>

#include <cmath>

namespace {

// Paystack's limit for one transaction: 10,000,000 in any currency, here in subunits.
constexpr qint64 MostSubunits = 10000000LL * 100;

std::optional<qint64> subunits(const QJsonValue &value)
{
    // Paystack takes the amount as a whole number or as a string of digits.
    if (value.isString()) {
        bool ok = false;
        const qint64 number = value.toString().toLongLong(&ok);
        return ok ? std::optional<qint64>(number) : std::nullopt;
    }
    const double number = value.toDouble(-1);
    if (!value.isDouble() || std::floor(number) != number)
        return std::nullopt;
    return qint64(number);
}

} // namespace

std::optional<StandinTransactions::Transaction> StandinTransactions::initialize(const QJsonObject &body, QString *problem)
{
    static const QRegularExpression referenceShape(QStringLiteral("^[A-Za-z0-9.=-]{1,100}$"));
    static const QStringList currencies = {QStringLiteral("NGN"), QStringLiteral("USD"), QStringLiteral("GHS"),
                                           QStringLiteral("ZAR"), QStringLiteral("KES")};
    Transaction transaction;
    transaction.email = body.value(QStringLiteral("email")).toString().trimmed();
    if (!transaction.email.contains(QLatin1Char('@'))) {
        *problem = QStringLiteral("Invalid Email Address Passed");
        return std::nullopt;
    }
    const std::optional<qint64> amount = subunits(body.value(QStringLiteral("amount")));
    if (!amount || *amount <= 0) {
        *problem = QStringLiteral("Invalid Amount Sent");
        return std::nullopt;
    }
    if (*amount > MostSubunits) {
        *problem = QStringLiteral("Amount exceeds the maximum of 10,000,000 for one transaction");
        return std::nullopt;
    }
    transaction.requestedAmount = *amount;
    transaction.requestedCurrency = body.value(QStringLiteral("currency")).toString(QStringLiteral("NGN")).toUpper();
    if (!currencies.contains(transaction.requestedCurrency)) {
        *problem = QStringLiteral("Currency not supported by merchant");
        return std::nullopt;
    }
    transaction.reference = body.value(QStringLiteral("reference")).toString();
    if (transaction.reference.isEmpty())
        transaction.reference = ogene::SecretToken::randomBase62(10).toLower();
    if (!referenceShape.match(transaction.reference).hasMatch()) {
        *problem = QStringLiteral("Invalid transaction reference: only -, ., = and alphanumeric characters are allowed");
        return std::nullopt;
    }
    if (m_byReference.contains(transaction.reference)) {
        *problem = QStringLiteral("Duplicate Transaction Reference");
        return std::nullopt;
    }
    transaction.callbackUrl = body.value(QStringLiteral("callback_url")).toString();
    transaction.id = m_nextId++;
    transaction.accessCode = ogene::SecretToken::randomBase62(15).toLower();
    transaction.createdAt = ogene::nowMs();
    m_byReference.insert(transaction.reference, transaction);
    m_referenceByAccessCode.insert(transaction.accessCode, transaction.reference);
    return transaction;
}

std::optional<StandinTransactions::Transaction> StandinTransactions::complete(const QString &reference,
                                                                              const Completion &completion, QString *problem)
{
    auto found = m_byReference.find(reference);
    if (found == m_byReference.end()) {
        *problem = QStringLiteral("Transaction reference not found");
        return std::nullopt;
    }
    Transaction &transaction = found.value();
    if (transaction.status == QLatin1String("success")) {
        *problem = QStringLiteral("Transaction has already been completed");
        return std::nullopt;
    }
    if (completion.amount < 0 || completion.amount > MostSubunits) {
        *problem = QStringLiteral("Invalid Amount Sent");
        return std::nullopt;
    }
    transaction.channel = completion.channel.left(32);
    if (completion.outcome == QLatin1String("success")) {
        transaction.status = QStringLiteral("success");
        transaction.gatewayResponse = QStringLiteral("Successful");
        transaction.paidAmount = completion.amount > 0 ? completion.amount : transaction.requestedAmount;
        transaction.paidCurrency = completion.currency.isEmpty() ? transaction.requestedCurrency : completion.currency.toUpper().left(8);
        transaction.paidAt = ogene::nowMs();
    } else if (completion.outcome == QLatin1String("failed")) {
        transaction.status = QStringLiteral("failed");
        transaction.gatewayResponse = QStringLiteral("Declined");
    } else if (completion.outcome == QLatin1String("abandoned")) {
        transaction.status = QStringLiteral("abandoned");
        transaction.gatewayResponse = QStringLiteral("The transaction was not completed");
    } else {
        *problem = QStringLiteral("outcome must be success, failed or abandoned");
        return std::nullopt;
    }
    return transaction;
}

const StandinTransactions::Transaction *StandinTransactions::find(const QString &reference) const
{
    const auto found = m_byReference.constFind(reference);
    return found == m_byReference.constEnd() ? nullptr : &found.value();
}

const StandinTransactions::Transaction *StandinTransactions::findByAccessCode(const QString &accessCode) const
{
    return find(m_referenceByAccessCode.value(accessCode));
}

QJsonObject StandinTransactions::toJson(const Transaction &transaction)
{
    const bool paid = transaction.status == QLatin1String("success");
    return {{QStringLiteral("id"), transaction.id},
            {QStringLiteral("domain"), QStringLiteral("test")},
            {QStringLiteral("status"), transaction.status},
            {QStringLiteral("reference"), transaction.reference},
            {QStringLiteral("amount"), paid ? transaction.paidAmount : transaction.requestedAmount},
            {QStringLiteral("message"), QJsonValue::Null},
            {QStringLiteral("gateway_response"), transaction.gatewayResponse},
            {QStringLiteral("paid_at"), paid ? QJsonValue(ogene::isoTimestamp(transaction.paidAt)) : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("created_at"), ogene::isoTimestamp(transaction.createdAt)},
            {QStringLiteral("channel"), transaction.channel},
            {QStringLiteral("currency"), paid ? transaction.paidCurrency : transaction.requestedCurrency},
            {QStringLiteral("ip_address"), QStringLiteral("127.0.0.1")},
            {QStringLiteral("metadata"), QString()},
            {QStringLiteral("fees"), 0},
            {QStringLiteral("customer"), QJsonObject{{QStringLiteral("email"), transaction.email}}},
            {QStringLiteral("requested_amount"), transaction.requestedAmount}};
}
