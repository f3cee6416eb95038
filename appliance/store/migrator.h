#pragma once

#include <QList>
#include <QString>

namespace ogene {

class SqlSession;

// Brings the schema up to date from the numbered SQL files under resources/migrations/<engine>/.
// Runs inside one transaction; on PostgreSQL it holds an advisory lock, so nodes starting at the
// same moment apply each migration once.
class Migrator
{
public:
    struct Migration
    {
        int version;
        QString name;
        QString sql;
    };

    static QList<Migration> available(const QString &engineName);
    // Answers how many migrations it applied.
    static int apply(SqlSession &session, const QString &engineName);
    static QStringList splitStatements(const QString &sql);
};

} // namespace ogene
