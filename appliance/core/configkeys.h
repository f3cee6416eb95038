#pragma once

#include <QList>
#include <QString>

#include <functional>

namespace ogene {

// One configuration key: its name (OGENE_<name> in the environment, lower case in the INI file),
// its default, what it is for, and a check that returns what is wrong with a value (empty when fine).
struct ConfigKey
{
    QString name;
    QString defaultValue;
    QString description;
    std::function<QString(const QString &)> check;
};

// Every key the appliance reads. --help, the sample configuration and the loader all use this list.
const QList<ConfigKey> &configKeys();

} // namespace ogene
