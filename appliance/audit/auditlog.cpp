#include "audit/auditlog.h"

#include "store/sqlsession.h"

#include <ogene/timestamp.h>

#include <QJsonDocument>

namespace ogene {

void AuditLog::record(const AuditEntry &entry)
{
    const QString email = m_session.scalar(QStringLiteral("SELECT email FROM users WHERE id = ?"), {entry.actorUserId}).toString();
    m_session.execute(QStringLiteral("INSERT INTO audit_log (created_at, actor_user_id, actor_email, action, target_type, target_id, "
                                     "details, client_address) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"),
                      {entry.createdAt ? entry.createdAt : nowMs(), entry.actorUserId, email, entry.action, entry.targetType,
                       SqlSession::nullIfAbsent(entry.targetId),
                       QString::fromUtf8(QJsonDocument(entry.details).toJson(QJsonDocument::Compact)), entry.clientAddress});
}

QString AuditLog::where(const Filter &filter, QVariantList &values)
{
    QString sql = QStringLiteral(" WHERE 1 = 1");
    if (filter.actorUserId > 0) {
        sql += QStringLiteral(" AND actor_user_id = ?");
        values.append(filter.actorUserId);
    }
    if (!filter.action.isEmpty()) {
        sql += QStringLiteral(" AND action = ?");
        values.append(filter.action);
    }
    if (!filter.targetType.isEmpty()) {
        sql += QStringLiteral(" AND target_type = ?");
        values.append(filter.targetType);
    }
    if (filter.targetId > 0) {
        sql += QStringLiteral(" AND target_id = ?");
        values.append(filter.targetId);
    }
    if (filter.from) {
        sql += QStringLiteral(" AND created_at >= ?");
        values.append(*filter.from);
    }
    if (filter.to) {
        sql += QStringLiteral(" AND created_at < ?");
        values.append(*filter.to);
    }
    return sql;
}

QList<AuditEntry> AuditLog::list(const Filter &filter, qint64 limit, qint64 offset)
{
    QVariantList values;
    const QString condition = where(filter, values);
    QList<AuditEntry> entries;
    for (const QSqlRecord &row : m_session.all(QStringLiteral("SELECT ") + AuditEntry::Columns + QStringLiteral(" FROM audit_log")
                                                   + condition + QStringLiteral(" ORDER BY id DESC LIMIT ? OFFSET ?"),
                                               values + QVariantList{limit, offset}))
        entries.append(AuditEntry::fromRecord(row));
    return entries;
}

qint64 AuditLog::count(const Filter &filter)
{
    QVariantList values;
    const QString condition = where(filter, values);
    return m_session.scalar(QStringLiteral("SELECT COUNT(*) FROM audit_log") + condition, values).toLongLong();
}

} // namespace ogene
