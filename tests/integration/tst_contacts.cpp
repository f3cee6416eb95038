// Contacts and groups: the address book a bulk campaign sends to.
#include "apiclient.h"
#include "applianceprocess.h"
#include "testdatabase.h"

#include <QJsonArray>
#include <QTest>

#include <memory>

class ContactsTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();

    void contactIsCreatedShownUpdatedAndDeleted();
    void phoneIsNormalisedAndUniquePerAccount();
    void badContactFieldsAre422_data();
    void badContactFieldsAre422();
    void listSearchesPhoneAndName();
    void anotherAccountsContactIs404();
    void csvImportCountsCreatedDuplicatedAndRejected();
    void csvWithoutPhoneHeaderIs422();

    void groupShowsItsContactCount();
    void groupNamesAreUniquePerAccount();
    void contactsOfAnotherAccountCannotJoinAGroup();
    void anotherAccountsGroupIs404();
    void deletingAGroupKeepsItsContacts();
    void bodiesThatAreNotJsonAre400AndStrangersAre401();

private:
    qint64 createContact(const QString &token, const QString &phone, const QString &name = {});
    qint64 createGroup(const QString &token, const QString &name);

    TestDatabase m_database;
    std::unique_ptr<ApplianceProcess> m_appliance;
    std::unique_ptr<ApiClient> m_api;
    QString m_admin;
    ApiClient::Account m_client;
    ApiClient::Account m_other;
};

void ContactsTest::initTestCase()
{
    QString why;
    QVERIFY2(startSignedIn(m_database, m_appliance, m_api, m_admin, &why), qPrintable(why));
    m_client = m_api->createClient(m_admin);
    m_other = m_api->createClient(m_admin);
    QVERIFY(!m_client.token.isEmpty() && !m_other.token.isEmpty());
}

qint64 ContactsTest::createContact(const QString &token, const QString &phone, const QString &name)
{
    QJsonObject body{{QStringLiteral("phone"), phone}};
    if (!name.isEmpty())
        body.insert(QStringLiteral("name"), name);
    const ApiReply reply = m_api->post(QStringLiteral("/api/client/contacts"), body, token);
    if (reply.status != 201)
        qWarning() << reply.describe();
    return reply.data().value(QStringLiteral("id")).toInteger();
}

qint64 ContactsTest::createGroup(const QString &token, const QString &name)
{
    const ApiReply reply = m_api->post(QStringLiteral("/api/client/groups"), {{QStringLiteral("name"), name}}, token);
    if (reply.status != 201)
        qWarning() << reply.describe();
    return reply.data().value(QStringLiteral("id")).toInteger();
}

void ContactsTest::contactIsCreatedShownUpdatedAndDeleted()
{
    const ApiReply created = m_api->post(QStringLiteral("/api/client/contacts"),
                                         {{QStringLiteral("phone"), QStringLiteral("08031110001")},
                                          {QStringLiteral("name"), QStringLiteral("Ada")},
                                          {QStringLiteral("fields"), QJsonObject{{QStringLiteral("city"), QStringLiteral("Lagos")}}}},
                                         m_client.token);
    QVERIFY2(created.status == 201, qPrintable(created.describe()));
    const qint64 id = created.data().value(QStringLiteral("id")).toInteger();
    QCOMPARE(created.data().value(QStringLiteral("phone")).toString(), QStringLiteral("+2348031110001"));
    QCOMPARE(created.data().value(QStringLiteral("fields")).toObject().value(QStringLiteral("city")).toString(), QStringLiteral("Lagos"));

    const QString path = QStringLiteral("/api/client/contacts/%1").arg(id);
    QCOMPARE(m_api->get(path, m_client.token).data().value(QStringLiteral("name")).toString(), QStringLiteral("Ada"));
    const ApiReply updated = m_api->put(path, {{QStringLiteral("name"), QStringLiteral("Ada L.")}}, m_client.token);
    QVERIFY2(updated.status == 200, qPrintable(updated.describe()));
    QCOMPARE(updated.data().value(QStringLiteral("name")).toString(), QStringLiteral("Ada L."));
    QCOMPARE(updated.data().value(QStringLiteral("phone")).toString(), QStringLiteral("+2348031110001"));
    QCOMPARE(updated.data().value(QStringLiteral("fields")).toObject().value(QStringLiteral("city")).toString(), QStringLiteral("Lagos"));

    QCOMPARE(m_api->del(path, m_client.token).status, 200);
    const ApiReply gone = m_api->get(path, m_client.token);
    QCOMPARE(gone.status, 404);
    QVERIFY(gone.isErrorEnvelope());
}

