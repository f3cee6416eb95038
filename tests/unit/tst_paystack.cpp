// The Paystack pieces that need no network: the webhook signature (an RFC 4231 vector, and what
// does not match), reading a transaction from Paystack's data object, how Paystack's statuses map
// to a payment's, and the PAYSTACK_* configuration keys (a bad secret is refused without being
// repeated).
#include "core/config.h"
#include "payments/fundingsettlement.h"
#include "payments/paymentintents.h"
#include "payments/paystacksignature.h"
#include "payments/paystacktransaction.h"

#include <QJsonDocument>
#include <QSet>
#include <QTest>

using namespace ogene;

class PaystackTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void signatureIsHexHmacSha512();
    void signatureMatchesOnlyTheSameBodyAndKey();
    void transactionIsReadFromPaystacksData();
    void unusableTransactionsAreRefused_data();
    void unusableTransactionsAreRefused();
    void providerStatusesMapToPaymentStatuses_data();
    void providerStatusesMapToPaymentStatuses();
    void referencesAreUnguessableAndPaystackSafe();
    void configurationKeysHaveDefaultsAndChecks();
    void badSecretIsRefusedWithoutRepeatingIt();
};

void PaystackTest::signatureIsHexHmacSha512()
{
    // RFC 4231, test case 2.
    QCOMPARE(PaystackSignature::sign("what do ya want for nothing?", QStringLiteral("Jefe")),
             QByteArray("164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a"
                        "34d4a6b4b636e070a38bce737"));
}

void PaystackTest::signatureMatchesOnlyTheSameBodyAndKey()
{
    const QByteArray body = R"({"event":"charge.success","data":{"reference":"r","amount":100,"currency":"NGN"}})";
    const QString key = QStringLiteral("sk_test_key");
    const QByteArray signature = PaystackSignature::sign(body, key);
    QVERIFY(PaystackSignature::matches(body, signature, key));
    QVERIFY(PaystackSignature::matches(body, signature.toUpper(), key));
    QVERIFY(!PaystackSignature::matches(body + ' ', signature, key));
    QVERIFY(!PaystackSignature::matches(body, signature, QStringLiteral("sk_test_other")));
    QVERIFY(!PaystackSignature::matches(body, signature.left(127), key));
    QVERIFY(!PaystackSignature::matches(body, {}, key));
    QVERIFY(!PaystackSignature::matches(body, signature, {}));
}

void PaystackTest::transactionIsReadFromPaystacksData()
{
    const QJsonObject data = QJsonDocument::fromJson(R"({"id":690075529,"status":"success","reference":"nms6uvr1pl",
        "amount":20000,"gateway_response":"Successful","paid_at":"2020-05-19T12:30:56.000Z","channel":"card",
        "currency":"ngn"})").object();
    QString problem;
    const std::optional<PaystackTransaction> transaction = PaystackTransaction::fromJson(data, &problem);
    QVERIFY2(transaction, qPrintable(problem));
    QCOMPARE(transaction->reference, QStringLiteral("nms6uvr1pl"));
    QCOMPARE(transaction->status, QStringLiteral("success"));
    QCOMPARE(transaction->amount, 20000);
    QCOMPARE(transaction->currency, QStringLiteral("NGN"));
    QCOMPARE(transaction->gatewayResponse, QStringLiteral("Successful"));
    QCOMPARE(transaction->channel, QStringLiteral("card"));
    QCOMPARE(transaction->paidAt, 1589891456000);
}

void PaystackTest::unusableTransactionsAreRefused_data()
{
    QTest::addColumn<QByteArray>("data");
    QTest::newRow("no reference") << QByteArray(R"({"amount":100,"currency":"NGN"})");
    QTest::newRow("no amount") << QByteArray(R"({"reference":"r","currency":"NGN"})");
    QTest::newRow("amount as text") << QByteArray(R"({"reference":"r","amount":"100","currency":"NGN"})");
    QTest::newRow("fractional amount") << QByteArray(R"({"reference":"r","amount":100.5,"currency":"NGN"})");
    QTest::newRow("negative amount") << QByteArray(R"({"reference":"r","amount":-1,"currency":"NGN"})");
    QTest::newRow("no currency") << QByteArray(R"({"reference":"r","amount":100})");
}

