#include "core/logformat.h"

#include <QCoreApplication>
#include <QDateTime>

#include <cstdio>

namespace ogene {
namespace {

void appendJsonString(QByteArray &out, const QByteArray &utf8)
{
    static const char hex[] = "0123456789abcdef";
    out += '"';
    for (char c : utf8) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                out += "\\u00";
                out += hex[(c >> 4) & 0xf];
                out += hex[c & 0xf];
            } else {
                out += c;
            }
        }
    }
    out += '"';
}

void writeJson(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    const QByteArray line = LogFormat::jsonLine(type, context.category, message, QDateTime::currentMSecsSinceEpoch());
    // One write per line, so lines from store threads and the socket thread never interleave.
    std::fwrite(line.constData(), 1, size_t(line.size()), stderr);
    std::fflush(stderr);
    if (type == QtFatalMsg)
        std::abort();
}

} // namespace

const char *LogFormat::levelName(QtMsgType type)
{
    switch (type) {
    case QtDebugMsg: return "debug";
    case QtInfoMsg: return "info";
    case QtWarningMsg: return "warning";
    case QtCriticalMsg: return "error";
    case QtFatalMsg: return "fatal";
    }
    return "info";
}

QByteArray LogFormat::jsonLine(QtMsgType type, const char *category, const QString &message, qint64 msecsSinceEpoch)
{
    QByteArray line;
    line.reserve(96 + message.size());
    line += "{\"time\":";
    appendJsonString(line, QDateTime::fromMSecsSinceEpoch(msecsSinceEpoch, Qt::UTC).toString(Qt::ISODateWithMs).toLatin1());
    line += ",\"level\":";
    appendJsonString(line, levelName(type));
    line += ",\"category\":";
    appendJsonString(line, category ? QByteArray(category) : QByteArrayLiteral("default"));
    line += ",\"pid\":" + QByteArray::number(QCoreApplication::applicationPid());
    line += ",\"message\":";
    appendJsonString(line, message.toUtf8());
    line += "}\n";
    return line;
}

void LogFormat::install(const QString &format)
{
    if (format == QLatin1String("json"))
        qInstallMessageHandler(writeJson);
    else
        qInstallMessageHandler(nullptr);
}

} // namespace ogene