void ContactsTest::phoneIsNormalisedAndUniquePerAccount()
{
    QVERIFY(createContact(m_client.token, QStringLiteral("+2348031110002")) > 0);
    const ApiReply duplicate =
        m_api->post(QStringLiteral("/api/client/contacts"), {{QStringLiteral("phone"), QStringLiteral("0803 111 0002")}}, m_client.token);
    QCOMPARE(duplicate.status, 422);
    QVERIFY(duplicate.isErrorEnvelope());
    QVERIFY(duplicate.errors().contains(QStringLiteral("phone")));
    // Another account may keep the same number.
    QVERIFY(createContact(m_other.token, QStringLiteral("2348031110002")) > 0);

    // Updating onto a number the account already has is the same 422.
    const qint64 second = createContact(m_client.token, QStringLiteral("+2348031110003"));
    const ApiReply clash = m_api->put(QStringLiteral("/api/client/contacts/%1").arg(second),
                                      {{QStringLiteral("phone"), QStringLiteral("+2348031110002")}}, m_client.token);
    QCOMPARE(clash.status, 422);
    QVERIFY(clash.errors().contains(QStringLiteral("phone")));
}

void ContactsTest::badContactFieldsAre422_data()
{
    QTest::addColumn<QJsonObject>("body");
    QTest::addColumn<QString>("field");
    QTest::newRow("no phone") << QJsonObject{{QStringLiteral("name"), QStringLiteral("x")}} << QStringLiteral("phone");
    QTest::newRow("not a phone") << QJsonObject{{QStringLiteral("phone"), QStringLiteral("hello")}} << QStringLiteral("phone");
    QTest::newRow("long name") << QJsonObject{{QStringLiteral("phone"), QStringLiteral("+2348031110009")},
                                              {QStringLiteral("name"), QString(256, QLatin1Char('n'))}}
                               << QStringLiteral("name");
    QTest::newRow("fields not an object") << QJsonObject{{QStringLiteral("phone"), QStringLiteral("+2348031110009")},
                                                         {QStringLiteral("fields"), QStringLiteral("x")}}
                                          << QStringLiteral("fields");
    QTest::newRow("fields too big") << QJsonObject{{QStringLiteral("phone"), QStringLiteral("+2348031110009")},
                                                   {QStringLiteral("fields"), QJsonObject{{QStringLiteral("note"), QString(5000, QLatin1Char('a'))}}}}
                                    << QStringLiteral("fields");
}

void ContactsTest::badContactFieldsAre422()
{
    QFETCH(QJsonObject, body);
    QFETCH(QString, field);
    const ApiReply reply = m_api->post(QStringLiteral("/api/client/contacts"), body, m_client.token);
    QCOMPARE(reply.status, 422);
    QVERIFY(reply.isErrorEnvelope());
    QVERIFY2(reply.errors().contains(field), qPrintable(reply.describe()));
}

