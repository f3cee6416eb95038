// Wallet funding through Paystack, against the Paystack stand-in: initialize (shape, limits, the
// wallet's currency, the provider failing), verify (credits once; failed, abandoned and foreign
// payments credit nothing; the provider down), the signed webhook (credits; a missing or wrong
// signature changes nothing; mismatched payments are held for the admin; other events are
// ignored), and exactly one credit when verify and webhook arrive together, again and again.
#include "apiclient.h"
#include "applianceprocess.h"
#include "concurrentrequests.h"
#include "paystackstandinprocess.h"
#include "testdatabase.h"

#include <QEventLoop>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRegularExpression>
#include <QTest>
#include <QUrlQuery>

#include <openssl/evp.h>
#include <openssl/hmac.h>

namespace {

// A wallet amount shown as a JSON number, in minor units.
qint64 minorUnits(const QJsonValue &value)
{
    return qRound64(value.toDouble() * 100);
}

// Computed here with OpenSSL, independently of the appliance's own code.
QByteArray hmacSha512Hex(const QByteArray &body, const QByteArray &key)
{
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    HMAC(EVP_sha512(), key.constData(), int(key.size()), reinterpret_cast<const unsigned char *>(body.constData()),
         size_t(body.size()), digest, &length);
    return QByteArray(reinterpret_cast<const char *>(digest), int(length)).toHex();
}

QByteArray eventBody(const QString &event, const QString &reference, qint64 subunits, const QString &currency)
{
    const QJsonObject data{{QStringLiteral("id"), qint64(4099260516)},
                           {QStringLiteral("domain"), QStringLiteral("test")},
                           {QStringLiteral("status"), QStringLiteral("success")},
                           {QStringLiteral("reference"), reference},
                           {QStringLiteral("amount"), subunits},
                           {QStringLiteral("gateway_response"), QStringLiteral("Successful")},
                           {QStringLiteral("paid_at"), QStringLiteral("2026-05-24T10:23:11.000Z")},
                           {QStringLiteral("channel"), QStringLiteral("card")},
                           {QStringLiteral("currency"), currency}};
    return QJsonDocument(QJsonObject{{QStringLiteral("event"), event}, {QStringLiteral("data"), data}})
        .toJson(QJsonDocument::Compact);
}

} // namespace

class PaymentsTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void initializeAnswersTheReferenceAndTheCheckoutLink();
    void initializeChargesInTheWalletsCurrency();
    void initializeAcceptsTheLimits_data();
    void initializeAcceptsTheLimits();
    void initializeRefusesBadAmounts_data();
    void initializeRefusesBadAmounts();
    void providerFailingOnInitializeIs502AndNothingIsPayable_data();
    void providerFailingOnInitializeIs502AndNothingIsPayable();
    void verifyCreditsASuccessfulPaymentOnce();
    void verifyBeforePaymentReportsItNotCompleted();
    void payerPaysAtTheCheckoutAndIsSentBackToTheCallback();
    void failedAndAbandonedPaymentsCreditNothing_data();
    void failedAndAbandonedPaymentsCreditNothing();
    void verifyOfAnotherAccountsOrAnUnknownReferenceIs404();
    void verifyWithTheProviderDownIs502_data();
    void verifyWithTheProviderDownIs502();
    void webhookWithAValidSignatureCredits();
    void webhookWithoutAValidSignatureIs401AndChangesNothing_data();
    void webhookWithoutAValidSignatureIs401AndChangesNothing();
    void mismatchedPaymentIsNotCreditedAndShownToTheAdmin_data();
    void mismatchedPaymentIsNotCreditedAndShownToTheAdmin();
    void otherEventsAndUnknownReferencesAreAcknowledged();
    void repeatedWebhooksCreditOnce();
    void verifyAndWebhookAtTheSameMomentCreditOnce();
    void adminPaymentsListIsPaginatedAndFiltered();
    void withoutASecretKeyPaymentsAnswer503();
    void secretKeyIsNeverLogged();

private:
    ApiReply initialize(const ApiClient::Account &client, const QJsonValue &amount);
    // A payment initialized for the client (empty when that failed).
    QString startPayment(const ApiClient::Account &client, const QJsonValue &amount);
    ApiReply verify(const ApiClient::Account &client, const QString &reference);
    ApiReply postWebhook(const QByteArray &body, const QByteArray &signature);
    qint64 balance(const ApiClient::Account &client);
    // The client's ledger entries of category funding.
    QJsonArray fundingEntries(const ApiClient::Account &client);
    // The payment as GET /api/admin/payments shows it (empty when it is not listed).
    QJsonObject adminView(const ApiClient::Account &client, const QString &reference, const QString &status = {});

    TestDatabase m_database;
    PaystackStandinProcess m_paystack;
    std::unique_ptr<ApplianceProcess> m_appliance;
    std::unique_ptr<ApiClient> m_api;
    QString m_adminToken;
};

