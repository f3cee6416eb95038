#include "ogene/timestamp.h"

#include <QDateTime>
#include <QTimeZone>

namespace ogene {

qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

QString isoTimestamp(qint64 epochMs)
{
    return QDateTime::fromMSecsSinceEpoch(epochMs, Qt::UTC).toString(Qt::ISODateWithMs);
}

QJsonValue isoTimestampOrNull(qint64 epochMs)
{
    return epochMs > 0 ? QJsonValue(isoTimestamp(epochMs)) : QJsonValue(QJsonValue::Null);
}

std::optional<qint64> parseIsoTimestamp(const QString &text)
{
    const QDateTime parsed = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!parsed.isValid())
        return std::nullopt;
    return parsed.toMSecsSinceEpoch();
}

} // namespace ogene