void ContactsTest::listSearchesPhoneAndName()
{
    const ApiClient::Account account = m_api->createClient(m_admin);
    createContact(account.token, QStringLiteral("+2348051230001"), QStringLiteral("Chinua Achebe"));
    createContact(account.token, QStringLiteral("+2348051230002"), QStringLiteral("Wole Soyinka"));
    createContact(account.token, QStringLiteral("+447700900123"));

    const ApiReply all = m_api->get(QStringLiteral("/api/client/contacts"), account.token);
    QCOMPARE(all.status, 200);
    QCOMPARE(all.list().size(), 3);
    QCOMPARE(all.json.value(QStringLiteral("meta")).toObject().value(QStringLiteral("total")).toInt(), 3);
    const ApiReply byName = m_api->get(QStringLiteral("/api/client/contacts?search=achebe"), account.token);
    QCOMPARE(byName.list().size(), 1);
    QCOMPARE(byName.list().first().toObject().value(QStringLiteral("phone")).toString(), QStringLiteral("+2348051230001"));
    const ApiReply byPhone = m_api->get(QStringLiteral("/api/client/contacts?search=4477"), account.token);
    QCOMPARE(byPhone.list().size(), 1);
    QCOMPARE(m_api->get(QStringLiteral("/api/client/contacts?search=%25"), account.token).list().size(), 0);
    const ApiReply paged = m_api->get(QStringLiteral("/api/client/contacts?per_page=2&page=2"), account.token);
    QCOMPARE(paged.list().size(), 1);
    const ApiReply tooLong = m_api->get(QStringLiteral("/api/client/contacts?search=") + QString(101, QLatin1Char('a')), account.token);
    QCOMPARE(tooLong.status, 422);
    QVERIFY(tooLong.errors().contains(QStringLiteral("search")));
}

void ContactsTest::anotherAccountsContactIs404()
{
    const qint64 id = createContact(m_other.token, QStringLiteral("+2348031110020"));
    const QString path = QStringLiteral("/api/client/contacts/%1").arg(id);
    QCOMPARE(m_api->get(path, m_client.token).status, 404);
    QCOMPARE(m_api->put(path, {{QStringLiteral("name"), QStringLiteral("x")}}, m_client.token).status, 404);
    QCOMPARE(m_api->del(path, m_client.token).status, 404);
    QCOMPARE(m_api->get(path, m_other.token).status, 200);
}

void ContactsTest::csvImportCountsCreatedDuplicatedAndRejected()
{
    const ApiClient::Account account = m_api->createClient(m_admin);
    createContact(account.token, QStringLiteral("+2348061230001"));
    const QByteArray csv = "phone,name\r\n"
                           "+2348061230001,Already there\r\n"
                           "08061230002,\"Okonkwo, Unoka\"\r\n"
                           "2348061230002,Same number again\r\n"
                           "not-a-number,Bad\r\n"
                           ",No phone\r\n"
                           "+447700900555,Londoner\r\n";
    const ApiReply reply = m_api->send("POST", QStringLiteral("/api/client/contacts/import"), csv, account.token,
                                       {{"Content-Type", "text/csv"}});
    QVERIFY2(reply.status == 200, qPrintable(reply.describe()));
    QCOMPARE(reply.data().value(QStringLiteral("created")).toInt(), 2);
    QCOMPARE(reply.data().value(QStringLiteral("duplicated")).toInt(), 2);
    QCOMPARE(reply.data().value(QStringLiteral("rejected")).toInt(), 2);
    const QJsonArray rejected = reply.data().value(QStringLiteral("rejected_rows")).toArray();
    QCOMPARE(rejected.size(), 2);
    QCOMPARE(rejected.at(0).toObject().value(QStringLiteral("line")).toInt(), 5);
    QVERIFY(!rejected.at(0).toObject().value(QStringLiteral("reason")).toString().isEmpty());
    QCOMPARE(rejected.at(1).toObject().value(QStringLiteral("line")).toInt(), 6);

    const ApiReply found = m_api->get(QStringLiteral("/api/client/contacts?search=unoka"), account.token);
    QCOMPARE(found.list().size(), 1);
    QCOMPARE(found.list().first().toObject().value(QStringLiteral("name")).toString(), QStringLiteral("Okonkwo, Unoka"));
}