void PaymentsTest::initTestCase()
{
    QVERIFY2(m_database.isValid(), qPrintable(m_database.error()));
    QVERIFY2(m_paystack.start(), qPrintable(m_paystack.output()));
    m_appliance = std::make_unique<ApplianceProcess>(m_database.url());
    m_appliance->setEnv(QStringLiteral("OGENE_PAYSTACK_BASE_URL"), m_paystack.baseUrl());
    m_appliance->setEnv(QStringLiteral("OGENE_PAYSTACK_SECRET_KEY"), QLatin1String(PaystackStandinProcess::SecretKey));
    m_appliance->setEnv(QStringLiteral("OGENE_PAYSTACK_CALLBACK_URL"), QStringLiteral("https://shop.example.test/funded"));
    m_appliance->setEnv(QStringLiteral("OGENE_PAYSTACK_TIMEOUT_MS"), QStringLiteral("3000"));
    QVERIFY2(m_appliance->start(), qPrintable(m_appliance->output()));
    QVERIFY(m_paystack.setWebhookUrl(m_appliance->baseUrl() + QStringLiteral("/api/webhooks/paystack")));
    m_api = std::make_unique<ApiClient>(m_appliance->baseUrl());
    m_adminToken = m_api->adminToken();
    QVERIFY(!m_adminToken.isEmpty());
}

void PaymentsTest::cleanup()
{
    // A test that failed half way must not leave the provider failing for the next one.
    m_paystack.setMode(QStringLiteral("normal"));
}

ApiReply PaymentsTest::initialize(const ApiClient::Account &client, const QJsonValue &amount)
{
    return m_api->post(QStringLiteral("/api/client/wallet/fund/initialize"), {{QStringLiteral("amount"), amount}}, client.token);
}

QString PaymentsTest::startPayment(const ApiClient::Account &client, const QJsonValue &amount)
{
    const ApiReply reply = initialize(client, amount);
    if (reply.status != 200)
        qWarning().noquote() << "initialize:" << reply.describe();
    return reply.data().value(QStringLiteral("reference")).toString();
}

ApiReply PaymentsTest::verify(const ApiClient::Account &client, const QString &reference)
{
    return m_api->get(QStringLiteral("/api/client/wallet/fund/verify/") + reference, client.token);
}

ApiReply PaymentsTest::postWebhook(const QByteArray &body, const QByteArray &signature)
{
    QList<QPair<QByteArray, QByteArray>> headers;
    if (!signature.isNull())
        headers.append({"x-paystack-signature", signature});
    return m_api->send("POST", QStringLiteral("/api/webhooks/paystack"), body, {}, headers);
}

qint64 PaymentsTest::balance(const ApiClient::Account &client)
{
    return minorUnits(m_api->get(QStringLiteral("/api/client/balance"), client.token).json.value(QStringLiteral("balance")));
}

QJsonArray PaymentsTest::fundingEntries(const ApiClient::Account &client)
{
    QJsonArray funding;
    const ApiReply reply = m_api->get(QStringLiteral("/api/client/wallet/transactions?per_page=100"), client.token);
    for (const QJsonValue &entry : reply.list()) {
        if (entry.toObject().value(QStringLiteral("category")).toString() == QLatin1String("funding"))
            funding.append(entry);
    }
    return funding;
}

QJsonObject PaymentsTest::adminView(const ApiClient::Account &client, const QString &reference, const QString &status)
{
    QString path = QStringLiteral("/api/admin/payments?per_page=100&user_id=%1").arg(client.id);
    if (!status.isEmpty())
        path += QStringLiteral("&status=") + status;
    for (const QJsonValue &item : m_api->get(path, m_adminToken).list()) {
        if (item.toObject().value(QStringLiteral("reference")).toString() == reference)
            return item.toObject();
    }
    return {};
}

void PaymentsTest::initializeAnswersTheReferenceAndTheCheckoutLink()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    const ApiReply reply = initialize(client, 500);
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.json.value(QStringLiteral("success")), QJsonValue(true));
    const QJsonObject data = reply.data();
    const QString reference = data.value(QStringLiteral("reference")).toString();
    QVERIFY2(QRegularExpression(QStringLiteral("^ogn-pay-[0-9a-f]{32}$")).match(reference).hasMatch(), qPrintable(reference));
    QVERIFY2(data.value(QStringLiteral("authorization_url")).toString().startsWith(m_paystack.baseUrl() + QStringLiteral("/checkout/")),
             qPrintable(reply.describe()));
    QVERIFY(data.value(QStringLiteral("amount")).isDouble());
    QCOMPARE(minorUnits(data.value(QStringLiteral("amount"))), 50000);
    QCOMPARE(data.value(QStringLiteral("currency")).toString(), QStringLiteral("NGN"));

    // Paystack got the amount in kobo, the client's email, our reference and the callback URL.
    const ApiReply atProvider = m_paystack.verify(reference);
    QCOMPARE(atProvider.status, 200);
    QCOMPARE(atProvider.data().value(QStringLiteral("amount")).toInteger(), 50000);
    QCOMPARE(atProvider.data().value(QStringLiteral("currency")).toString(), QStringLiteral("NGN"));
    QCOMPARE(atProvider.data().value(QStringLiteral("customer")).toObject().value(QStringLiteral("email")).toString(), client.email);

    // Stored as pending, and a second payment gets another reference.
    const QJsonObject stored = adminView(client, reference, QStringLiteral("pending"));
    QCOMPARE(stored.value(QStringLiteral("status")).toString(), QStringLiteral("pending"));
    QCOMPARE(stored.value(QStringLiteral("credited")), QJsonValue(false));
    QCOMPARE(stored.value(QStringLiteral("user_id")).toInteger(), client.id);
    const QString second = startPayment(client, 500);
    QVERIFY(!second.isEmpty());
    QVERIFY(second != reference);
}

