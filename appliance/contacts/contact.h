#pragma once

#include <QJsonObject>
#include <QSqlRecord>
#include <QString>

namespace ogene {

// A person in an account's address book: one phone number (E.164, unique per account), an
// optional name and free-form fields the client keeps with it.
struct Contact
{
    qint64 id = 0;
    QString phone;
    QString name;
    QJsonObject fields;
    qint64 createdAt = 0;
    qint64 updatedAt = 0;

    static const QString Columns;
    static Contact fromRecord(const QSqlRecord &record);
    QJsonObject toJson() const;
};

} // namespace ogene
