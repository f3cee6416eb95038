#pragma once

#include <QString>

namespace ogene {

enum class Engine { Sqlite, Postgresql };

// Where the store lives: "sqlite:PATH" or "postgresql://user[:password]@host:port/dbname".
struct DatabaseUrl
{
    Engine engine = Engine::Sqlite;
    QString sqlitePath;
    QString host;
    int port = 5432;
    QString user;
    QString password;
    QString databaseName;

    static DatabaseUrl parse(const QString &text, QString *error);
    QString engineName() const;
};

} // namespace ogene