void PaymentsTest::initializeChargesInTheWalletsCurrency()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken, QStringLiteral("USD"));
    const ApiReply reply = initialize(client, QStringLiteral("2.50"));
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.data().value(QStringLiteral("currency")).toString(), QStringLiteral("USD"));
    QCOMPARE(minorUnits(reply.data().value(QStringLiteral("amount"))), 250);
    const ApiReply atProvider = m_paystack.verify(reply.data().value(QStringLiteral("reference")).toString());
    QCOMPARE(atProvider.data().value(QStringLiteral("amount")).toInteger(), 250);
    QCOMPARE(atProvider.data().value(QStringLiteral("currency")).toString(), QStringLiteral("USD"));
}

void PaymentsTest::initializeAcceptsTheLimits_data()
{
    QTest::addColumn<QString>("currency");
    QTest::addColumn<QJsonValue>("amount");
    QTest::newRow("NGN minimum") << "NGN" << QJsonValue(100);
    QTest::newRow("NGN maximum") << "NGN" << QJsonValue(QStringLiteral("10000000.00"));
    QTest::newRow("USD minimum") << "USD" << QJsonValue(1);
    QTest::newRow("USD maximum") << "USD" << QJsonValue(10000000);
}

void PaymentsTest::initializeAcceptsTheLimits()
{
    QFETCH(QString, currency);
    QFETCH(QJsonValue, amount);
    const ApiReply reply = initialize(m_api->createClient(m_adminToken, currency), amount);
    QVERIFY2(reply.status == 200, qPrintable(reply.describe()));
}

void PaymentsTest::initializeRefusesBadAmounts_data()
{
    QTest::addColumn<QString>("currency");
    QTest::addColumn<QJsonValue>("amount");
    QTest::newRow("missing") << "NGN" << QJsonValue(QJsonValue::Undefined);
    QTest::newRow("null") << "NGN" << QJsonValue(QJsonValue::Null);
    QTest::newRow("NGN below 100") << "NGN" << QJsonValue(99.99);
    QTest::newRow("USD below 1") << "USD" << QJsonValue(QStringLiteral("0.99"));
    QTest::newRow("NGN above 10,000,000") << "NGN" << QJsonValue(10000000.01);
    QTest::newRow("USD above 10,000,000") << "USD" << QJsonValue(QStringLiteral("10000001"));
    QTest::newRow("zero") << "NGN" << QJsonValue(0);
    QTest::newRow("negative") << "NGN" << QJsonValue(-500);
    QTest::newRow("three decimals") << "NGN" << QJsonValue(500.125);
    QTest::newRow("text") << "NGN" << QJsonValue(QStringLiteral("five hundred"));
    QTest::newRow("boolean") << "NGN" << QJsonValue(true);
}

void PaymentsTest::initializeRefusesBadAmounts()
{
    QFETCH(QString, currency);
    QFETCH(QJsonValue, amount);
    const ApiClient::Account client = m_api->createClient(m_adminToken, currency);
    QJsonObject body;
    if (!amount.isUndefined())
        body.insert(QStringLiteral("amount"), amount);
    const ApiReply reply = m_api->post(QStringLiteral("/api/client/wallet/fund/initialize"), body, client.token);
    QCOMPARE(reply.status, 422);
    QVERIFY2(reply.isErrorEnvelope(), qPrintable(reply.describe()));
    QVERIFY2(reply.errors().contains(QStringLiteral("amount")), qPrintable(reply.describe()));
    // Nothing recorded.
    const ApiReply listed = m_api->get(QStringLiteral("/api/admin/payments?user_id=%1").arg(client.id), m_adminToken);
    QCOMPARE(listed.json.value(QStringLiteral("meta")).toObject().value(QStringLiteral("total")).toInteger(), 0);
}

void PaymentsTest::providerFailingOnInitializeIs502AndNothingIsPayable_data()
{
    QTest::addColumn<QString>("mode");
    QTest::newRow("HTTP 500") << "error";
    QTest::newRow("status false") << "refuse";
    QTest::newRow("no answer before the timeout") << "hang";
}

