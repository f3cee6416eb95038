#pragma once

#include "payments/paymentintent.h"
#include "payments/paystacktransaction.h"

#include <QList>

#include <optional>

namespace ogene {

class SqlSession;

// The payment_intents table, inside the caller's transaction. The updates that record what the
// provider said touch only an intent that is not final (not credited, not mismatch); markCredited
// is the conditional update that lets exactly one transaction credit a reference.
class PaymentIntents
{
public:
    struct Filter
    {
        QString status;    // empty: any
        qint64 userId = 0; // 0: any
    };

    explicit PaymentIntents(SqlSession &session)
        : m_session(session)
    {
    }

    // "ogn-pay-" and 32 random hex digits: unguessable, and only characters Paystack allows in a
    // reference (letters, digits, '-', '.', '=').
    static QString newReference();
    static bool isReference(const QString &text);

    PaymentIntent open(qint64 userId, qint64 amount, const QString &currency);
    void recordCheckout(const QString &reference, const QString &authorizationUrl, const QString &accessCode);
    // Initialization failed: the intent can never be paid through the link it never got.
    void recordInitializeFailure(const QString &reference, const QString &failure);

    std::optional<PaymentIntent> find(const QString &reference);
    std::optional<PaymentIntent> findForUser(const QString &reference, qint64 userId);
    QList<PaymentIntent> list(const Filter &filter, qint64 limit, qint64 offset);
    qint64 count(const Filter &filter);

    // Flips the intent to credited (status success) unless it already is or is a mismatch; true
    // when this call did it, and then the caller must credit the wallet in the same transaction.
    bool markCredited(const PaystackTransaction &paid);
    void markMismatch(const PaystackTransaction &paid);
    void recordProviderStatus(const PaystackTransaction &reported, const QString &status);

private:
    static QString where(const Filter &filter, QVariantList *values);

    SqlSession &m_session;
};

} // namespace ogene