void ContactsTest::csvWithoutPhoneHeaderIs422()
{
    const ApiReply reply = m_api->send("POST", QStringLiteral("/api/client/contacts/import"), "number,name\n+2348061230009,x\n",
                                       m_client.token, {{"Content-Type", "text/csv"}});
    QCOMPARE(reply.status, 422);
    QVERIFY(reply.isErrorEnvelope());
    QVERIFY(reply.errors().contains(QStringLiteral("file")));
}

void ContactsTest::groupShowsItsContactCount()
{
    const qint64 group = createGroup(m_client.token, QStringLiteral("Customers"));
    QVERIFY(group > 0);
    const qint64 a = createContact(m_client.token, QStringLiteral("+2348031110030"));
    const qint64 b = createContact(m_client.token, QStringLiteral("+2348031110031"));
    const QString members = QStringLiteral("/api/client/groups/%1/contacts").arg(group);
    const ApiReply added = m_api->post(members, {{QStringLiteral("contact_ids"), QJsonArray{a, b, a}}}, m_client.token);
    QVERIFY2(added.status == 200, qPrintable(added.describe()));
    QCOMPARE(added.data().value(QStringLiteral("contact_count")).toInt(), 2);
    // Adding again changes nothing.
    QCOMPARE(m_api->post(members, {{QStringLiteral("contact_ids"), QJsonArray{a}}}, m_client.token).data().value(QStringLiteral("contact_count")).toInt(), 2);
    const ApiReply removed = m_api->send("DELETE", members, R"({"contact_ids":[)" + QByteArray::number(a) + "]}", m_client.token);
    QVERIFY2(removed.status == 200, qPrintable(removed.describe()));
    QCOMPARE(removed.data().value(QStringLiteral("contact_count")).toInt(), 1);

    const ApiReply shown = m_api->get(QStringLiteral("/api/client/groups/%1").arg(group), m_client.token);
    QCOMPARE(shown.data().value(QStringLiteral("contact_count")).toInt(), 1);
    QCOMPARE(shown.data().value(QStringLiteral("name")).toString(), QStringLiteral("Customers"));
    const ApiReply renamed = m_api->put(QStringLiteral("/api/client/groups/%1").arg(group), {{QStringLiteral("name"), QStringLiteral("VIP")}}, m_client.token);
    QCOMPARE(renamed.data().value(QStringLiteral("name")).toString(), QStringLiteral("VIP"));
    QVERIFY(m_api->get(QStringLiteral("/api/client/groups"), m_client.token).list().size() >= 1);

    const ApiReply empty = m_api->post(members, {{QStringLiteral("contact_ids"), QJsonArray{}}}, m_client.token);
    QCOMPARE(empty.status, 422);
    QVERIFY(empty.errors().contains(QStringLiteral("contact_ids")));
    const ApiReply missing = m_api->post(members, {}, m_client.token);
    QCOMPARE(missing.status, 422);
    QVERIFY(missing.errors().contains(QStringLiteral("contact_ids")));
}

void ContactsTest::groupNamesAreUniquePerAccount()
{
    QVERIFY(createGroup(m_client.token, QStringLiteral("Staff")) > 0);
    const ApiReply duplicate = m_api->post(QStringLiteral("/api/client/groups"), {{QStringLiteral("name"), QStringLiteral("staff")}}, m_client.token);
    QCOMPARE(duplicate.status, 422);
    QVERIFY(duplicate.errors().contains(QStringLiteral("name")));
    QVERIFY(createGroup(m_other.token, QStringLiteral("Staff")) > 0);
    const ApiReply noName = m_api->post(QStringLiteral("/api/client/groups"), {}, m_client.token);
    QCOMPARE(noName.status, 422);
    QVERIFY(noName.isErrorEnvelope());
    const ApiReply longName = m_api->post(QStringLiteral("/api/client/groups"), {{QStringLiteral("name"), QString(101, QLatin1Char('g'))}}, m_client.token);
    QCOMPARE(longName.status, 422);
}