void PaymentsTest::providerFailingOnInitializeIs502AndNothingIsPayable()
{
    QFETCH(QString, mode);
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    QVERIFY(m_paystack.setMode(mode));
    const ApiReply reply = initialize(client, 500);
    QCOMPARE(reply.status, 502);
    QVERIFY2(reply.isErrorEnvelope(), qPrintable(reply.describe()));
    QVERIFY(reply.errors().contains(QStringLiteral("provider")));
    QVERIFY(!reply.body.contains(PaystackStandinProcess::SecretKey));
    QVERIFY(m_paystack.setMode(QStringLiteral("normal")));

    // Recorded as failed, without a payment link, and never credited: not even a later verify asks.
    const QJsonArray listed = m_api->get(QStringLiteral("/api/admin/payments?user_id=%1").arg(client.id), m_adminToken).list();
    QCOMPARE(listed.size(), 1);
    const QJsonObject intent = listed.first().toObject();
    QCOMPARE(intent.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
    QVERIFY(intent.value(QStringLiteral("authorization_url")).isNull());
    const ApiReply verified = verify(client, intent.value(QStringLiteral("reference")).toString());
    QCOMPARE(verified.status, 200);
    QCOMPARE(verified.data().value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
    QCOMPARE(verified.data().value(QStringLiteral("credited")), QJsonValue(false));
    QCOMPARE(balance(client), 0);
}

void PaymentsTest::verifyCreditsASuccessfulPaymentOnce()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    const QString reference = startPayment(client, 500);
    QVERIFY(!reference.isEmpty());
    QCOMPARE(m_paystack.pay(reference, {{QStringLiteral("webhook"), false}}).status, 200);

    for (int attempt = 0; attempt < 3; ++attempt) {
        const ApiReply reply = verify(client, reference);
        QCOMPARE(reply.status, 200);
        const QJsonObject data = reply.data();
        QCOMPARE(data.value(QStringLiteral("reference")).toString(), reference);
        QCOMPARE(data.value(QStringLiteral("status")).toString(), QStringLiteral("success"));
        QCOMPARE(minorUnits(data.value(QStringLiteral("amount"))), 50000);
        QCOMPARE(data.value(QStringLiteral("currency")).toString(), QStringLiteral("NGN"));
        QCOMPARE(data.value(QStringLiteral("credited")), QJsonValue(true));
        QCOMPARE(minorUnits(data.value(QStringLiteral("balance"))), 50000);
    }

    const QJsonArray funding = fundingEntries(client);
    QCOMPARE(funding.size(), 1);
    const QJsonObject entry = funding.first().toObject();
    QCOMPARE(entry.value(QStringLiteral("type")).toString(), QStringLiteral("credit"));
    QCOMPARE(entry.value(QStringLiteral("reference")).toString(), reference);
    QCOMPARE(minorUnits(entry.value(QStringLiteral("amount"))), 50000);
    QCOMPARE(balance(client), 50000);
    const QJsonObject wallet = m_api->get(QStringLiteral("/api/client/wallet/balance"), client.token).data();
    QCOMPARE(minorUnits(wallet.value(QStringLiteral("total_credited"))), 50000);
}

void PaymentsTest::verifyBeforePaymentReportsItNotCompleted()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    const QString reference = startPayment(client, 250);
    QVERIFY(!reference.isEmpty());

    // Paystack calls a transaction the payer has not finished "abandoned"; it can still be paid.
    ApiReply reply = verify(client, reference);
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.data().value(QStringLiteral("status")).toString(), QStringLiteral("abandoned"));
    QCOMPARE(reply.data().value(QStringLiteral("credited")), QJsonValue(false));
    QCOMPARE(balance(client), 0);

    QCOMPARE(m_paystack.pay(reference, {{QStringLiteral("webhook"), false}}).status, 200);
    reply = verify(client, reference);
    QCOMPARE(reply.data().value(QStringLiteral("status")).toString(), QStringLiteral("success"));
    QCOMPARE(reply.data().value(QStringLiteral("credited")), QJsonValue(true));
    QCOMPARE(balance(client), 25000);
}

void PaymentsTest::payerPaysAtTheCheckoutAndIsSentBackToTheCallback()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    const ApiReply initialized = initialize(client, 400);
    QCOMPARE(initialized.status, 200);
    const QString reference = initialized.data().value(QStringLiteral("reference")).toString();

    // The checkout the payer opens knows where to send them back (PAYSTACK_CALLBACK_URL).
    const QString checkoutUrl = initialized.data().value(QStringLiteral("authorization_url")).toString();
    const ApiReply checkout = m_paystack.api().get(checkoutUrl.mid(m_paystack.baseUrl().size()));
    QCOMPARE(checkout.status, 200);
    QCOMPARE(checkout.data().value(QStringLiteral("callback_url")).toString(), QStringLiteral("https://shop.example.test/funded"));

    // Paying there answers with a redirect to the callback, ?reference= on it, after the webhook.
    QNetworkAccessManager browser;
    QNetworkRequest request(QUrl(checkout.data().value(QStringLiteral("pay")).toString()));
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    request.setTransferTimeout(30000);
    QNetworkReply *reply = browser.get(request);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 302);
    const QUrl back(QString::fromUtf8(reply->rawHeader("Location")));
    reply->deleteLater();
    QCOMPARE(back.host(), QStringLiteral("shop.example.test"));
    QCOMPARE(back.path(), QStringLiteral("/funded"));
    QCOMPARE(QUrlQuery(back).queryItemValue(QStringLiteral("reference")), reference);

    QCOMPARE(balance(client), 40000);
    QCOMPARE(verify(client, reference).data().value(QStringLiteral("credited")), QJsonValue(true));
    QCOMPARE(fundingEntries(client).size(), 1);
}

