#include "store/migrator.h"

#include "store/sqlsession.h"

#include <ogene/timestamp.h>

#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace ogene {
namespace {
constexpr qint64 MigrationLockKey = 0x6f67656e65; // "ogene"
}

QList<Migrator::Migration> Migrator::available(const QString &engineName)
{
    static const QRegularExpression fileName(QStringLiteral("^(\\d{4})_(\\w+)\\.sql$"));
    QList<Migration> migrations;
    QDirIterator files(QStringLiteral(":/migrations/") + engineName, QDir::Files);
    while (files.hasNext()) {
        files.next();
        const QRegularExpressionMatch match = fileName.match(files.fileName());
        if (!match.hasMatch())
            continue;
        QFile file(files.filePath());
        file.open(QIODevice::ReadOnly);
        migrations.append({match.captured(1).toInt(), match.captured(2), QString::fromUtf8(file.readAll())});
    }
    std::sort(migrations.begin(), migrations.end(),
              [](const Migration &a, const Migration &b) { return a.version < b.version; });
    return migrations;
}

QStringList Migrator::splitStatements(const QString &sql)
{
    // Statements end with a semicolon at the end of a line; comment lines are dropped.
    QStringList statements;
    QString current;
    for (const QString &line : sql.split(QLatin1Char('\n'))) {
        if (line.trimmed().startsWith(QLatin1String("--")))
            continue;
        current += line + QLatin1Char('\n');
        if (line.trimmed().endsWith(QLatin1Char(';'))) {
            statements.append(current.trimmed());
            current.clear();
        }
    }
    if (!current.trimmed().isEmpty())
        statements.append(current.trimmed());
    return statements;
}

int Migrator::apply(SqlSession &session, const QString &engineName)
{
    if (session.engine() == Engine::Postgresql)
        session.scalar(QStringLiteral("SELECT pg_advisory_xact_lock(?)"), {MigrationLockKey});
    session.executeDirect(QStringLiteral("CREATE TABLE IF NOT EXISTS schema_migrations ("
                                         "version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)"));
    QSet<int> applied;
    for (const QSqlRecord &row : session.all(QStringLiteral("SELECT version FROM schema_migrations")))
        applied.insert(row.value(0).toInt());

    int count = 0;
    for (const Migration &migration : available(engineName)) {
        if (applied.contains(migration.version))
            continue;
        for (const QString &statement : splitStatements(migration.sql))
            session.executeDirect(statement);
        session.execute(QStringLiteral("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)"),
                        {migration.version, migration.name, nowMs()});
        ++count;
    }
    return count;
}

} // namespace ogene
