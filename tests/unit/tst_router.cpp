// Routing and request reading: path patterns, 404 and 405, JSON bodies, field validation and the
// list convention's page parameters.
#include "http/fieldvalidator.h"
#include "http/pagination.h"
#include "http/router.h"

#include <QJsonDocument>
#include <QTest>

using namespace ogene;

class RouterTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void numericParametersMatchDigitsOnly();
    void fieldValidatorCollectsOneMessagePerField();
    void paginationReadsAndRefusesParameters();
    void paginationMetaCountsPages();
};

void RouterTest::numericParametersMatchDigitsOnly()
{
    Router router;
    QString matched;
    router.add("GET", QStringLiteral("/api/things/{id}"), Access::Public,
               [&matched](ApiCall call) { matched = call.param(QStringLiteral("id")); });
    router.add("GET", QStringLiteral("/api/refs/{reference}"), Access::Public,
               [&matched](ApiCall call) { matched = call.param(QStringLiteral("reference")); });

    HttpRequest request;
    request.method = "GET";
    request.path = QStringLiteral("/api/things/42");
    router.handle(request, HttpResponder());
    QCOMPARE(matched, QStringLiteral("42"));

    matched.clear();
    request.path = QStringLiteral("/api/things/abc");
    router.handle(request, HttpResponder());
    QVERIFY(matched.isEmpty());

    request.path = QStringLiteral("/api/refs/OGN-abc_1");
    router.handle(request, HttpResponder());
    QCOMPARE(matched, QStringLiteral("OGN-abc_1"));
}

void RouterTest::fieldValidatorCollectsOneMessagePerField()
{
    const QJsonObject body = QJsonDocument::fromJson(R"({"name":"", "email":"nope", "limit": 1.5, "flag": "yes"})").object();
    FieldValidator fields(body);
    fields.requiredText(QStringLiteral("name"), 10);
    fields.requiredEmail(QStringLiteral("email"));
    fields.optionalInteger(QStringLiteral("limit"), 1, 10);
    fields.optionalBoolean(QStringLiteral("flag"));
    fields.requiredText(QStringLiteral("missing"), 10);
    try {
        fields.check();
        QFAIL("check() accepted bad fields");
    } catch (const ApiError &error) {
        QCOMPARE(error.status(), 422);
        const QJsonObject errors = QJsonDocument::fromJson(error.response().body).object().value(QStringLiteral("errors")).toObject();
        QCOMPARE(errors.keys(), (QStringList{QStringLiteral("email"), QStringLiteral("flag"), QStringLiteral("limit"),
                                            QStringLiteral("missing"), QStringLiteral("name")}));
    }
}

void RouterTest::paginationReadsAndRefusesParameters()
{
    const Pagination defaults = Pagination::fromQuery(QUrlQuery());
    QCOMPARE(defaults.page, 1);
    QCOMPARE(defaults.perPage, 25);
    const Pagination chosen = Pagination::fromQuery(QUrlQuery(QStringLiteral("page=3&per_page=100")));
    QCOMPARE(chosen.offset(), 200);
    for (const char *bad : {"page=0", "page=-1", "per_page=101", "per_page=0", "page=x", "per_page=1.5"}) {
        bool refused = false;
        try {
            Pagination::fromQuery(QUrlQuery(QString::fromLatin1(bad)));
        } catch (const ApiError &error) {
            refused = error.status() == 422;
        }
        QVERIFY2(refused, bad);
    }
}

void RouterTest::paginationMetaCountsPages()
{
    const Pagination page = Pagination::fromQuery(QUrlQuery(QStringLiteral("page=2&per_page=10")));
    const QJsonObject body = QJsonDocument::fromJson(page.response({}, 21).body).object();
    const QJsonObject meta = body.value(QStringLiteral("meta")).toObject();
    QCOMPARE(meta.value(QStringLiteral("current_page")).toInt(), 2);
    QCOMPARE(meta.value(QStringLiteral("per_page")).toInt(), 10);
    QCOMPARE(meta.value(QStringLiteral("total")).toInt(), 21);
    QCOMPARE(meta.value(QStringLiteral("last_page")).toInt(), 3);
    const QJsonObject empty = QJsonDocument::fromJson(page.response({}, 0).body).object();
    QCOMPARE(empty.value(QStringLiteral("meta")).toObject().value(QStringLiteral("last_page")).toInt(), 1);
}

QTEST_GUILESS_MAIN(RouterTest)
#include "tst_router.moc"
