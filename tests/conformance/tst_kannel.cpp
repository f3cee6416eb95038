// Ogene's SMPP server behind a real Kannel (Debian's kannel): bearerbox binds to Ogene in
// transceiver mode as it would to a carrier's SMSC, and an application sends through smsbox's
// /cgi-bin/sendsms. The message reaches Ogene and is charged; its delivery receipt comes back over
// SMPP, and Kannel calls the application's dlr-url with it.
#include "apiclient.h"
#include "applianceprocess.h"
#include "dlrlistener.h"
#include "kannelgateway.h"
#include "smppclient.h"
#include "testdatabase.h"

#include <QRegularExpression>
#include <QSqlQuery>
#include <QTest>
#include <QUrlQuery>

namespace {
const QString Sender = QStringLiteral("Acme");
const QString Recipient = QStringLiteral("2348031234567");
// Kannel's DLR types (the %d of a dlr-url): 1 delivered to the phone, 2 failed.
const QString DlrDelivered = QStringLiteral("1");
} // namespace

class KannelTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void kannelHoldsOneTransceiverBind();
    void kannelAnswersOgenesEnquireLink();
    void messageIsChargedAndItsReceiptReachesTheDlrUrl();
    void longMessageBecomesOneMessage();
    void textKeepsItsCharacters_data();
    void textKeepsItsCharacters();
    void kannelUnbindsWhenItStops();

private:
    // The dlr-url for one message: Kannel fills in the DLR type, the SMSC's message id, the
    // receipt text and the numbers; `tag` tells the messages apart.
    QString dlrUrl(const QString &tag) const;
    QUrlQuery dlrFor(const QString &tag) const;
    KannelGateway::Answer send(const QString &text, const QList<QPair<QString, QString>> &extra = {});
    int liveSessions();
    qint64 messageCount();
    QJsonObject newestMessage();
    QJsonObject message(const QString &messageId);

    TestDatabase m_database;
    std::unique_ptr<ApplianceProcess> m_appliance;
    std::unique_ptr<ApiClient> m_api;
    QString m_admin;
    SmppClient m_client;
    DlrListener m_dlr;
    std::unique_ptr<KannelGateway> m_kannel;
};

void KannelTest::initTestCase()
{
    QVERIFY2(KannelGateway::installed(), "Kannel is missing: install the kannel package (scripts/install-deps.sh --with-tests)");
    QVERIFY2(m_database.isValid(), qPrintable(m_database.error()));
    m_appliance = std::make_unique<ApplianceProcess>(m_database.url());
    m_appliance->setEnv(QStringLiteral("OGENE_SIMULATOR_DELIVERY_DELAY_MS"), QStringLiteral("200"));
    // Ogene's own enquire_link after one quiet second, so that Kannel meets it within the suite.
    m_appliance->setEnv(QStringLiteral("OGENE_SMPP_ENQUIRE_LINK_SECONDS"), QStringLiteral("1"));
    QVERIFY2(m_appliance->start(), qPrintable(m_appliance->output()));
    QVERIFY2(m_appliance->smppPort() != 0, "the appliance did not say where its SMPP server listens");
    m_api = std::make_unique<ApiClient>(m_appliance->baseUrl());
    m_admin = m_api->adminToken();
    QVERIFY(!m_admin.isEmpty());
    m_client = SmppClient::create(*m_api, m_admin);
    QVERIFY2(m_client.error.isEmpty(), qPrintable(m_client.error));
    QVERIFY(m_dlr.listen());

    // Kannel is configured from what the credential record tells a customer.
    m_kannel = std::make_unique<KannelGateway>(KannelGateway::Smsc{m_client.connectionInfo.value(QStringLiteral("host")).toString(),
                                                                   quint16(m_client.connectionInfo.value(QStringLiteral("port")).toInt()),
                                                                   m_client.systemId, m_client.password});
    QString why;
    QVERIFY2(m_kannel->start(&why), qPrintable(why));
}

QString KannelTest::dlrUrl(const QString &tag) const
{
    return QStringLiteral("http://127.0.0.1:%1/dlr?tag=%2&type=%d&smsc_id=%i&foreign_id=%F&reply=%A&to=%p&from=%P")
        .arg(m_dlr.port())
        .arg(tag);
}

QUrlQuery KannelTest::dlrFor(const QString &tag) const
{
    for (const QUrl &url : m_dlr.requests()) {
        // Kannel's URL encoding writes a space as '+', as HTML forms do.
        const QUrlQuery query(url.query(QUrl::FullyEncoded).replace(QLatin1Char('+'), QStringLiteral("%20")));
        if (query.queryItemValue(QStringLiteral("tag")) == tag)
            return query;
    }
    return {};
}

