#include "backup/backupcommand.h"

#include "backup/sqlitebackup.h"
#include "core/config.h"
#include "store/databaseurl.h"

#include <QCommandLineParser>
#include <QFileInfo>

#include <cstdio>

namespace ogene {
namespace {

int usageError(const QString &message)
{
    std::fprintf(stderr, "ogene-appliance backup: %s\n", qPrintable(message));
    return 2;
}

} // namespace

int BackupCommand::run(const QStringList &arguments, const Config &config)
{
    QCommandLineParser parser;
    parser.addOptions({
        {QStringLiteral("to"), QStringLiteral("The backup file to write."), QStringLiteral("FILE")},
        {QStringLiteral("force"), QStringLiteral("Replace FILE when it exists.")},
    });
    if (!parser.parse(arguments))
        return usageError(parser.errorText());
    if (!parser.positionalArguments().isEmpty())
        return usageError(QStringLiteral("unexpected argument '%1'").arg(parser.positionalArguments().first()));
    const QString target = parser.value(QStringLiteral("to"));
    if (target.isEmpty())
        return usageError(QStringLiteral("--to FILE is required"));

    QString error;
    const DatabaseUrl url = DatabaseUrl::parse(config.databaseUrl(), &error);
    if (!error.isEmpty())
        return usageError(error);
    if (url.engine == Engine::Postgresql)
        return usageError(QStringLiteral("the database is PostgreSQL: back it up with pg_dump (or pg_basebackup), "
                                         "see the README's \"Backups\" section"));

    const SqliteBackup::Overwrite overwrite =
        parser.isSet(QStringLiteral("force")) ? SqliteBackup::Overwrite::Replace : SqliteBackup::Overwrite::Refuse;
    if (!SqliteBackup::copy(url.sqlitePath, target, overwrite, &error)) {
        std::fprintf(stderr, "ogene-appliance backup: %s\n", qPrintable(error));
        return 1;
    }
    std::printf("Backed up %s to %s (%lld bytes).\n", qPrintable(url.sqlitePath), qPrintable(QFileInfo(target).absoluteFilePath()),
                static_cast<long long>(QFileInfo(target).size()));
    return 0;
}

} // namespace ogene
