#pragma once

#include <QJsonValue>
#include <QString>

#include <optional>

namespace ogene {

// Instants are kept as milliseconds since the Unix epoch (UTC) in code and in the database,
// and become ISO 8601 strings only at the API edge.
qint64 nowMs();
QString isoTimestamp(qint64 epochMs);
// The instant as ISO 8601, or JSON null when it has not happened (0).
QJsonValue isoTimestampOrNull(qint64 epochMs);
std::optional<qint64> parseIsoTimestamp(const QString &text);

} // namespace ogene
