#include "payments/paystackwebhookroutes.h"

#include "payments/fundingsettlement.h"
#include "payments/paymentsunavailable.h"
#include "payments/paystackclient.h"
#include "payments/paystacksignature.h"
#include "store/sqlsession.h"

#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcPayments)

namespace ogene {
namespace {

void receiveEvent(Services &services, ApiCall call)
{
    const PaystackClient &paystack = PaymentsUnavailable::requireProvider(services);
    const HttpRequest &request = call.request();
    if (!PaystackSignature::matches(request.body, request.header("x-paystack-signature"), paystack.secretKey())) {
        qCWarning(lcPayments).noquote() << "Paystack webhook from" << request.peer.toString()
                                        << "refused: missing or wrong x-paystack-signature";
        throw ApiError(401, QStringLiteral("The x-paystack-signature header is missing or wrong."));
    }

    const QJsonObject event = call.jsonBody();
    const QString kind = event.value(QStringLiteral("event")).toString();
    if (kind != QLatin1String("charge.success")) {
        qCInfo(lcPayments).noquote() << "Paystack event" << kind.left(64) << "acknowledged and ignored";
        call.reply(HttpResponse::message(200, QStringLiteral("Event ignored.")));
        return;
    }
    QString problem;
    const std::optional<PaystackTransaction> reported =
        PaystackTransaction::fromJson(event.value(QStringLiteral("data")).toObject(), &problem);
    if (!reported)
        throw ApiError::validation(QStringLiteral("data"), QStringLiteral("The charge.success event is not usable: %1.").arg(problem));

    const PaystackTransaction transaction = *reported;
    call.answerFromStore(*services.store, [transaction](SqlSession &session) {
        const std::optional<FundingSettlement::Settled> settled = FundingSettlement::apply(session, transaction);
        if (!settled) {
            // Answered 200 all the same: Paystack would retry a refusal for three days, and no
            // retry can make an unknown reference known.
            qCWarning(lcPayments).noquote() << "Paystack charge.success for unknown reference" << transaction.reference
                                            << "ignored";
            return HttpResponse::message(200, QStringLiteral("Unknown reference: nothing to credit."));
        }
        return HttpResponse::data(200,
                                  QJsonObject{{QStringLiteral("reference"), settled->intent.reference},
                                              {QStringLiteral("status"), settled->intent.status},
                                              {QStringLiteral("credited"), settled->intent.isCredited()}},
                                  QStringLiteral("Event processed."));
    });
}

} // namespace

void installPaystackWebhookRoutes(Router &router, Services &services)
{
    router.add("POST", QStringLiteral("/api/webhooks/paystack"), Access::Webhook,
               [&services](ApiCall call) { receiveEvent(services, call); });
}

} // namespace ogene