void PaymentsTest::failedAndAbandonedPaymentsCreditNothing_data()
{
    QTest::addColumn<QString>("outcome");
    QTest::newRow("failed") << "failed";
    QTest::newRow("abandoned") << "abandoned";
}

void PaymentsTest::failedAndAbandonedPaymentsCreditNothing()
{
    QFETCH(QString, outcome);
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    const QString reference = startPayment(client, 1000);
    QVERIFY(!reference.isEmpty());
    const ApiReply paid = m_paystack.pay(reference, {{QStringLiteral("outcome"), outcome}});
    QCOMPARE(paid.status, 200);
    // Paystack only sends charge.success.
    QCOMPARE(paid.data().value(QStringLiteral("webhook")).toObject().value(QStringLiteral("sent")), QJsonValue(false));

    const ApiReply reply = verify(client, reference);
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.data().value(QStringLiteral("status")).toString(), outcome);
    QCOMPARE(reply.data().value(QStringLiteral("credited")), QJsonValue(false));
    QCOMPARE(minorUnits(reply.data().value(QStringLiteral("balance"))), 0);
    QVERIFY(reply.message().contains(QLatin1String("nothing was credited")));
    QCOMPARE(balance(client), 0);
    QCOMPARE(fundingEntries(client).size(), 0);
    QCOMPARE(adminView(client, reference).value(QStringLiteral("status")).toString(), outcome);
}

void PaymentsTest::verifyOfAnotherAccountsOrAnUnknownReferenceIs404()
{
    const ApiClient::Account owner = m_api->createClient(m_adminToken);
    const ApiClient::Account other = m_api->createClient(m_adminToken);
    const QString reference = startPayment(owner, 500);
    QVERIFY(!reference.isEmpty());
    QCOMPARE(m_paystack.pay(reference, {{QStringLiteral("webhook"), false}}).status, 200);

    for (const QString &asked : {reference, QStringLiteral("ogn-pay-0123456789abcdef0123456789abcdef"),
                                 QStringLiteral("not-a-reference")}) {
        const ApiReply reply = verify(other, asked);
        QCOMPARE(reply.status, 404);
        QVERIFY2(reply.isErrorEnvelope(), qPrintable(reply.describe()));
    }
    // The other account's look did not credit anyone.
    QCOMPARE(balance(other), 0);
    QCOMPARE(balance(owner), 0);
    QCOMPARE(verify(owner, reference).data().value(QStringLiteral("credited")), QJsonValue(true));
    QCOMPARE(balance(owner), 50000);
    QCOMPARE(m_api->get(QStringLiteral("/api/client/wallet/fund/verify/") + reference).status, 401);
}

void PaymentsTest::verifyWithTheProviderDownIs502_data()
{
    QTest::addColumn<QString>("mode");
    QTest::newRow("HTTP 500") << "error";
    QTest::newRow("no answer before the timeout") << "hang";
}

void PaymentsTest::verifyWithTheProviderDownIs502()
{
    QFETCH(QString, mode);
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    const QString reference = startPayment(client, 500);
    QVERIFY(!reference.isEmpty());
    QCOMPARE(m_paystack.pay(reference, {{QStringLiteral("webhook"), false}}).status, 200);

    QVERIFY(m_paystack.setMode(mode));
    const ApiReply reply = verify(client, reference);
    QCOMPARE(reply.status, 502);
    QVERIFY2(reply.isErrorEnvelope(), qPrintable(reply.describe()));
    QCOMPARE(balance(client), 0);

    QVERIFY(m_paystack.setMode(QStringLiteral("normal")));
    QCOMPARE(verify(client, reference).data().value(QStringLiteral("credited")), QJsonValue(true));
    QCOMPARE(balance(client), 50000);
}

void PaymentsTest::webhookWithAValidSignatureCredits()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    const QString reference = startPayment(client, 750);
    QVERIFY(!reference.isEmpty());

    // The stand-in sends the signed charge.success the moment the payment succeeds.
    const ApiReply paid = m_paystack.pay(reference);
    QCOMPARE(paid.status, 200);
    const QJsonObject webhook = paid.data().value(QStringLiteral("webhook")).toObject();
    QCOMPARE(webhook.value(QStringLiteral("sent")), QJsonValue(true));
    QCOMPARE(webhook.value(QStringLiteral("status")).toInt(), 200);

    QCOMPARE(balance(client), 75000);
    const QJsonArray funding = fundingEntries(client);
    QCOMPARE(funding.size(), 1);
    QCOMPARE(funding.first().toObject().value(QStringLiteral("reference")).toString(), reference);
    const QJsonObject stored = adminView(client, reference, QStringLiteral("success"));
    QCOMPARE(stored.value(QStringLiteral("credited")), QJsonValue(true));
    QCOMPARE(stored.value(QStringLiteral("channel")).toString(), QStringLiteral("card"));

    // The client's verify afterwards finds it credited and credits nothing more.
    const ApiReply reply = verify(client, reference);
    QCOMPARE(reply.data().value(QStringLiteral("credited")), QJsonValue(true));
    QCOMPARE(fundingEntries(client).size(), 1);
    QCOMPARE(balance(client), 75000);
}

