#pragma once

#include <QList>
#include <QLocale>
#include <QString>

class QTranslator;

namespace ogene {

// The console's language: the one chosen in Settings ▸ Language, or else the system locale's
// when the console has it, or else English. A new choice applies from the next start.
class ConsoleLanguage
{
public:
    struct Choice
    {
        QString code; // empty: follow the system
        QString name; // in its own language
    };

    static QList<Choice> choices();
    static QString chosen();
    static void choose(const QString &code);
    // The chosen language's locale, or the system's.
    static QLocale locale();
    // Loads the translation into translator; false when English (the source) applies.
    static bool load(QTranslator &translator);
    // Qt's own strings in the same language (OK, Cancel, the context menus), from the system's
    // Qt translations; false when there are none.
    static bool loadQt(QTranslator &translator);
};

} // namespace ogene
