#pragma once

#include "audit/auditentry.h"

#include <QList>

#include <optional>

namespace ogene {

class SqlSession;

// The audit_log table. record() runs inside the transaction of the change it describes.
class AuditLog
{
public:
    struct Filter
    {
        qint64 actorUserId = 0;
        QString action;
        QString targetType;
        qint64 targetId = 0;
        std::optional<qint64> from; // ms, inclusive
        std::optional<qint64> to;   // ms, exclusive
    };

    explicit AuditLog(SqlSession &session)
        : m_session(session)
    {
    }

    // Writes the entry; the actor's email is read from the account as it is now, in this transaction.
    void record(const AuditEntry &entry);
    // Newest first.
    QList<AuditEntry> list(const Filter &filter, qint64 limit, qint64 offset);
    qint64 count(const Filter &filter);

private:
    static QString where(const Filter &filter, QVariantList &values);

    SqlSession &m_session;
};

} // namespace ogene