void PaymentsTest::webhookWithoutAValidSignatureIs401AndChangesNothing_data()
{
    QTest::addColumn<QString>("kind");
    QTest::newRow("missing") << "missing";
    QTest::newRow("empty") << "empty";
    QTest::newRow("signed with another key") << "other key";
    QTest::newRow("signature of another body") << "other body";
    QTest::newRow("not hex") << "garbage";
    QTest::newRow("truncated") << "truncated";
}

void PaymentsTest::webhookWithoutAValidSignatureIs401AndChangesNothing()
{
    QFETCH(QString, kind);
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    const QString reference = startPayment(client, 500);
    QVERIFY(!reference.isEmpty());
    QCOMPARE(m_paystack.pay(reference, {{QStringLiteral("webhook"), false}}).status, 200);

    const QByteArray body = eventBody(QStringLiteral("charge.success"), reference, 50000, QStringLiteral("NGN"));
    const QByteArray key = PaystackStandinProcess::SecretKey;
    QByteArray signature;
    if (kind == QLatin1String("empty"))
        signature = "";
    else if (kind == QLatin1String("other key"))
        signature = hmacSha512Hex(body, "sk_test_someone_else");
    else if (kind == QLatin1String("other body"))
        signature = hmacSha512Hex(eventBody(QStringLiteral("charge.success"), reference, 5000000, QStringLiteral("NGN")), key);
    else if (kind == QLatin1String("garbage"))
        signature = QByteArray(128, 'z');
    else if (kind == QLatin1String("truncated"))
        signature = hmacSha512Hex(body, key).left(64);

    const ApiReply reply = postWebhook(body, signature);
    QCOMPARE(reply.status, 401);
    QVERIFY2(reply.isErrorEnvelope(), qPrintable(reply.describe()));
    QCOMPARE(balance(client), 0);
    QCOMPARE(fundingEntries(client).size(), 0);
    QCOMPARE(adminView(client, reference).value(QStringLiteral("status")).toString(), QStringLiteral("pending"));

    // The same body with the right signature is what credits.
    QCOMPARE(postWebhook(body, hmacSha512Hex(body, key)).status, 200);
    QCOMPARE(balance(client), 50000);
}

void PaymentsTest::mismatchedPaymentIsNotCreditedAndShownToTheAdmin_data()
{
    QTest::addColumn<QJsonObject>("payment");
    QTest::addColumn<qint64>("paidAmount");
    QTest::addColumn<QString>("paidCurrency");
    QTest::newRow("less than asked") << QJsonObject{{QStringLiteral("amount"), 10000}} << qint64(10000) << "NGN";
    QTest::newRow("more than asked") << QJsonObject{{QStringLiteral("amount"), 90000}} << qint64(90000) << "NGN";
    QTest::newRow("another currency") << QJsonObject{{QStringLiteral("currency"), QStringLiteral("USD")}} << qint64(50000) << "USD";
}

void PaymentsTest::mismatchedPaymentIsNotCreditedAndShownToTheAdmin()
{
    QFETCH(QJsonObject, payment);
    QFETCH(qint64, paidAmount);
    QFETCH(QString, paidCurrency);
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    const QString reference = startPayment(client, 500);
    QVERIFY(!reference.isEmpty());

    const ApiReply paid = m_paystack.pay(reference, payment);
    QCOMPARE(paid.status, 200);
    // Acknowledged, so Paystack does not retry, but not credited.
    QCOMPARE(paid.data().value(QStringLiteral("webhook")).toObject().value(QStringLiteral("status")).toInt(), 200);
    QCOMPARE(balance(client), 0);
    QCOMPARE(fundingEntries(client).size(), 0);

    const QJsonObject held = adminView(client, reference, QStringLiteral("mismatch"));
    QVERIFY2(!held.isEmpty(), "the mismatched payment is not in GET /api/admin/payments?status=mismatch");
    QCOMPARE(held.value(QStringLiteral("credited")), QJsonValue(false));
    QCOMPARE(minorUnits(held.value(QStringLiteral("amount"))), 50000);
    QCOMPARE(minorUnits(held.value(QStringLiteral("paid_amount"))), paidAmount);
    QCOMPARE(held.value(QStringLiteral("paid_currency")).toString(), paidCurrency);

    // Neither the client's verify nor a repeated webhook credits it.
    const ApiReply verified = verify(client, reference);
    QCOMPARE(verified.status, 200);
    QCOMPARE(verified.data().value(QStringLiteral("status")).toString(), QStringLiteral("mismatch"));
    QCOMPARE(verified.data().value(QStringLiteral("credited")), QJsonValue(false));
    QCOMPARE(m_paystack.resendWebhook(reference).status, 200);
    QCOMPARE(balance(client), 0);
    QCOMPARE(fundingEntries(client).size(), 0);
}

