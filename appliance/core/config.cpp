#include "core/config.h"

#include "core/configkeys.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace ogene {

Config Config::defaults()
{
    Config config;
    for (const ConfigKey &key : configKeys())
        config.m_values.insert(key.name, key.defaultValue);
    return config;
}

std::optional<Config> Config::load(const QString &iniPath, const QProcessEnvironment &environment,
                                   QString *error)
{
    Config config = defaults();

    if (!iniPath.isEmpty()) {
        if (!QFileInfo(iniPath).isReadable()) {
            *error = QStringLiteral("--config: cannot read '%1'").arg(iniPath);
            return std::nullopt;
        }
        QSettings ini(iniPath, QSettings::IniFormat);
        if (ini.status() != QSettings::NoError) {
            *error = QStringLiteral("--config: '%1' is not a valid INI file").arg(iniPath);
            return std::nullopt;
        }
        for (const QString &fileKey : ini.allKeys()) {
            const QString name = fileKey.section(QLatin1Char('/'), -1).toUpper();
            if (!config.m_values.contains(name)) {
                *error = QStringLiteral("%1: unknown key '%2' in '%3'").arg(name, fileKey, iniPath);
                return std::nullopt;
            }
            // QSettings splits unquoted values at commas; a value is one string here.
            const QVariant value = ini.value(fileKey);
            config.m_values.insert(name, value.typeId() == QMetaType::QStringList
                                             ? value.toStringList().join(QLatin1Char(','))
                                             : value.toString());
        }
    }

    for (const ConfigKey &key : configKeys()) {
        const QString variable = QStringLiteral("OGENE_") + key.name;
        if (environment.contains(variable))
            config.m_values.insert(key.name, environment.value(variable));
    }

    for (const ConfigKey &key : configKeys()) {
        const QString problem = key.check(config.m_values.value(key.name));
        if (!problem.isEmpty()) {
            *error = QStringLiteral("OGENE_%1: %2").arg(key.name, problem);
            return std::nullopt;
        }
    }
    return config;
}

QString Config::text(const QString &key) const
{
    Q_ASSERT(m_values.contains(key));
    return m_values.value(key);
}

qint64 Config::integer(const QString &key) const
{
    return text(key).toLongLong();
}

QString Config::databaseUrl() const
{
    const QString configured = text(QStringLiteral("DATABASE"));
    if (!configured.isEmpty())
        return configured;
    return QStringLiteral("sqlite:") + QDir(text(QStringLiteral("DATA_DIR"))).filePath(QStringLiteral("ogene.db"));
}

} // namespace ogene
