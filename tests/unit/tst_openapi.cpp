// The API reference and the server agree: every route the appliance serves is in
// resources/openapi.yaml, and the document describes no route the appliance does not serve.
#include "app/apiroutes.h"
#include "http/router.h"

#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

class OpenApiTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void documentAndServerListTheSameRoutes();
    void everyOperationDocumentsItsErrors();

private:
    static QStringList documentLines();
};

QStringList OpenApiTest::documentLines()
{
    QFile file(QStringLiteral(OGENE_SOURCE_DIR "/resources/openapi.yaml"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'));
}

void OpenApiTest::documentAndServerListTheSameRoutes()
{
    static const QRegularExpression pathLine(QStringLiteral("^  (/\\S*):\\s*$"));
    static const QRegularExpression methodLine(QStringLiteral("^    (get|post|put|patch|delete):\\s*$"));
    QSet<QString> documented;
    QString currentPath;
    const QStringList lines = documentLines();
    QVERIFY(!lines.isEmpty());
    for (const QString &line : lines) {
        if (const auto match = pathLine.match(line); match.hasMatch())
            currentPath = match.captured(1);
        else if (!line.startsWith(QLatin1String("    ")) && !line.trimmed().isEmpty())
            currentPath.clear();
        else if (const auto method = methodLine.match(line); method.hasMatch() && !currentPath.isEmpty())
            documented.insert(method.captured(1).toUpper() + QLatin1Char(' ') + currentPath);
    }

    ogene::Services none;
    ogene::Router router;
    ogene::installApiRoutes(router, none);
    QSet<QString> served;
    for (const ogene::Router::Route &route : router.routes())
        served.insert(QString::fromLatin1(route.method) + QLatin1Char(' ') + route.pattern);

    const QSet<QString> undocumented = served - documented;
    const QSet<QString> unserved = documented - served;
    QVERIFY2(undocumented.isEmpty(), qPrintable(QStringLiteral("served but not in openapi.yaml: ")
                                               + QStringList(undocumented.values()).join(QLatin1String(", "))));
    QVERIFY2(unserved.isEmpty(), qPrintable(QStringLiteral("in openapi.yaml but not served: ")
                                           + QStringList(unserved.values()).join(QLatin1String(", "))));
    QVERIFY(served.size() >= 13);
}

void OpenApiTest::everyOperationDocumentsItsErrors()
{
    // Each authenticated operation says what 401 and 429 look like; every operation answers something.
    const QString text = documentLines().join(QLatin1Char('\n'));
    const QStringList operations = text.split(QRegularExpression(QStringLiteral("\\n    (?=get:|post:|put:|patch:|delete:)")));
    QVERIFY(operations.size() > 1);
    for (qsizetype i = 1; i < operations.size(); ++i) {
        const QString operation = operations.at(i).section(QStringLiteral("\n  /"), 0, 0).section(QStringLiteral("\ncomponents:"), 0, 0);
        QVERIFY2(operation.contains(QLatin1String("responses:")), qPrintable(operation.left(80)));
        QVERIFY2(operation.contains(QLatin1String("\"429\"")), qPrintable(operation.left(80)));
        if (!operation.contains(QLatin1String("security: []")))
            QVERIFY2(operation.contains(QLatin1String("\"401\"")), qPrintable(operation.left(80)));
    }
}

QTEST_GUILESS_MAIN(OpenApiTest)
#include "tst_openapi.moc"