void PaymentsTest::otherEventsAndUnknownReferencesAreAcknowledged()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    const QString reference = startPayment(client, 500);
    QVERIFY(!reference.isEmpty());
    const QByteArray key = PaystackStandinProcess::SecretKey;

    for (const QString &event : {QStringLiteral("transfer.success"), QStringLiteral("charge.dispute.create"),
                                 QStringLiteral("subscription.create")}) {
        const QByteArray body = eventBody(event, reference, 50000, QStringLiteral("NGN"));
        const ApiReply reply = postWebhook(body, hmacSha512Hex(body, key));
        QCOMPARE(reply.status, 200);
        QCOMPARE(reply.json.value(QStringLiteral("success")), QJsonValue(true));
    }
    const QByteArray unknown =
        eventBody(QStringLiteral("charge.success"), QStringLiteral("ogn-pay-ffffffffffffffffffffffffffffffff"), 50000, QStringLiteral("NGN"));
    QCOMPARE(postWebhook(unknown, hmacSha512Hex(unknown, key)).status, 200);
    const QByteArray foreign = eventBody(QStringLiteral("charge.success"), QStringLiteral("T123456789"), 50000, QStringLiteral("NGN"));
    QCOMPARE(postWebhook(foreign, hmacSha512Hex(foreign, key)).status, 200);

    QCOMPARE(balance(client), 0);
    QCOMPARE(adminView(client, reference).value(QStringLiteral("status")).toString(), QStringLiteral("pending"));
}

void PaymentsTest::repeatedWebhooksCreditOnce()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    const QString reference = startPayment(client, 300);
    QVERIFY(!reference.isEmpty());
    QCOMPARE(m_paystack.pay(reference).status, 200);
    for (int again = 0; again < 3; ++again) {
        const ApiReply resent = m_paystack.resendWebhook(reference);
        QCOMPARE(resent.data().value(QStringLiteral("webhook")).toObject().value(QStringLiteral("status")).toInt(), 200);
    }
    QCOMPARE(verify(client, reference).data().value(QStringLiteral("credited")), QJsonValue(true));
    QCOMPARE(fundingEntries(client).size(), 1);
    QCOMPARE(balance(client), 30000);
}

void PaymentsTest::verifyAndWebhookAtTheSameMomentCreditOnce()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    QVERIFY(m_api->approvedSender(m_adminToken, client, QStringLiteral("Ogene")) > 0);
    const QByteArray key = PaystackStandinProcess::SecretKey;
    const QList<QPair<QByteArray, QByteArray>> bearer{{"Authorization", "Bearer " + client.token.toUtf8()}};
    qint64 funded = 0;

    for (int round = 0; round < 5; ++round) {
        const qint64 amount = 10000 + round * 100; // 100.00, 101.00, … NGN
        const QString reference = startPayment(client, QString::number(amount / 100));
        QVERIFY(!reference.isEmpty());
        QCOMPARE(m_paystack.pay(reference, {{QStringLiteral("webhook"), false}}).status, 200);

        // 20 verifies and 5 webhooks of the same reference, interleaved, written before any answer is read.
        const QByteArray body = eventBody(QStringLiteral("charge.success"), reference, amount, QStringLiteral("NGN"));
        const QByteArray signature = hmacSha512Hex(body, key);
        ConcurrentRequests burst(m_appliance->port(), "GET", {});
        for (int i = 0; i < 25; ++i) {
            if (i % 5 == 2)
                burst.add("POST", "/api/webhooks/paystack", body, {{"x-paystack-signature", signature}});
            else
                burst.add("GET", "/api/client/wallet/fund/verify/" + reference.toLatin1(), {}, bearer);
        }
        const QList<ConcurrentRequests::Answer> answers = burst.run();
        for (const ConcurrentRequests::Answer &answer : answers)
            QVERIFY2(answer.status == 200, qPrintable(QJsonDocument(answer.json).toJson(QJsonDocument::Compact)));
        funded += amount;

        int ledgerEntries = 0;
        for (const QJsonValue &entry : fundingEntries(client))
            ledgerEntries += entry.toObject().value(QStringLiteral("reference")).toString() == reference ? 1 : 0;
        QCOMPARE(ledgerEntries, 1);
        QCOMPARE(balance(client), funded);
    }
    QCOMPARE(fundingEntries(client).size(), 5);

    // A debit, then balance = credits − debits, over the whole ledger.
    const ApiReply sent = m_api->post(QStringLiteral("/api/client/sms/send"),
                                      {{QStringLiteral("recipient"), QStringLiteral("+2348031234567")},
                                       {QStringLiteral("sender_id"), QStringLiteral("Ogene")},
                                       {QStringLiteral("message"), QStringLiteral("Funded through Paystack")}},
                                      client.token);
    QCOMPARE(sent.status, 201);
    qint64 credits = 0;
    qint64 debits = 0;
    for (const QJsonValue &value : m_api->get(QStringLiteral("/api/client/wallet/transactions?per_page=100"), client.token).list()) {
        const QJsonObject entry = value.toObject();
        (entry.value(QStringLiteral("type")).toString() == QLatin1String("credit") ? credits : debits) +=
            minorUnits(entry.value(QStringLiteral("amount")));
    }
    QCOMPARE(credits, funded);
    QVERIFY(debits > 0);
    QCOMPARE(balance(client), credits - debits);
    const QJsonObject wallet = m_api->get(QStringLiteral("/api/client/wallet/balance"), client.token).data();
    QCOMPARE(minorUnits(wallet.value(QStringLiteral("total_credited"))), funded);
}