KannelGateway::Answer KannelTest::send(const QString &text, const QList<QPair<QString, QString>> &extra)
{
    QList<QPair<QString, QString>> parameters{{QStringLiteral("from"), Sender},
                                              {QStringLiteral("to"), Recipient},
                                              {QStringLiteral("text"), text},
                                              {QStringLiteral("charset"), QStringLiteral("UTF-8")}};
    parameters += extra;
    return m_kannel->sendSms(parameters);
}

int KannelTest::liveSessions()
{
    const ApiReply reply = m_api->get(QStringLiteral("/api/client/credentials/smpp"), m_client.account.token);
    for (const QJsonValue &credential : reply.list()) {
        if (credential.toObject().value(QStringLiteral("id")).toInteger() == m_client.credentialId)
            return credential.toObject().value(QStringLiteral("live_sessions")).toInt();
    }
    return -1;
}

qint64 KannelTest::messageCount()
{
    QSqlQuery query(m_database.connection());
    query.prepare(QStringLiteral("SELECT COUNT(*) FROM messages WHERE user_id = ?"));
    query.addBindValue(m_client.account.id);
    if (!query.exec() || !query.next())
        return -1;
    return query.value(0).toLongLong();
}

QJsonObject KannelTest::newestMessage()
{
    const ApiReply reply = m_api->get(QStringLiteral("/api/client/sms/messages?per_page=1"), m_client.account.token);
    return reply.list().isEmpty() ? QJsonObject() : reply.list().first().toObject();
}

QJsonObject KannelTest::message(const QString &messageId)
{
    return m_api->get(QStringLiteral("/api/client/sms/status/%1").arg(messageId), m_client.account.token).data();
}

void KannelTest::kannelHoldsOneTransceiverBind()
{
    // bearerbox binds on its own once started; Ogene counts the session, Kannel calls it online.
    QTRY_COMPARE_WITH_TIMEOUT(liveSessions(), 1, 20000);
    // Ogene counts the session as it answers the bind; Kannel says online once it read the answer.
    QTRY_VERIFY2_WITH_TIMEOUT(m_kannel->status().contains("(online"), m_kannel->status().constData(), 10000);
    QVERIFY(m_kannel->status().contains(QByteArray(KannelGateway::SmscId) + '[' + KannelGateway::SmscId + ']'));
}

void KannelTest::kannelAnswersOgenesEnquireLink()
{
    // Ogene sends the next enquire_link only once the last one was answered, so a second one in
    // Kannel's log shows a whole round trip; the session stays bound throughout.
    // Each PDU in the log: "Got PDU:" or "Sending PDU:", a dump header line, then its type_name.
    static const QRegularExpression received(QStringLiteral("Got PDU:\\n[^\\n]*\\n[^\\n]*type_name: enquire_link\\n"));
    static const QRegularExpression answered(QStringLiteral("Sending PDU:\\n[^\\n]*\\n[^\\n]*type_name: enquire_link_resp\\n"));
    QTRY_VERIFY2_WITH_TIMEOUT(m_kannel->bearerboxLog().count(received) >= 2, qPrintable(m_kannel->logs()), 15000);
    QVERIFY(m_kannel->bearerboxLog().count(answered) >= 2);
    QCOMPARE(liveSessions(), 1);
}

void KannelTest::messageIsChargedAndItsReceiptReachesTheDlrUrl()
{
    const qint64 balance = m_client.balance(*m_api);
    const qint64 before = messageCount();
    const QString text = QStringLiteral("Hello through Kannel to Ogene");
    const KannelGateway::Answer answer =
        send(text, {{QStringLiteral("dlr-mask"), QStringLiteral("3")}, {QStringLiteral("dlr-url"), dlrUrl(QStringLiteral("single"))}});
    QCOMPARE(answer.status, 202);
    QVERIFY2(answer.body.startsWith("0: Accepted"), answer.body.constData());

    // Kannel calls the dlr-url once Ogene's receipt came back to it over SMPP.
    QTRY_VERIFY2_WITH_TIMEOUT(!dlrFor(QStringLiteral("single")).isEmpty(), qPrintable(m_kannel->logs()), 20000);
    const QUrlQuery dlr = dlrFor(QStringLiteral("single"));
    QCOMPARE(dlr.queryItemValue(QStringLiteral("type")), DlrDelivered);
    QCOMPARE(dlr.queryItemValue(QStringLiteral("smsc_id")), QLatin1String(KannelGateway::SmscId));
    // In a report, Kannel's sender is the handset and its receiver the original sender ID.
    QCOMPARE(dlr.queryItemValue(QStringLiteral("to")), Recipient);
    QCOMPARE(dlr.queryItemValue(QStringLiteral("from")), Sender);
    const QString messageId = dlr.queryItemValue(QStringLiteral("foreign_id"), QUrl::FullyDecoded);
    QVERIFY2(QRegularExpression(QStringLiteral("^[1-9][0-9]*$")).match(messageId).hasMatch(), qPrintable(messageId));
    const QString reply = dlr.queryItemValue(QStringLiteral("reply"), QUrl::FullyDecoded);
    QVERIFY2(reply.startsWith(QStringLiteral("id:%1 sub:001 dlvrd:001 ").arg(messageId)), qPrintable(reply));
    QVERIFY2(reply.contains(QStringLiteral(" stat:DELIVRD err:000 text:Hello through Kannel")), qPrintable(reply));

    // The id Kannel got in submit_sm_resp and matched the receipt with is the Message's id.
    QCOMPARE(messageCount(), before + 1);
    const QJsonObject stored = message(messageId);
    QCOMPARE(stored.value(QStringLiteral("message_text")).toString(), text);
    QCOMPARE(stored.value(QStringLiteral("recipient_phone")).toString(), QStringLiteral("+") + Recipient);
    QCOMPARE(stored.value(QStringLiteral("sender_id_value")).toString(), Sender);
    QCOMPARE(stored.value(QStringLiteral("segments_count")).toInt(), 1);
    QCOMPARE(stored.value(QStringLiteral("cost")).toString(), QStringLiteral("4.00"));
    QCOMPARE(stored.value(QStringLiteral("status")).toString(), QStringLiteral("delivered"));
    QCOMPARE(m_client.balance(*m_api), balance - 400);
}

