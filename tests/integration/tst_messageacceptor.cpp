// Accepting batches of sends straight through the store, on each engine, with store threads
// writing side by side: batches of one account that race for a wallet worth less than all of them
// ask. On PostgreSQL a batch decides on a balance read without a lock and takes the wallet last;
// when another batch got there first it is undone and written again with the wallet locked. Either
// way the wallet ends at exactly what the accepted messages left, never below zero, and every
// ledger entry's balance_after is the balance its debit really left.
#include "testdatabase.h"

#include "messaging/messageacceptor.h"
#include "store/store.h"

#include <ogene/smstext.h>

#include <QTest>

#include <thread>

using namespace ogene;

class MessageAcceptorTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void racingBatchesChargeExactlyWhatTheWalletHeld();

private:
    TestDatabase m_database;
};

void MessageAcceptorTest::racingBatchesChargeExactlyWhatTheWalletHeld()
{
    QVERIFY2(m_database.isValid(), qPrintable(m_database.error()));
    QString error;
    const DatabaseUrl url = DatabaseUrl::parse(m_database.url(), &error);
    std::unique_ptr<Store> store = Store::open(url, 4, &error);
    QVERIFY2(store, qPrintable(error));

    constexpr qint64 Cost = 400, Affordable = 150; // the wallet pays for 150 messages
    const qint64 userId = store->runAndWait<qint64>([](SqlSession &session) {
        const qint64 id = session.insert(
            QStringLiteral("INSERT INTO users (name, email, password_hash, role, currency, created_at, updated_at) "
                           "VALUES ('Racer', 'racer@example.test', 'x', 'client', 'NGN', 0, 0) RETURNING id"));
        session.execute(QStringLiteral("INSERT INTO wallets (user_id, currency, balance, total_credited, updated_at) "
                                       "VALUES (?, 'NGN', ?, ?, 0)"),
                        {id, Cost * Affordable, Cost * Affordable});
        session.execute(QStringLiteral("INSERT INTO sender_ids (user_id, sender_name, status, created_at, updated_at) "
                                       "VALUES (?, 'Racer', 'approved', 0, 0)"),
                        {id});
        return id;
    });

    // 8 submitters × 5 batches × 10 messages = 400 asked for, 150 affordable.
    constexpr int Submitters = 8, BatchesEach = 5, PerBatch = 10;
    std::atomic<int> accepted{0}, refused{0}, wrong{0}; // wrong: a negative balance or another refusal
    std::vector<std::thread> submitters;
    for (int s = 0; s < Submitters; ++s) {
        submitters.emplace_back([&, s] {
            for (int b = 0; b < BatchesEach; ++b) {
                QList<SendRequest> batch;
                for (int m = 0; m < PerBatch; ++m) {
                    SendRequest request;
                    request.userId = userId;
                    request.recipient = QStringLiteral("+23480312%1").arg(s * 1000 + b * 100 + m, 5, 10, QLatin1Char('0'));
                    request.senderName = QStringLiteral("Racer");
                    request.text = QStringLiteral("race");
                    request.encoding = SmsText::analyze(request.text).encodingName();
                    request.segments = 1;
                    request.cost = Cost;
                    request.currency = QStringLiteral("NGN");
                    batch.append(request);
                }
                const QList<AcceptOutcome> outcomes = store->runAndWait<QList<AcceptOutcome>>(
                    [batch](SqlSession &session) { return MessageAcceptor::acceptAll(session, batch); });
                for (const AcceptOutcome &outcome : outcomes) {
                    if (const auto *message = std::get_if<AcceptedMessage>(&outcome)) {
                        ++accepted;
                        wrong += message->balanceAfter < 0 ? 1 : 0;
                    } else {
                        ++refused;
                        wrong += std::get<SendRejected>(outcome).reason != SendRejected::Reason::InsufficientBalance ? 1 : 0;
                    }
                }
            }
        });
    }
    for (std::thread &submitter : submitters)
        submitter.join();

    QCOMPARE(wrong.load(), 0);
    QCOMPARE(accepted.load(), int(Affordable));
    QCOMPARE(refused.load(), Submitters * BatchesEach * PerBatch - int(Affordable));
    const auto stored = store->runAndWait<QList<QVariantList>>([userId](SqlSession &session) {
        return QList<QVariantList>{
            {session.scalar(QStringLiteral("SELECT balance FROM wallets WHERE user_id = ?"), {userId}),
             session.scalar(QStringLiteral("SELECT COUNT(*) FROM messages WHERE user_id = ?"), {userId}),
             session.scalar(QStringLiteral("SELECT COUNT(*) FROM wallet_transactions WHERE user_id = ? AND type = 'debit'"),
                            {userId})}};
    });
    QCOMPARE(stored.at(0).at(0).toLongLong(), 0);
    QCOMPARE(stored.at(0).at(1).toLongLong(), Affordable);
    QCOMPARE(stored.at(0).at(2).toLongLong(), Affordable);

    // The debits, from the largest balance_after down, step by exactly one cost each: no two
    // entries claim the same balance, and the first left the full wallet less one message.
    const QList<QVariantList> after = store->runAndWait<QList<QVariantList>>([userId](SqlSession &session) {
        return session.rows(QStringLiteral("SELECT balance_after FROM wallet_transactions WHERE user_id = ? AND type = 'debit' "
                                           "ORDER BY balance_after DESC"),
                            {userId});
    });
    QCOMPARE(after.size(), qsizetype(Affordable));
    for (qsizetype i = 0; i < after.size(); ++i)
        QCOMPARE(after.at(i).at(0).toLongLong(), Cost * (Affordable - 1 - i));
}

QTEST_GUILESS_MAIN(MessageAcceptorTest)
#include "tst_messageacceptor.moc"