void PaymentsTest::adminPaymentsListIsPaginatedAndFiltered()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    QStringList references;
    for (int i = 0; i < 3; ++i)
        references.append(startPayment(client, 100 + i));
    QCOMPARE(m_paystack.pay(references.at(0), {{QStringLiteral("outcome"), QStringLiteral("failed")}}).status, 200);
    QCOMPARE(verify(client, references.at(0)).status, 200);

    ApiReply page = m_api->get(QStringLiteral("/api/admin/payments?user_id=%1&per_page=2").arg(client.id), m_adminToken);
    QCOMPARE(page.status, 200);
    QCOMPARE(page.list().size(), 2);
    const QJsonObject meta = page.json.value(QStringLiteral("meta")).toObject();
    QCOMPARE(meta.value(QStringLiteral("total")).toInteger(), 3);
    QCOMPARE(meta.value(QStringLiteral("last_page")).toInteger(), 2);
    QCOMPARE(meta.value(QStringLiteral("per_page")).toInteger(), 2);
    // Newest first.
    QCOMPARE(page.list().first().toObject().value(QStringLiteral("reference")).toString(), references.at(2));
    page = m_api->get(QStringLiteral("/api/admin/payments?user_id=%1&per_page=2&page=2").arg(client.id), m_adminToken);
    QCOMPARE(page.list().size(), 1);
    QCOMPARE(page.list().first().toObject().value(QStringLiteral("reference")).toString(), references.at(0));

    page = m_api->get(QStringLiteral("/api/admin/payments?user_id=%1&status=pending").arg(client.id), m_adminToken);
    QCOMPARE(page.list().size(), 2);
    page = m_api->get(QStringLiteral("/api/admin/payments?user_id=%1&status=failed").arg(client.id), m_adminToken);
    QCOMPARE(page.list().size(), 1);
    for (const QJsonValue &item : m_api->get(QStringLiteral("/api/admin/payments?status=pending&per_page=100"), m_adminToken).list())
        QCOMPARE(item.toObject().value(QStringLiteral("status")).toString(), QStringLiteral("pending"));

    for (const QString &bad : {QStringLiteral("status=paid"), QStringLiteral("user_id=abc"), QStringLiteral("per_page=101")}) {
        const ApiReply refused = m_api->get(QStringLiteral("/api/admin/payments?") + bad, m_adminToken);
        QCOMPARE(refused.status, 422);
        QVERIFY(refused.isErrorEnvelope());
    }
    QCOMPARE(m_api->get(QStringLiteral("/api/admin/payments"), client.token).status, 403);
    QCOMPARE(m_api->get(QStringLiteral("/api/admin/payments")).status, 401);
}

void PaymentsTest::withoutASecretKeyPaymentsAnswer503()
{
    // A second node on the same database, without the key.
    ApplianceProcess unconfigured(m_database.url());
    unconfigured.setEnv(QStringLiteral("OGENE_PAYSTACK_BASE_URL"), m_paystack.baseUrl());
    QVERIFY2(unconfigured.start(), qPrintable(unconfigured.output()));
    ApiClient api(unconfigured.baseUrl());
    const ApiClient::Account client = api.createClient(m_adminToken);

    const ApiReply initialized = api.post(QStringLiteral("/api/client/wallet/fund/initialize"), {{QStringLiteral("amount"), 500}},
                                          client.token);
    QCOMPARE(initialized.status, 503);
    QVERIFY2(initialized.isErrorEnvelope(), qPrintable(initialized.describe()));
    QVERIFY2(initialized.message().contains(QLatin1String("not configured")), qPrintable(initialized.describe()));
    const ApiReply verified = api.get(QStringLiteral("/api/client/wallet/fund/verify/ogn-pay-0123456789abcdef0123456789abcdef"),
                                      client.token);
    QCOMPARE(verified.status, 503);
    const QByteArray body = eventBody(QStringLiteral("charge.success"), QStringLiteral("ogn-pay-0123456789abcdef0123456789abcdef"),
                                      50000, QStringLiteral("NGN"));
    const ApiReply webhook = api.send("POST", QStringLiteral("/api/webhooks/paystack"), body, {},
                                      {{"x-paystack-signature", hmacSha512Hex(body, PaystackStandinProcess::SecretKey)}});
    QCOMPARE(webhook.status, 503);
    QVERIFY(webhook.isErrorEnvelope());
    QCOMPARE(api.get(QStringLiteral("/api/admin/payments?user_id=%1").arg(client.id), m_adminToken).status, 200);
    QVERIFY(unconfigured.output().contains(QLatin1String("wallet funding is off")));
}

void PaymentsTest::secretKeyIsNeverLogged()
{
    const QString log = m_appliance->output();
    QVERIFY(log.contains(QLatin1String("wallet funding through Paystack")));
    QVERIFY(!log.contains(QLatin1String(PaystackStandinProcess::SecretKey)));
}

QTEST_GUILESS_MAIN(PaymentsTest)
#include "tst_payments.moc"
