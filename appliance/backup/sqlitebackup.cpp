#include "backup/sqlitebackup.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <sqlite3.h>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ogene {
namespace {

constexpr int BusyTimeoutMs = 30000;

bool flushToDisk(const QString &path, int flags)
{
    const int fd = ::open(QFile::encodeName(path).constData(), flags);
    if (fd < 0)
        return false;
    const bool flushed = ::fsync(fd) == 0;
    ::close(fd);
    return flushed;
}

QString systemError(const QString &what)
{
    return QStringLiteral("%1: %2").arg(what, QString::fromLocal8Bit(std::strerror(errno)));
}

bool vacuumInto(const QString &databasePath, const QString &temporaryPath, QString *error)
{
    sqlite3 *db = nullptr;
    // Never SQLITE_OPEN_CREATE: a wrong path must not leave an empty database behind.
    int rc = sqlite3_open_v2(QFile::encodeName(databasePath).constData(), &db, SQLITE_OPEN_READWRITE, nullptr);
    if (rc == SQLITE_OK) {
        sqlite3_busy_timeout(db, BusyTimeoutMs);
        sqlite3_stmt *statement = nullptr;
        rc = sqlite3_prepare_v2(db, "VACUUM INTO ?", -1, &statement, nullptr);
        if (rc == SQLITE_OK) {
            const QByteArray target = QFile::encodeName(temporaryPath);
            sqlite3_bind_text(statement, 1, target.constData(), int(target.size()), SQLITE_TRANSIENT);
            rc = sqlite3_step(statement);
            if (rc == SQLITE_DONE)
                rc = SQLITE_OK;
        }
        sqlite3_finalize(statement);
    }
    if (rc != SQLITE_OK)
        *error = QStringLiteral("cannot back up %1: %2").arg(databasePath, QString::fromUtf8(db ? sqlite3_errmsg(db) : sqlite3_errstr(rc)));
    sqlite3_close(db);
    return rc == SQLITE_OK;
}

} // namespace

bool SqliteBackup::copy(const QString &databasePath, const QString &targetPath, Overwrite overwrite, QString *error)
{
    if (!QFileInfo(databasePath).isFile()) {
        *error = QStringLiteral("no SQLite database at %1").arg(databasePath);
        return false;
    }
    const QFileInfo target(targetPath);
    const QString directory = target.absolutePath();
    if (!QFileInfo(directory).isDir()) {
        *error = QStringLiteral("the folder %1 does not exist").arg(directory);
        return false;
    }
    if (target.exists() && overwrite == Overwrite::Refuse) {
        *error = QStringLiteral("%1 already exists (use --force to replace it)").arg(target.absoluteFilePath());
        return false;
    }
    const QString temporary = directory + QStringLiteral("/.%1.partial-%2").arg(target.fileName()).arg(::getpid());
    QFile::remove(temporary);

    // VACUUM INTO creates the file itself: the umask makes it private from its first byte.
    const mode_t previousMask = ::umask(077);
    const bool copied = vacuumInto(databasePath, temporary, error);
    ::umask(previousMask);
    if (!copied) {
        QFile::remove(temporary);
        return false;
    }
    if (::chmod(QFile::encodeName(temporary).constData(), 0600) != 0 || !flushToDisk(temporary, O_RDONLY)) {
        *error = systemError(QStringLiteral("cannot write %1").arg(temporary));
        QFile::remove(temporary);
        return false;
    }
    const QByteArray from = QFile::encodeName(temporary);
    const QByteArray to = QFile::encodeName(target.absoluteFilePath());
    // link() refuses an existing target, so a file that appeared meanwhile is not replaced either.
    const bool placed = overwrite == Overwrite::Replace ? ::rename(from.constData(), to.constData()) == 0
                                                        : ::link(from.constData(), to.constData()) == 0;
    if (!placed) {
        *error = errno == EEXIST ? QStringLiteral("%1 already exists (use --force to replace it)").arg(target.absoluteFilePath())
                                 : systemError(QStringLiteral("cannot write %1").arg(target.absoluteFilePath()));
        QFile::remove(temporary);
        return false;
    }
    if (overwrite == Overwrite::Refuse)
        QFile::remove(temporary);
    flushToDisk(directory, O_RDONLY | O_DIRECTORY); // the rename itself survives a power cut
    return true;
}

} // namespace ogene
