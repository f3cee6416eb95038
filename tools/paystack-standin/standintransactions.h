#pragma once

#include <QHash>
#include <QJsonObject>
#include <QString>

#include <optional>

// The stand-in's book of transactions, in memory, as Paystack keeps them: initialized, then
// completed by the payer as success, failed or abandoned (an unfinished one verifies as abandoned,
// as on Paystack). A failed or abandoned transaction can still be paid; a successful one is done.
class StandinTransactions
{
public:
    struct Transaction
    {
        qint64 id = 0;
        QString reference;
        QString accessCode;
        QString email;
        qint64 requestedAmount = 0; // subunits
        QString requestedCurrency;
        QString callbackUrl;
        QString status = QStringLiteral("abandoned");
        QString gatewayResponse = QStringLiteral("The transaction was not completed");
        qint64 paidAmount = 0;
        QString paidCurrency;
        QString channel = QStringLiteral("card");
        qint64 createdAt = 0;
        qint64 paidAt = 0;
    };

    // How the payer completes it; amount 0 and an empty currency mean what was asked for.
    struct Completion
    {
        QString outcome = QStringLiteral("success");
        qint64 amount = 0;
        QString currency;
        QString channel = QStringLiteral("card");
    };

    // From POST /transaction/initialize's body; nullopt with *problem (Paystack's wording where known).
    std::optional<Transaction> initialize(const QJsonObject &body, QString *problem);
    // Nullopt with *problem for an unknown reference, a successful transaction or a bad completion.
    std::optional<Transaction> complete(const QString &reference, const Completion &completion, QString *problem);

    const Transaction *find(const QString &reference) const;
    const Transaction *findByAccessCode(const QString &accessCode) const;

    // The transaction as Paystack's verify answer and charge.success webhook carry it in data.
    static QJsonObject toJson(const Transaction &transaction);

private:
    QHash<QString, Transaction> m_byReference;
    QHash<QString, QString> m_referenceByAccessCode;
    qint64 m_nextId = 1000001;
};
