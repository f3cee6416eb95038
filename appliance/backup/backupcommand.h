#pragma once

#include <QStringList>

namespace ogene {

class Config;

// `ogene-appliance backup --to FILE [--force]`: an online backup of the SQLite database, taken while
// the appliance runs. Exit status 0 when written, 1 when it could not be, 2 for bad arguments and on
// PostgreSQL (whose own tools back it up).
class BackupCommand
{
public:
    static int run(const QStringList &arguments, const Config &config);
};

} // namespace ogene
