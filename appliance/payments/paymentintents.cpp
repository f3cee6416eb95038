#include "payments/paymentintents.h"

#include "auth/secrettoken.h"
#include "store/sqlsession.h"

#include <ogene/timestamp.h>

#include <QRegularExpression>

namespace ogene {
namespace {

const QString ReferencePrefix = QStringLiteral("ogn-pay-");
// What the provider said about an intent that is still open to change.
const QString StillOpen = QStringLiteral(" WHERE reference = ? AND credited_at IS NULL AND status <> 'mismatch'");

} // namespace

QString PaymentIntents::newReference()
{
    return ReferencePrefix + QString::fromLatin1(SecretToken::randomBytes(16).toHex());
}

bool PaymentIntents::isReference(const QString &text)
{
    static const QRegularExpression shape(QStringLiteral("^ogn-pay-[0-9a-f]{32}$"));
    return shape.match(text).hasMatch();
}

PaymentIntent PaymentIntents::open(qint64 userId, qint64 amount, const QString &currency)
{
    const qint64 now = nowMs();
    const QString reference = newReference();
    m_session.insert(QStringLiteral("INSERT INTO payment_intents (user_id, reference, amount, currency, status, created_at, "
                                    "updated_at) VALUES (?, ?, ?, ?, 'pending', ?, ?) RETURNING id"),
                     {userId, reference, amount, currency, now, now});
    return *find(reference);
}

void PaymentIntents::recordCheckout(const QString &reference, const QString &authorizationUrl, const QString &accessCode)
{
    m_session.execute(QStringLiteral("UPDATE payment_intents SET authorization_url = ?, access_code = ?, updated_at = ? "
                                     "WHERE reference = ?"),
                      {authorizationUrl, SqlSession::nullIfEmpty(accessCode), nowMs(), reference});
}

void PaymentIntents::recordInitializeFailure(const QString &reference, const QString &failure)
{
    m_session.execute(QStringLiteral("UPDATE payment_intents SET status = 'failed', gateway_response = ?, updated_at = ?")
                          + StillOpen,
                      {failure.left(255), nowMs(), reference});
}

std::optional<PaymentIntent> PaymentIntents::find(const QString &reference)
{
    const auto row = m_session.one(QStringLiteral("SELECT ") + PaymentIntent::columns()
                                       + QStringLiteral(" FROM payment_intents WHERE reference = ?"),
                                   {reference});
    if (!row)
        return std::nullopt;
    return PaymentIntent::fromRow(*row);
}

std::optional<PaymentIntent> PaymentIntents::findForUser(const QString &reference, qint64 userId)
{
    std::optional<PaymentIntent> intent = find(reference);
    if (!intent || intent->userId != userId)
        return std::nullopt;
    return intent;
}

QString PaymentIntents::where(const Filter &filter, QVariantList *values)
{
    QStringList conditions;
    if (!filter.status.isEmpty()) {
        conditions.append(QStringLiteral("status = ?"));
        values->append(filter.status);
    }
    if (filter.userId > 0) {
        conditions.append(QStringLiteral("user_id = ?"));
        values->append(filter.userId);
    }
    return conditions.isEmpty() ? QString() : QStringLiteral(" WHERE ") + conditions.join(QLatin1String(" AND "));
}

QList<PaymentIntent> PaymentIntents::list(const Filter &filter, qint64 limit, qint64 offset)
{
    QVariantList values;
    const QString condition = where(filter, &values);
    QList<PaymentIntent> intents;
    for (const QSqlRecord &row : m_session.all(QStringLiteral("SELECT ") + PaymentIntent::columns()
                                                   + QStringLiteral(" FROM payment_intents") + condition
                                                   + QStringLiteral(" ORDER BY id DESC LIMIT ? OFFSET ?"),
                                               values + QVariantList{limit, offset}))
        intents.append(PaymentIntent::fromRow(row));
    return intents;
}

qint64 PaymentIntents::count(const Filter &filter)
{
    QVariantList values;
    const QString condition = where(filter, &values);
    return m_session.scalar(QStringLiteral("SELECT COUNT(*) FROM payment_intents") + condition, values).toLongLong();
}

bool PaymentIntents::markCredited(const PaystackTransaction &paid)
{
    // On PostgreSQL a second transaction doing the same waits on the row lock and, once the first
    // commits, finds credited_at set and changes nothing; on SQLite the single writer does the same.
    const qint64 now = nowMs();
    return m_session.execute(QStringLiteral("UPDATE payment_intents SET status = 'success', paid_amount = ?, paid_currency = ?, "
                                            "gateway_response = ?, channel = ?, paid_at = ?, credited_at = ?, updated_at = ?")
                                 + StillOpen,
                             {paid.amount, paid.currency, SqlSession::nullIfEmpty(paid.gatewayResponse),
                              SqlSession::nullIfEmpty(paid.channel), paid.paidAt > 0 ? paid.paidAt : now, now, now,
                              paid.reference})
           == 1;
}

void PaymentIntents::markMismatch(const PaystackTransaction &paid)
{
    const qint64 now = nowMs();
    m_session.execute(QStringLiteral("UPDATE payment_intents SET status = 'mismatch', paid_amount = ?, paid_currency = ?, "
                                     "gateway_response = ?, channel = ?, paid_at = ?, updated_at = ?")
                          + StillOpen,
                      {paid.amount, paid.currency, SqlSession::nullIfEmpty(paid.gatewayResponse),
                       SqlSession::nullIfEmpty(paid.channel), paid.paidAt > 0 ? paid.paidAt : now, now, paid.reference});
}

void PaymentIntents::recordProviderStatus(const PaystackTransaction &reported, const QString &status)
{
    m_session.execute(QStringLiteral("UPDATE payment_intents SET status = ?, gateway_response = ?, channel = ?, updated_at = ?")
                          + StillOpen,
                      {status, SqlSession::nullIfEmpty(reported.gatewayResponse), SqlSession::nullIfEmpty(reported.channel),
                       nowMs(), reported.reference});
}

} // namespace ogene