void PaystackTest::unusableTransactionsAreRefused()
{
    QFETCH(QByteArray, data);
    QString problem;
    QVERIFY(!PaystackTransaction::fromJson(QJsonDocument::fromJson(data).object(), &problem));
    QVERIFY(!problem.isEmpty());
}

void PaystackTest::providerStatusesMapToPaymentStatuses_data()
{
    QTest::addColumn<QString>("provider");
    QTest::addColumn<QString>("payment");
    QTest::newRow("success") << "success" << "success";
    QTest::newRow("failed") << "failed" << "failed";
    QTest::newRow("reversed") << "reversed" << "failed";
    QTest::newRow("abandoned") << "abandoned" << "abandoned";
    QTest::newRow("ongoing") << "ongoing" << "pending";
    QTest::newRow("processing") << "processing" << "pending";
    QTest::newRow("queued") << "queued" << "pending";
    QTest::newRow("pending") << "pending" << "pending";
}

void PaystackTest::providerStatusesMapToPaymentStatuses()
{
    QFETCH(QString, provider);
    QFETCH(QString, payment);
    QCOMPARE(FundingSettlement::intentStatus(provider), payment);
}

void PaystackTest::referencesAreUnguessableAndPaystackSafe()
{
    QSet<QString> seen;
    for (int i = 0; i < 1000; ++i) {
        const QString reference = PaymentIntents::newReference();
        QVERIFY2(PaymentIntents::isReference(reference), qPrintable(reference));
        QVERIFY(!reference.contains(QLatin1Char('_')));
        seen.insert(reference);
    }
    QCOMPARE(seen.size(), 1000);
    QVERIFY(!PaymentIntents::isReference(QStringLiteral("ogn-pay-0123")));
    QVERIFY(!PaymentIntents::isReference(QStringLiteral("T123456789")));
}

void PaystackTest::configurationKeysHaveDefaultsAndChecks()
{
    QString error;
    std::optional<Config> config = Config::load({}, QProcessEnvironment(), &error);
    QVERIFY2(config, qPrintable(error));
    QCOMPARE(config->text(QStringLiteral("PAYSTACK_BASE_URL")), QStringLiteral("https://api.paystack.co"));
    QCOMPARE(config->text(QStringLiteral("PAYSTACK_SECRET_KEY")), QString());
    QCOMPARE(config->text(QStringLiteral("PAYSTACK_CALLBACK_URL")), QString());
    QCOMPARE(config->integer(QStringLiteral("PAYSTACK_TIMEOUT_MS")), 15000);

    const QList<QPair<QString, QString>> bad = {{QStringLiteral("OGENE_PAYSTACK_BASE_URL"), QStringLiteral("api.paystack.co")},
                                                {QStringLiteral("OGENE_PAYSTACK_BASE_URL"), QStringLiteral("ftp://api.paystack.co")},
                                                {QStringLiteral("OGENE_PAYSTACK_CALLBACK_URL"), QStringLiteral("/funded")},
                                                {QStringLiteral("OGENE_PAYSTACK_TIMEOUT_MS"), QStringLiteral("0")},
                                                {QStringLiteral("OGENE_PAYSTACK_TIMEOUT_MS"), QStringLiteral("soon")}};
    for (const auto &[variable, value] : bad) {
        QProcessEnvironment environment;
        environment.insert(variable, value);
        QVERIFY2(!Config::load({}, environment, &error), qPrintable(variable + QLatin1Char('=') + value));
        QVERIFY2(error.startsWith(variable + QLatin1Char(':')), qPrintable(error));
    }
}

void PaystackTest::badSecretIsRefusedWithoutRepeatingIt()
{
    QProcessEnvironment environment;
    environment.insert(QStringLiteral("OGENE_PAYSTACK_SECRET_KEY"), QStringLiteral("sk_live_abc def"));
    QString error;
    QVERIFY(!Config::load({}, environment, &error));
    QVERIFY2(error.startsWith(QLatin1String("OGENE_PAYSTACK_SECRET_KEY:")), qPrintable(error));
    QVERIFY2(!error.contains(QLatin1String("sk_live")), qPrintable(error));

    environment.insert(QStringLiteral("OGENE_PAYSTACK_SECRET_KEY"), QStringLiteral("sk_test_0123456789abcdef"));
    QVERIFY2(Config::load({}, environment, &error), qPrintable(error));
}

QTEST_GUILESS_MAIN(PaystackTest)
#include "tst_paystack.moc"
