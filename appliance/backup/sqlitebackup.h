#pragma once

#include <QString>

namespace ogene {

// An online copy of a SQLite database that an appliance may be writing at the same moment:
// SQLite's VACUUM INTO reads one consistent snapshot (a read transaction, so writers go on), into
// a temporary file beside the target that is made 0600, flushed, and only then renamed onto the
// target, so the target is either absent or a whole backup.
class SqliteBackup
{
public:
    enum class Overwrite { Refuse, Replace };

    // False with *error filled when the copy could not be made; the target is then untouched.
    static bool copy(const QString &databasePath, const QString &targetPath, Overwrite overwrite, QString *error);
};

} // namespace ogene
