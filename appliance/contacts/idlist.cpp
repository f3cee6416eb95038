#include "contacts/idlist.h"

#include "http/apierror.h"
#include "http/fieldvalidator.h"
#include "store/sqlsession.h"

#include <QJsonArray>
#include <QSet>

namespace ogene {

QList<qint64> IdList::read(const QJsonObject &body, const QString &field, qsizetype most, bool required, FieldValidator &fields)
{
    const QJsonValue value = body.value(field);
    if (value.isUndefined() || value.isNull()) {
        if (required)
            fields.reject(field, QStringLiteral("The %1 field is required.").arg(field));
        return {};
    }
    if (!value.isArray()) {
        fields.reject(field, QStringLiteral("The %1 field must be an array of ids.").arg(field));
        return {};
    }
    const QJsonArray array = value.toArray();
    if (array.size() > most) {
        fields.reject(field, QStringLiteral("The %1 field must not have more than %2 items.").arg(field).arg(most));
        return {};
    }
    if (array.isEmpty() && required) {
        fields.reject(field, QStringLiteral("The %1 field must have at least one id.").arg(field));
        return {};
    }
    QList<qint64> ids;
    QSet<qint64> seen;
    for (const QJsonValue &item : array) {
        const double number = item.toDouble();
        if (!item.isDouble() || number < 1 || number > 9e15 || number != double(qint64(number))) {
            fields.reject(field, QStringLiteral("The %1 field must hold whole positive numbers only.").arg(field));
            return {};
        }
        if (!seen.contains(qint64(number))) {
            seen.insert(qint64(number));
            ids.append(qint64(number));
        }
    }
    return ids;
}

void IdList::requireOwned(SqlSession &session, const QString &table, qint64 userId, const QList<qint64> &ids, const QString &field)
{
    QSet<qint64> owned;
    for (const QVariantList &row : session.rows(QStringLiteral("SELECT id FROM %1 WHERE user_id = ? AND %2").arg(table, session.idIn(QStringLiteral("id"))),
                                                {userId, session.idsValue(ids)}))
        owned.insert(row.at(0).toLongLong());
    QStringList unknown;
    for (qint64 id : ids) {
        if (!owned.contains(id) && unknown.size() < 10)
            unknown.append(QString::number(id));
    }
    if (!unknown.isEmpty())
        throw ApiError::validation(field, QStringLiteral("Unknown ids: %1.").arg(unknown.join(QLatin1String(", "))));
}

} // namespace ogene
