#include "payments/paymentroutes.h"

#include "http/fieldvalidator.h"
#include "payments/fundingsettlement.h"
#include "payments/paymentintents.h"
#include "payments/paymentsunavailable.h"
#include "payments/paystackclient.h"
#include "store/sqlsession.h"
#include "wallet/walletledger.h"

#include <ogene/money.h>

namespace ogene {
namespace {

// In minor units. The minimum is the interface's (100 NGN, 1 USD); the maximum is Paystack's own
// limit for one transaction, 10,000,000 in any currency.
constexpr qint64 MaximumFunding = 10000000 * Money::MinorPerMajor;

qint64 minimumFunding(const QString &currency)
{
    return currency == QLatin1String("USD") ? 1 * Money::MinorPerMajor : 100 * Money::MinorPerMajor;
}

struct OpenedIntent
{
    PaymentIntent intent;
    QString email;
};

OpenedIntent openIntent(SqlSession &session, qint64 userId, qint64 amount)
{
    const auto row = session.one(QStringLiteral("SELECT u.email, w.currency FROM users u JOIN wallets w ON w.user_id = u.id "
                                                "WHERE u.id = ?"),
                                 {userId});
    if (!row)
        throw ApiError::notFound(QStringLiteral("Wallet"));
    const QString currency = row->value(1).toString();
    const qint64 minimum = minimumFunding(currency);
    if (amount < minimum || amount > MaximumFunding)
        throw ApiError::validation(QStringLiteral("amount"),
                                   QStringLiteral("The amount must be from %1 to %2 %3.")
                                       .arg(Money::format(minimum), Money::format(MaximumFunding), currency));
    return {PaymentIntents(session).open(userId, amount, currency), row->value(0).toString()};
}

QJsonObject checkoutJson(const PaymentIntent &intent, const PaystackClient::Checkout &checkout)
{
    return {{QStringLiteral("reference"), intent.reference},
            {QStringLiteral("authorization_url"), checkout.authorizationUrl},
            {QStringLiteral("access_code"), checkout.accessCode},
            {QStringLiteral("amount"), Money::toJsonNumber(intent.amount)},
            {QStringLiteral("currency"), intent.currency}};
}

void initialize(Services &services, ApiCall call)
{
    PaystackClient &paystack = PaymentsUnavailable::requireProvider(services);
    const QJsonObject body = call.jsonBody();
    FieldValidator fields(body);
    const QJsonValue amountValue = body.value(QStringLiteral("amount"));
    const std::optional<qint64> amount = Money::fromJson(amountValue);
    if (amountValue.isUndefined() || amountValue.isNull())
        fields.reject(QStringLiteral("amount"), QStringLiteral("The amount field is required."));
    else if (!amount || *amount <= 0)
        fields.reject(QStringLiteral("amount"),
                      QStringLiteral("The amount must be a number greater than 0 with at most two decimals."));
    fields.check();

    Store &store = *services.store;
    const qint64 userId = call.principal().userId;
    const qint64 minor = *amount;
    call.thenFromStore<OpenedIntent>(
        store, [userId, minor](SqlSession &session) { return openIntent(session, userId, minor); },
        [call, &store, &paystack](const OpenedIntent &opened) {
            const PaymentIntent intent = opened.intent;
            paystack.initialize(
                {opened.email, intent.amount, intent.currency, intent.reference}, call.context(),
                [call, &store, intent](PaystackClient::Result<PaystackClient::Checkout> result) {
                    if (!result.ok()) {
                        // Recorded as failed, so nothing can pay or credit it through a link nobody got.
                        const QString failure = result.failure;
                        call.thenFromStore<bool>(
                            store,
                            [intent, failure](SqlSession &session) {
                                PaymentIntents(session).recordInitializeFailure(intent.reference, failure);
                                return true;
                            },
                            [call, failure](const bool &) { call.fail(PaymentsUnavailable::providerFailed(failure)); });
                        return;
                    }
                    const PaystackClient::Checkout checkout = *result.value;
                    call.answerFromStore(store, [intent, checkout](SqlSession &session) {
                        PaymentIntents(session).recordCheckout(intent.reference, checkout.authorizationUrl, checkout.accessCode);
                        return HttpResponse::data(200, checkoutJson(intent, checkout),
                                                  QStringLiteral("Payment initialized: send the payer to authorization_url."));
                    });
                });
        });
}

QString verifyMessage(const PaymentIntent &intent)
{
    if (intent.isCredited())
        return QStringLiteral("The payment was successful and the wallet is credited.");
    if (intent.status == QLatin1String("mismatch"))
        return QStringLiteral("The amount or currency paid is not the one asked for: nothing was credited, an administrator "
                              "will look into it.");
    if (intent.status == QLatin1String("failed"))
        return QStringLiteral("The payment failed: nothing was credited.");
    if (intent.status == QLatin1String("abandoned"))
        return QStringLiteral("The payment was not completed: nothing was credited.");
    return QStringLiteral("The payment is not complete yet: nothing was credited.");
}

HttpResponse verifyAnswer(const PaymentIntent &intent, qint64 balance)
{
    QJsonObject data = intent.toJson();
    data.insert(QStringLiteral("balance"), Money::toJsonNumber(balance));
    return HttpResponse::data(200, data, verifyMessage(intent));
}

void verify(Services &services, ApiCall call)
{
    PaystackClient &paystack = PaymentsUnavailable::requireProvider(services);
    const QString reference = call.param(QStringLiteral("reference"));
    if (!PaymentIntents::isReference(reference))
        throw ApiError::notFound(QStringLiteral("Payment"));
    const qint64 userId = call.principal().userId;
    Store &store = *services.store;
    call.thenFromStore<PaymentIntent>(
        store,
        [reference, userId](SqlSession &session) {
            const std::optional<PaymentIntent> intent = PaymentIntents(session).findForUser(reference, userId);
            if (!intent)
                throw ApiError::notFound(QStringLiteral("Payment"));
            return *intent;
        },
        [call, &store, &paystack, userId](const PaymentIntent &intent) {
            // Nothing Paystack says can change a final intent, and one that never got a payment
            // link is unknown to Paystack: both are answered from the record.
            if (intent.isFinal() || intent.authorizationUrl.isEmpty()) {
                call.answerFromStore(store, [intent, userId](SqlSession &session) {
                    const std::optional<Wallet> wallet = WalletLedger(session).wallet(userId);
                    return verifyAnswer(intent, wallet ? wallet->balance : 0);
                });
                return;
            }
            paystack.verify(intent.reference, call.context(), [call, &store](PaystackClient::Result<PaystackTransaction> result) {
                if (!result.ok()) {
                    call.fail(PaymentsUnavailable::providerFailed(result.failure));
                    return;
                }
                const PaystackTransaction reported = *result.value;
                call.answerFromStore(store, [reported](SqlSession &session) {
                    const std::optional<FundingSettlement::Settled> settled = FundingSettlement::apply(session, reported);
                    if (!settled)
                        throw ApiError::notFound(QStringLiteral("Payment"));
                    return verifyAnswer(settled->intent, settled->balance);
                });
            });
        });
}

} // namespace

void installPaymentRoutes(Router &router, Services &services)
{
    router.add("POST", QStringLiteral("/api/client/wallet/fund/initialize"), Access::Authenticated,
               [&services](ApiCall call) { initialize(services, call); });
    router.add("GET", QStringLiteral("/api/client/wallet/fund/verify/{reference}"), Access::Authenticated,
               [&services](ApiCall call) { verify(services, call); });
}

} // namespace ogene
