#include "consolelanguage.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace ogene {
namespace {

const QString LanguageKey = QStringLiteral("language");

} // namespace

QList<ConsoleLanguage::Choice> ConsoleLanguage::choices()
{
    return {{QString(), QCoreApplication::translate("ogene::ConsoleLanguage", "System language")},
            {QStringLiteral("en"), QStringLiteral("English")},
            {QStringLiteral("fr"), QStringLiteral("Français")}};
}

QString ConsoleLanguage::chosen()
{
    return QSettings().value(LanguageKey).toString();
}

void ConsoleLanguage::choose(const QString &code)
{
    QSettings().setValue(LanguageKey, code);
}

QLocale ConsoleLanguage::locale()
{
    const QString code = chosen();
    return code.isEmpty() ? QLocale::system() : QLocale(code);
}

bool ConsoleLanguage::load(QTranslator &translator)
{
    return translator.load(locale(), QStringLiteral("ogene_console"), QStringLiteral("_"), QStringLiteral(":/i18n"));
}

bool ConsoleLanguage::loadQt(QTranslator &translator)
{
    return translator.load(locale(), QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath));
}

} // namespace ogene
