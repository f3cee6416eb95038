#include "wallet/walletledger.h"

#include "store/bulkinsert.h"
#include "store/sqlsession.h"

#include <ogene/money.h>
#include <ogene/timestamp.h>

namespace ogene {

QJsonObject Wallet::toJson() const
{
    return {{QStringLiteral("balance"), Money::toJsonNumber(balance)},
            {QStringLiteral("currency"), currency},
            {QStringLiteral("total_credited"), Money::toJsonNumber(totalCredited)},
            {QStringLiteral("total_spent"), Money::toJsonNumber(totalSpent)},
            {QStringLiteral("updated_at"), isoTimestamp(updatedAt)}};
}

QString WalletLedger::categoryName(Category category)
{
    switch (category) {
    case Category::Funding: return QStringLiteral("funding");
    case Category::Sms: return QStringLiteral("sms");
    case Category::Refund: return QStringLiteral("refund");
    case Category::Adjustment: return QStringLiteral("adjustment");
    }
    return {};
}

std::optional<Wallet> WalletLedger::wallet(qint64 userId)
{
    const auto row = m_session.one(
        QStringLiteral("SELECT currency, balance, total_credited, total_spent, updated_at FROM wallets WHERE user_id = ?"),
        {userId});
    if (!row)
        return std::nullopt;
    return Wallet{userId,
                  row->value(0).toString(),
                  row->value(1).toLongLong(),
                  row->value(2).toLongLong(),
                  row->value(3).toLongLong(),
                  row->value(4).toLongLong()};
}

qint64 WalletLedger::credit(qint64 userId, qint64 amount, Category category, const QString &reference,
                            const QString &description)
{
    Q_ASSERT(amount > 0);
    const QVariant after = m_session.scalar(
        QStringLiteral("UPDATE wallets SET balance = balance + ?, total_credited = total_credited + ?, updated_at = ? "
                       "WHERE user_id = ? RETURNING balance"),
        {amount, amount, nowMs(), userId});
    if (after.isNull())
        throw std::runtime_error("credit to an account without a wallet");
    record(userId, "credit", amount, after.toLongLong(), category, reference, description);
    return after.toLongLong();
}

qint64 WalletLedger::lockBalance(qint64 userId)
{
    // On PostgreSQL the row lock keeps other store threads off this wallet until the commit; a
    // SQLite write transaction has the whole database already.
    const QString select = m_session.engine() == Engine::Postgresql
                               ? QStringLiteral("SELECT balance FROM wallets WHERE user_id = ? FOR UPDATE")
                               : QStringLiteral("SELECT balance FROM wallets WHERE user_id = ?");
    return m_session.scalar(select, {userId}).toLongLong();
}

qint64 WalletLedger::balance(qint64 userId)
{
    return m_session.scalar(QStringLiteral("SELECT balance FROM wallets WHERE user_id = ?"), {userId}).toLongLong();
}

std::optional<qint64> WalletLedger::takeDebitedIfCovered(qint64 userId, qint64 total)
{
    const QVariant after = m_session.scalar(
        QStringLiteral("UPDATE wallets SET balance = balance - ?, total_spent = total_spent + ?, updated_at = ? "
                       "WHERE user_id = ? AND balance >= ? RETURNING balance"),
        {total, total, nowMs(), userId, total});
    if (after.isNull())
        return std::nullopt;
    return after.toLongLong();
}

void WalletLedger::recordDebits(Category category, const QList<Debit> &debits)
{
    BulkInsert entries(m_session, QStringLiteral("wallet_transactions"),
                       {{QStringLiteral("user_id"), BulkInsert::Type::Integer},
                        {QStringLiteral("type"), BulkInsert::Type::Text},
                        {QStringLiteral("category"), BulkInsert::Type::Text},
                        {QStringLiteral("amount"), BulkInsert::Type::Integer},
                        {QStringLiteral("balance_after"), BulkInsert::Type::Integer},
                        {QStringLiteral("reference"), BulkInsert::Type::Text},
                        {QStringLiteral("description"), BulkInsert::Type::Text},
                        {QStringLiteral("created_at"), BulkInsert::Type::Integer}});
    const QString type = QStringLiteral("debit");
    const QString categoryText = categoryName(category);
    const qint64 now = nowMs();
    for (const Debit &debit : debits)
        entries.add({debit.userId, type, categoryText, debit.amount, debit.balanceAfter, debit.reference, debit.description,
                     now});
    entries.flush();
}

void WalletLedger::takeDebited(qint64 userId, qint64 total)
{
    if (total > 0)
        m_session.execute(QStringLiteral("UPDATE wallets SET balance = balance - ?, total_spent = total_spent + ?, "
                                         "updated_at = ? WHERE user_id = ?"),
                          {total, total, nowMs(), userId});
}

void WalletLedger::record(qint64 userId, const char *type, qint64 amount, qint64 balanceAfter, Category category,
                          const QString &reference, const QString &description)
{
    const qint64 now = nowMs();
    const qint64 id = m_session.insert(
        QStringLiteral("INSERT INTO wallet_transactions (user_id, type, category, amount, balance_after, reference, "
                       "description, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id"),
        {userId, QString::fromLatin1(type), categoryName(category), amount, balanceAfter,
         SqlSession::nullIfEmpty(reference), SqlSession::nullIfEmpty(description), now});
    m_lastEntry = {{QStringLiteral("id"), id},
                   {QStringLiteral("type"), QString::fromLatin1(type)},
                   {QStringLiteral("category"), categoryName(category)},
                   {QStringLiteral("amount"), Money::toJsonNumber(amount)},
                   {QStringLiteral("balance_after"), Money::toJsonNumber(balanceAfter)},
                   {QStringLiteral("reference"), reference.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(reference)},
                   {QStringLiteral("description"), description.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(description)},
                   {QStringLiteral("created_at"), isoTimestamp(now)}};
}

} // namespace ogene
