#include "audit/auditaction.h"

#include <QStringList>

namespace ogene {
namespace {

// "sender-ids" → "sender_id", "users" → "user", "pricing" stays.
QString singular(const QString &segment)
{
    QString name = segment;
    name.replace(QLatin1Char('-'), QLatin1Char('_'));
    if (name.endsWith(QLatin1Char('s')) && !name.endsWith(QLatin1String("ss")))
        name.chop(1);
    return name;
}

QString verbOf(const QByteArray &method)
{
    if (method == "POST")
        return QStringLiteral("create");
    if (method == "DELETE")
        return QStringLiteral("delete");
    return QStringLiteral("update");
}

} // namespace

std::optional<AuditAction> AuditAction::forRoute(const QByteArray &method, const QString &pattern)
{
    if (method == "GET" || method == "HEAD" || method == "OPTIONS")
        return std::nullopt;
    QStringList segments = pattern.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    if (segments.size() < 3 || segments.at(0) != QLatin1String("api") || segments.at(1) != QLatin1String("admin"))
        return std::nullopt;
    segments = segments.mid(2);

    AuditAction action;
    QStringList literals;
    for (const QString &segment : std::as_const(segments)) {
        if (segment.startsWith(QLatin1Char('{'))) {
            if (action.targetParameter.isEmpty() && !literals.isEmpty()) {
                action.targetParameter = segment.mid(1, segment.size() - 2);
                action.targetType = singular(literals.last());
            }
            continue;
        }
        literals.append(segment);
    }
    if (literals.isEmpty())
        return std::nullopt;
    if (action.targetType.isEmpty())
        action.targetType = singular(literals.first());
    // The last word names the deed when there are two (…/wallet/credit); else the method does.
    action.name = literals.size() >= 2 ? singular(literals.at(literals.size() - 2)) + QLatin1Char('.')
                                             + QString(literals.last()).replace(QLatin1Char('-'), QLatin1Char('_'))
                                       : singular(literals.first()) + QLatin1Char('.') + verbOf(method);
    return action;
}

} // namespace ogene
