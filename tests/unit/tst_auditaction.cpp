// What the audit log calls each admin route, read off the route: every admin route that changes
// something has an action (so its calls write an entry), reads have none; and request bodies
// become details without their secrets.
#include "app/apiroutes.h"
#include "audit/auditaction.h"
#include "audit/audittrail.h"
#include "http/router.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace ogene;

class AuditActionTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void namesFollowTheRoute_data();
    void namesFollowTheRoute();
    void everyAdminChangeOfTheRouterIsAudited();
    void detailsNeverHoldSecrets();
    void largeDetailsKeepOnlyTheirFieldNames();
};

void AuditActionTest::namesFollowTheRoute_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("targetType");
    QTest::addColumn<QString>("parameter");
    QTest::newRow("create") << QByteArray("POST") << "/api/admin/users" << "user.create" << "user" << "";
    QTest::newRow("update") << QByteArray("PUT") << "/api/admin/users/{id}" << "user.update" << "user" << "id";
    QTest::newRow("suspend") << QByteArray("POST") << "/api/admin/users/{id}/suspend" << "user.suspend" << "user" << "id";
    QTest::newRow("credit") << QByteArray("POST") << "/api/admin/users/{id}/wallet/credit" << "wallet.credit" << "user" << "id";
    QTest::newRow("smpp") << QByteArray("POST") << "/api/admin/users/{id}/smpp-access" << "user.smpp_access" << "user" << "id";
    QTest::newRow("approve") << QByteArray("POST") << "/api/admin/sender-ids/{id}/approve" << "sender_id.approve" << "sender_id" << "id";
    QTest::newRow("routes") << QByteArray("PUT") << "/api/admin/routes" << "route.update" << "route" << "";
    QTest::newRow("cancel") << QByteArray("POST") << "/api/admin/campaigns/{id}/cancel" << "campaign.cancel" << "campaign" << "id";
    QTest::newRow("delete") << QByteArray("DELETE") << "/api/admin/things/{id}" << "thing.delete" << "thing" << "id";
}

void AuditActionTest::namesFollowTheRoute()
{
    QFETCH(QByteArray, method);
    QFETCH(QString, pattern);
    const std::optional<AuditAction> action = AuditAction::forRoute(method, pattern);
    QVERIFY(action);
    QTEST(action->name, "name");
    QTEST(action->targetType, "targetType");
    QTEST(action->targetParameter, "parameter");
}

void AuditActionTest::everyAdminChangeOfTheRouterIsAudited()
{
    Services none;
    Router router;
    installApiRoutes(router, none);
    int audited = 0;
    for (const Router::Route &route : router.routes()) {
        const bool change = route.access == Access::Admin && route.method != "GET";
        QVERIFY2(bool(route.audit) == change, qPrintable(QString::fromLatin1(route.method) + QLatin1Char(' ') + route.pattern));
        audited += change ? 1 : 0;
    }
    QVERIFY(audited >= 11);
    QVERIFY(!AuditAction::forRoute("GET", QStringLiteral("/api/admin/users")));
    QVERIFY(!AuditAction::forRoute("POST", QStringLiteral("/api/client/sms/send")));
}

void AuditActionTest::detailsNeverHoldSecrets()
{
    const QJsonObject details = AuditTrail::detailsOf(
        R"({"name":"Ada","password":"s3cret-pass","nested":{"api_key":"ogn_x","Token":"t"},"list":[{"webhook_secret":"w"}],"amount":"5.00"})");
    const QByteArray text = QJsonDocument(details).toJson(QJsonDocument::Compact);
    QVERIFY2(!text.contains("s3cret") && !text.contains("ogn_x") && !text.contains("\"t\"") && !text.contains("\"w\""), text.constData());
    QCOMPARE(details.value(QStringLiteral("password")).toString(), QStringLiteral("[redacted]"));
    QCOMPARE(details.value(QStringLiteral("name")).toString(), QStringLiteral("Ada"));
    QCOMPARE(details.value(QStringLiteral("amount")).toString(), QStringLiteral("5.00"));
    QVERIFY(AuditTrail::detailsOf("not json").isEmpty());
    QVERIFY(AuditTrail::detailsOf("").isEmpty());
}

void AuditActionTest::largeDetailsKeepOnlyTheirFieldNames()
{
    const QByteArray body = "{\"routes\":\"" + QByteArray(5000, 'x') + "\",\"default\":[]}";
    const QJsonObject details = AuditTrail::detailsOf(body);
    QCOMPARE(details.value(QStringLiteral("truncated")).toBool(), true);
    QCOMPARE(details.value(QStringLiteral("fields")).toArray().size(), 2);
    QVERIFY(QJsonDocument(details).toJson().size() < AuditTrail::MaxDetailsBytes);
}

QTEST_GUILESS_MAIN(AuditActionTest)
#include "tst_auditaction.moc"