void ContactsTest::contactsOfAnotherAccountCannotJoinAGroup()
{
    const qint64 group = createGroup(m_client.token, QStringLiteral("Mixed"));
    const qint64 mine = createContact(m_client.token, QStringLiteral("+2348031110040"));
    const qint64 theirs = createContact(m_other.token, QStringLiteral("+2348031110041"));
    const ApiReply reply = m_api->post(QStringLiteral("/api/client/groups/%1/contacts").arg(group),
                                       {{QStringLiteral("contact_ids"), QJsonArray{mine, theirs}}}, m_client.token);
    QCOMPARE(reply.status, 422);
    QVERIFY(reply.isErrorEnvelope());
    QVERIFY(reply.errors().value(QStringLiteral("contact_ids")).toString().contains(QString::number(theirs)));
    // Nothing was added.
    QCOMPARE(m_api->get(QStringLiteral("/api/client/groups/%1").arg(group), m_client.token).data().value(QStringLiteral("contact_count")).toInt(), 0);
}

void ContactsTest::anotherAccountsGroupIs404()
{
    const qint64 group = createGroup(m_other.token, QStringLiteral("Theirs"));
    const QString path = QStringLiteral("/api/client/groups/%1").arg(group);
    QCOMPARE(m_api->get(path, m_client.token).status, 404);
    QCOMPARE(m_api->put(path, {{QStringLiteral("name"), QStringLiteral("Mine now")}}, m_client.token).status, 404);
    QCOMPARE(m_api->del(path, m_client.token).status, 404);
    const ApiReply members = m_api->post(path + QStringLiteral("/contacts"), {{QStringLiteral("contact_ids"), QJsonArray{1}}}, m_client.token);
    QCOMPARE(members.status, 404);
    QVERIFY(members.isErrorEnvelope());
}

void ContactsTest::deletingAGroupKeepsItsContacts()
{
    const qint64 group = createGroup(m_client.token, QStringLiteral("Temporary"));
    const qint64 contact = createContact(m_client.token, QStringLiteral("+2348031110050"));
    QCOMPARE(m_api->post(QStringLiteral("/api/client/groups/%1/contacts").arg(group), {{QStringLiteral("contact_ids"), QJsonArray{contact}}},
                         m_client.token)
                 .status,
             200);
    QCOMPARE(m_api->del(QStringLiteral("/api/client/groups/%1").arg(group), m_client.token).status, 200);
    QCOMPARE(m_api->get(QStringLiteral("/api/client/groups/%1").arg(group), m_client.token).status, 404);
    QCOMPARE(m_api->get(QStringLiteral("/api/client/contacts/%1").arg(contact), m_client.token).status, 200);
}

void ContactsTest::bodiesThatAreNotJsonAre400AndStrangersAre401()
{
    for (const QString &path : {QStringLiteral("/api/client/contacts"), QStringLiteral("/api/client/groups")}) {
        const ApiReply notJson = m_api->send("POST", path, "{phone:", m_client.token);
        QCOMPARE(notJson.status, 400);
        QVERIFY(notJson.isErrorEnvelope());
        QVERIFY(notJson.errors().contains(QStringLiteral("body")));
    }
    for (const QString &path : {QStringLiteral("/api/client/contacts"), QStringLiteral("/api/client/groups"),
                                QStringLiteral("/api/client/bulk-sms")}) {
        const ApiReply stranger = m_api->get(path);
        QCOMPARE(stranger.status, 401);
        QVERIFY(stranger.isErrorEnvelope());
    }
}

QTEST_GUILESS_MAIN(ContactsTest)
#include "tst_contacts.moc"
