#include "store/sqlliterals.h"

namespace ogene::SqlLiterals {

void appendArrayText(QString &literal, const QString &text)
{
    literal += QLatin1Char('"');
    for (const QChar character : text) {
        if (character == QLatin1Char('"') || character == QLatin1Char('\\'))
            literal += QLatin1Char('\\');
        literal += character;
    }
    literal += QLatin1Char('"');
}

void appendJsonString(QString &document, const QString &text)
{
    document += QLatin1Char('"');
    for (const QChar character : text) {
        const char16_t code = character.unicode();
        if (code == u'"' || code == u'\\') {
            document += QLatin1Char('\\');
            document += character;
        } else if (code < 0x20) {
            document += QStringLiteral("\\u%1").arg(int(code), 4, 16, QLatin1Char('0'));
        } else {
            document += character;
        }
    }
    document += QLatin1Char('"');
}

} // namespace ogene::SqlLiterals
