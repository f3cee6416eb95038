#include "payments/fundingsettlement.h"

#include "payments/paymentintents.h"
#include "store/sqlsession.h"
#include "wallet/walletledger.h"

#include <ogene/money.h>

#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcPayments)

namespace ogene {

QString FundingSettlement::intentStatus(const QString &providerStatus)
{
    if (providerStatus == QLatin1String("success"))
        return QStringLiteral("success");
    if (providerStatus == QLatin1String("failed") || providerStatus == QLatin1String("reversed"))
        return QStringLiteral("failed");
    if (providerStatus == QLatin1String("abandoned"))
        return QStringLiteral("abandoned");
    return QStringLiteral("pending");
}

std::optional<FundingSettlement::Settled> FundingSettlement::apply(SqlSession &session, const PaystackTransaction &reported)
{
    PaymentIntents intents(session);
    std::optional<PaymentIntent> intent = intents.find(reported.reference);
    if (!intent)
        return std::nullopt;

    bool creditedNow = false;
    // A final intent is left alone; for any other, the conditional updates below decide, so a
    // stale read here (another store thread crediting at this moment) changes nothing.
    if (!intent->isFinal()) {
        const QString status = intentStatus(reported.status);
        if (status == QLatin1String("success")) {
            // NGN and USD subunits are the appliance's minor units: the amounts compare directly.
            if (reported.amount == intent->amount && reported.currency == intent->currency) {
                if (intents.markCredited(reported)) {
                    WalletLedger(session).credit(intent->userId, intent->amount, WalletLedger::Category::Funding,
                                                 intent->reference, QStringLiteral("Wallet funding through Paystack"));
                    creditedNow = true;
                    qCInfo(lcPayments).noquote() << "payment" << intent->reference << "credited"
                                                 << Money::format(intent->amount) << intent->currency << "to account"
                                                 << intent->userId;
                }
            } else {
                intents.markMismatch(reported);
                qCWarning(lcPayments).noquote()
                    << "payment" << reported.reference << "paid" << Money::format(reported.amount) << reported.currency
                    << "but" << Money::format(intent->amount) << intent->currency
                    << "was asked: not credited, marked mismatch for an admin";
            }
        } else {
            intents.recordProviderStatus(reported, status);
        }
        intent = intents.find(reported.reference);
    }

    const std::optional<Wallet> wallet = WalletLedger(session).wallet(intent->userId);
    return Settled{*intent, creditedNow, wallet ? wallet->balance : 0};
}

} // namespace ogene
