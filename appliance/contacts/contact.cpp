#include "contacts/contact.h"

#include <ogene/timestamp.h>

#include <QJsonDocument>
#include <QVariant>

namespace ogene {

const QString Contact::Columns = QStringLiteral("id, phone, name, fields, created_at, updated_at");

Contact Contact::fromRecord(const QSqlRecord &record)
{
    Contact contact;
    contact.id = record.value(0).toLongLong();
    contact.phone = record.value(1).toString();
    contact.name = record.value(2).toString();
    contact.fields = QJsonDocument::fromJson(record.value(3).toString().toUtf8()).object();
    contact.createdAt = record.value(4).toLongLong();
    contact.updatedAt = record.value(5).toLongLong();
    return contact;
}

QJsonObject Contact::toJson() const
{
    return {{QStringLiteral("id"), id},
            {QStringLiteral("phone"), phone},
            {QStringLiteral("name"), name.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(name)},
            {QStringLiteral("fields"), fields},
            {QStringLiteral("created_at"), isoTimestamp(createdAt)},
            {QStringLiteral("updated_at"), isoTimestamp(updatedAt)}};
}

} // namespace ogene
