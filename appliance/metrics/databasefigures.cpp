#include "metrics/databasefigures.h"

#include "store/sqlsession.h"
#include "store/store.h"

#include <ogene/timestamp.h>

#include <QSqlRecord>

#include <utility>

namespace ogene {

DatabaseFigures DatabaseFigures::read(SqlSession &session)
{
    DatabaseFigures figures;
    for (const QString &status : {QStringLiteral("queued"), QStringLiteral("sent"), QStringLiteral("delivered"),
                                  QStringLiteral("failed")})
        figures.messagesByStatus.insert(status, 0);
    for (const QSqlRecord &row : session.all(QStringLiteral("SELECT status, COUNT(*) FROM messages GROUP BY status")))
        figures.messagesByStatus.insert(row.value(0).toString(), row.value(1).toLongLong());
    for (const QSqlRecord &row : session.all(QStringLiteral(
             "SELECT w.currency, t.type, t.category, COUNT(*), CAST(COALESCE(SUM(t.amount), 0) AS BIGINT) "
             "FROM wallet_transactions t JOIN wallets w ON w.user_id = t.user_id "
             "GROUP BY w.currency, t.type, t.category ORDER BY w.currency, t.type, t.category")))
        figures.ledger.append({row.value(0).toString(), row.value(1).toString(), row.value(2).toString(),
                               row.value(3).toLongLong(), row.value(4).toLongLong()});
    figures.readAtMs = nowMs();
    return figures;
}

DatabaseFiguresCache::DatabaseFiguresCache(Store &store, qint64 maxAgeMs, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_maxAgeMs(maxAgeMs)
{
}

void DatabaseFiguresCache::get(Done done)
{
    if (m_last && nowMs() - m_last->readAtMs < m_maxAgeMs) {
        Outcome<DatabaseFigures> cached;
        cached.value = *m_last;
        done(cached);
        return;
    }
    m_waiting.append(std::move(done));
    if (m_waiting.size() > 1)
        return; // a read is under way; it answers everyone waiting
    m_store.run<DatabaseFigures>(this, DatabaseFigures::read, [this](Outcome<DatabaseFigures> outcome) {
        if (outcome.ok())
            m_last = *outcome.value;
        const QList<Done> waiting = std::exchange(m_waiting, {});
        for (const Done &answer : waiting)
            answer(outcome);
    });
}

} // namespace ogene
