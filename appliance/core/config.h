#pragma once

#include <QHash>
#include <QProcessEnvironment>
#include <QString>

#include <optional>

namespace ogene {

// The appliance's settings: each key from configKeys(), its default overridden by the INI file
// given with --config, and that by the environment variable OGENE_<KEY>.
class Config
{
public:
    // Returns nullopt and fills *error with one line naming the key and what is wrong.
    static std::optional<Config> load(const QString &iniPath, const QProcessEnvironment &environment,
                                      QString *error);
    // Defaults only; for tests and tools that need no file.
    static Config defaults();

    QString text(const QString &key) const;
    qint64 integer(const QString &key) const;

    // DATABASE with its default filled in from DATA_DIR.
    QString databaseUrl() const;

private:
    QHash<QString, QString> m_values;
};

} // namespace ogene