void KannelTest::longMessageBecomesOneMessage()
{
    const qint64 balance = m_client.balance(*m_api);
    const qint64 before = messageCount();
    QString text;
    for (int i = 1; text.size() < 250; ++i)
        text += QStringLiteral("Sentence %1 of a long message Kannel sends in parts. ").arg(i);
    text = text.left(250);
    const KannelGateway::Answer answer =
        send(text, {{QStringLiteral("dlr-mask"), QStringLiteral("3")}, {QStringLiteral("dlr-url"), dlrUrl(QStringLiteral("long"))}});
    QCOMPARE(answer.status, 202);

    // Kannel cuts 250 characters into two UDH parts of at most 153; Ogene makes them one message.
    QTRY_COMPARE_WITH_TIMEOUT(messageCount(), before + 1, 15000);
    const QJsonObject stored = newestMessage();
    QCOMPARE(stored.value(QStringLiteral("message_text")).toString(), text);
    QCOMPARE(stored.value(QStringLiteral("segments_count")).toInt(), 2);
    QCOMPARE(stored.value(QStringLiteral("cost")).toString(), QStringLiteral("8.00"));
    QCOMPARE(m_client.balance(*m_api), balance - 800);

    // One receipt for the whole message comes back, and Kannel reports the message delivered.
    QTRY_VERIFY2_WITH_TIMEOUT(!dlrFor(QStringLiteral("long")).isEmpty(), qPrintable(m_kannel->logs()), 20000);
    const QUrlQuery dlr = dlrFor(QStringLiteral("long"));
    QCOMPARE(dlr.queryItemValue(QStringLiteral("type")), DlrDelivered);
    QCOMPARE(dlr.queryItemValue(QStringLiteral("foreign_id")).toLongLong(), stored.value(QStringLiteral("id")).toInteger());
    QCOMPARE(messageCount(), before + 1);
}

void KannelTest::textKeepsItsCharacters_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("coding"); // Kannel's: 0 GSM 7-bit, 2 UCS-2
    // Kannel sends GSM 03.38 unpacked: '@' is the octet 0x00, '$' 0x02, '_' 0x11, '{' an escape pair.
    QTest::newRow("GSM 7-bit specials") << QStringLiteral("Pay @ Acme: $5_00 {ref}") << QStringLiteral("0");
    QTest::newRow("UCS-2") << QStringLiteral("\u20a6500 \u1eb8 k\u00fa \u00e0\u00e1r\u1ecd") << QStringLiteral("2");
}

void KannelTest::textKeepsItsCharacters()
{
    QFETCH(QString, text);
    QFETCH(QString, coding);
    const qint64 before = messageCount();
    const KannelGateway::Answer answer = send(text, {{QStringLiteral("coding"), coding}});
    QCOMPARE(answer.status, 202);
    QTRY_COMPARE_WITH_TIMEOUT(messageCount(), before + 1, 15000);
    const QJsonObject stored = newestMessage();
    QCOMPARE(stored.value(QStringLiteral("message_text")).toString(), text);
    QCOMPARE(stored.value(QStringLiteral("segments_count")).toInt(), 1);
}

void KannelTest::kannelUnbindsWhenItStops()
{
    QCOMPARE(liveSessions(), 1);
    m_kannel->stop();
    QTRY_COMPARE_WITH_TIMEOUT(liveSessions(), 0, 10000);
}

QTEST_GUILESS_MAIN(KannelTest)
#include "tst_kannel.moc"
