#pragma once

#include <QByteArray>
#include <QString>
#include <QtGlobal>

namespace ogene {

// How the appliance writes its log on stderr (LOG_FORMAT): "text", one readable line per message
// (time, level, category: message), or "json", one JSON object per line for log collectors:
// {"time": ISO 8601 UTC with milliseconds, "level", "category", "message"}.
class LogFormat
{
public:
    static void install(const QString &format);
    static QByteArray jsonLine(QtMsgType type, const char *category, const QString &message, qint64 msecsSinceEpoch);
    static const char *levelName(QtMsgType type);
};

} // namespace ogene
