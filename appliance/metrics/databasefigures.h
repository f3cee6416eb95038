#pragma once

#include "store/outcome.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QString>

#include <functional>
#include <optional>

namespace ogene {

class SqlSession;
class Store;

// The figures GET /metrics reads from the database, which every node shares: messages by status
// (the queued ones are the outbound queue) and the wallet ledger's operations by currency, type and
// category. Two grouped counts, read in one store job.
struct DatabaseFigures
{
    struct LedgerTotal
    {
        QString currency;
        QString type;     // credit or debit
        QString category; // funding, sms, refund, adjustment
        qint64 count = 0;
        qint64 amount = 0; // minor units
    };

    QHash<QString, qint64> messagesByStatus;
    QList<LedgerTotal> ledger;
    qint64 readAtMs = 0;

    static DatabaseFigures read(SqlSession &session);
};

// Keeps the last DatabaseFigures read and reads them again only when they are older than maxAge:
// scrapes from several Prometheus servers, or a scrape storm, cost the store one read per period,
// and scrapes that arrive while a read runs wait for that one rather than start another.
class DatabaseFiguresCache : public QObject
{
    Q_OBJECT
public:
    using Done = std::function<void(const Outcome<DatabaseFigures> &)>;

    DatabaseFiguresCache(Store &store, qint64 maxAgeMs, QObject *parent = nullptr);

    void get(Done done);

private:
    Store &m_store;
    qint64 m_maxAgeMs;
    std::optional<DatabaseFigures> m_last;
    QList<Done> m_waiting;
};

} // namespace ogene
