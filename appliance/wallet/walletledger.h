#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace ogene {

class SqlSession;

// An account's wallet: balance and totals in minor units.
struct Wallet
{
    qint64 userId = 0;
    QString currency;
    qint64 balance = 0;
    qint64 totalCredited = 0;
    qint64 totalSpent = 0;
    qint64 updatedAt = 0;

    QJsonObject toJson() const;
};

// Every change to a wallet goes through here: the balance and its ledger entry are written
// together, inside the caller's transaction, and the balance never goes below zero (the database
// refuses it too). balance = credits − debits of the ledger, always.
class WalletLedger
{
public:
    enum class Category { Funding, Sms, Refund, Adjustment };

    explicit WalletLedger(SqlSession &session)
        : m_session(session)
    {
    }

    std::optional<Wallet> wallet(qint64 userId);
    // Adds amount and answers the balance after.
    qint64 credit(qint64 userId, qint64 amount, Category category, const QString &reference,
                  const QString &description);

    struct Debit
    {
        qint64 userId = 0;
        qint64 amount = 0;
        qint64 balanceAfter = 0;
        QString reference;
        QString description;
    };

    // Many debits in one go (a batch of sends): lockBalance() reads an account's balance and holds
    // its wallet for this transaction, recordDebits() writes the ledger entries, each with the
    // balance after it, in one bulk write, and takeDebited() moves each wallet by its total. The
    // caller has checked that each balance covers its total.
    qint64 lockBalance(qint64 userId);
    void recordDebits(Category category, const QList<Debit> &debits);
    void takeDebited(qint64 userId, qint64 total);
    // The same without holding the wallet first: balance() reads it unlocked, and
    // takeDebitedIfCovered() moves it only if it still covers total, answering the balance after
    // (nothing, and no change, when it does not).
    qint64 balance(qint64 userId);
    std::optional<qint64> takeDebitedIfCovered(qint64 userId, qint64 total);

    static QString categoryName(Category category);
    // The last ledger entry written through this ledger, as the API shows it.
    QJsonObject lastEntry() const { return m_lastEntry; }

private:
    void record(qint64 userId, const char *type, qint64 amount, qint64 balanceAfter, Category category,
                const QString &reference, const QString &description);

    SqlSession &m_session;
    QJsonObject m_lastEntry;
};

} // namespace ogene
