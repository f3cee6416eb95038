#include "store/databaseurl.h"

#include <QUrl>

namespace ogene {

DatabaseUrl DatabaseUrl::parse(const QString &text, QString *error)
{
    DatabaseUrl url;
    error->clear();
    if (text.startsWith(QLatin1String("sqlite:"))) {
        url.engine = Engine::Sqlite;
        url.sqlitePath = text.mid(7);
        if (url.sqlitePath.isEmpty())
            *error = QStringLiteral("expected sqlite:PATH, the path is empty");
        return url;
    }
    if (text.startsWith(QLatin1String("postgresql://")) || text.startsWith(QLatin1String("postgres://"))) {
        const QUrl parsed(text, QUrl::StrictMode);
        url.engine = Engine::Postgresql;
        url.host = parsed.host();
        url.port = parsed.port(5432);
        url.user = parsed.userName(QUrl::FullyDecoded);
        url.password = parsed.password(QUrl::FullyDecoded);
        url.databaseName = parsed.path().mid(1);
        if (!parsed.isValid() || url.host.isEmpty() || url.user.isEmpty() || url.databaseName.isEmpty()
            || url.databaseName.contains(QLatin1Char('/')))
            *error = QStringLiteral("expected postgresql://user[:password]@host:port/dbname");
        return url;
    }
    *error = QStringLiteral("expected sqlite:PATH or postgresql://user[:password]@host:port/dbname");
    return url;
}

QString DatabaseUrl::engineName() const
{
    return engine == Engine::Sqlite ? QStringLiteral("sqlite") : QStringLiteral("postgresql");
}

} // namespace ogene
