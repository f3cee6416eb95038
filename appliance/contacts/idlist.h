#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

namespace ogene {

class FieldValidator;
class SqlSession;

// Lists of record ids in request bodies ({"contact_ids": [1, 2]}) and the check that each id is
// the account's own: an id of another account, or of nothing, is a 422 on the list's field.
namespace IdList {

// The ids of body[field]: whole positive numbers, at most `most` of them, duplicates dropped.
// Missing gives an empty list (and an error when required).
QList<qint64> read(const QJsonObject &body, const QString &field, qsizetype most, bool required, FieldValidator &fields);

// Throws the 422 envelope on field when any of ids is not a row of table owned by userId.
void requireOwned(SqlSession &session, const QString &table, qint64 userId, const QList<qint64> &ids, const QString &field);

} // namespace IdList
} // namespace ogene
