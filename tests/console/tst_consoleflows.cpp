// The console against a real appliance: signing in (and the errors a person sees when it fails),
// every view, approving and rejecting sender IDs, crediting a wallet after its confirmation,
// suspending an account (and seeing it in the Audit view), cancelling a campaign after its confirmation, editing the route table, field errors in forms, paging on demand, the shortcuts and the window's
// remembered layout. Each change is checked afterwards through the API, as a client would see it.
#include "accountdialog.h"
#include "accountsview.h"
#include "auditview.h"
#include "campaignsview.h"
#include "apiclient.h"
#include "applianceprocess.h"
#include "consoletestenvironment.h"
#include "creditdialog.h"
#include "dashboardview.h"
#include "mainwindow.h"
#include "messagesview.h"
#include "paymentsview.h"
#include "routesview.h"
#include "rejectdialog.h"
#include "senderidsview.h"
#include "signinview.h"
#include "smppaccessdialog.h"
#include "testdatabase.h"

#include <QApplication>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using namespace ogene;

class ConsoleFlowsTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void emptyFieldsAreMarkedWithoutAsking();
    void wrongPasswordShowsTheAppliancesMessage();
    void clientAccountsCannotUseTheConsole();
    void signsInAndOpensEveryView();
    void approvesASenderId();
    void rejectingNeedsAReasonShownBesideItsField();
    void creditsAWalletOnlyAfterTheConfirmation();
    void suspendsAndReactivatesAnAccount();
    void theAuditViewShowsWhatAnAdminDid();
    void accountFormShowsTheAppliancesFieldErrors();
    void grantsSmppAccess();
    void messagesAreFilteredAndShownInFull();
    void paymentsAndDashboardShowTheirFigures();
    void cancelsACampaignOnlyAfterTheConfirmation();
    void editsTheRouteTableAndShowsTheGateways();
    void listsLoadTheNextPageOnDemand();
    void shortcutsRefreshAndSearch();
    void requestsShowTheBusyIndicator();
    void screenshotsOfEveryView();
    void signOutRevokesTheTokenAndRemembersTheLayout();

private:
    void click(QDialogButtonBox *buttons);
    ApiClient::Account requestedSenderId(const QString &name, qint64 *senderIdId);
    QJsonObject clientSenderId(const ApiClient::Account &client, qint64 id);
    bool selectAccount(qint64 id);

    TestDatabase m_database;
    std::unique_ptr<ApplianceProcess> m_appliance;
    std::unique_ptr<ApiClient> m_api;
    QString m_adminToken;
    std::unique_ptr<MainWindow> m_window;
};

void ConsoleFlowsTest::initTestCase()
{
    ConsoleTestEnvironment::isolateSettings();
    QString why;
    QVERIFY2(startSignedIn(m_database, m_appliance, m_api, m_adminToken, &why), qPrintable(why));
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void ConsoleFlowsTest::click(QDialogButtonBox *buttons)
{
    QTest::mouseClick(buttons->button(QDialogButtonBox::Ok), Qt::LeftButton);
}

void ConsoleFlowsTest::emptyFieldsAreMarkedWithoutAsking()
{
    QSignalSpy busy(&m_window->session()->rest(), &RestClient::busyChanged);
    ConsoleTestEnvironment::fillSignIn(*m_window, QStringLiteral("not a server"), QString(), QString(), false);
    const FormErrors &errors = m_window->signInView()->errors();
    QVERIFY(!errors.fieldText(QStringLiteral("server")).isEmpty());
    QVERIFY(!errors.fieldText(QStringLiteral("email")).isEmpty());
    QVERIFY(!errors.fieldText(QStringLiteral("password")).isEmpty());
    QCOMPARE(busy.count(), 0); // nothing was sent
    QVERIFY(!m_window->session()->isSignedIn());
}

void ConsoleFlowsTest::wrongPasswordShowsTheAppliancesMessage()
{
    const ApiReply expected = m_api->post(QStringLiteral("/api/auth/login"),
                                          {{QStringLiteral("email"), QLatin1String(ApplianceProcess::AdminEmail)},
                                           {QStringLiteral("password"), QStringLiteral("wrong-password")}});
    QCOMPARE(expected.status, 401);
    QVERIFY(expected.isErrorEnvelope());
    ConsoleTestEnvironment::fillSignIn(*m_window, m_appliance->baseUrl(), QLatin1String(ApplianceProcess::AdminEmail),
                                       QStringLiteral("wrong-password"), false);
    QTRY_VERIFY(m_window->signInView()->errors().bannerText().startsWith(expected.message()));
    QVERIFY(m_window->signInView()->signInButton()->isEnabled());
    QVERIFY(!m_window->session()->isSignedIn());
}

void ConsoleFlowsTest::clientAccountsCannotUseTheConsole()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    ConsoleTestEnvironment::fillSignIn(*m_window, m_appliance->baseUrl(), client.email, client.password, false);
    QTRY_VERIFY(m_window->signInView()->errors().bannerText().contains(QStringLiteral("not an operator")));
    QVERIFY(!m_window->session()->isSignedIn());
}

void ConsoleFlowsTest::signsInAndOpensEveryView()
{
    ConsoleTestEnvironment::fillSignIn(*m_window, m_appliance->baseUrl(), QLatin1String(ApplianceProcess::AdminEmail),
                                       QLatin1String(ApplianceProcess::AdminPassword), false);
    QTRY_VERIFY(m_window->session()->isSignedIn());
    QCOMPARE(m_window->session()->user().role, QStringLiteral("admin"));
    QCOMPARE(m_window->tabs()->count(), 8);
    QVERIFY(m_window->signInView()->passwordField()->text().isEmpty()); // the password is not kept
    QVERIFY(!m_window->keychainNotice()->isVisible()); // "remember me" was not asked for
    // The token the console holds is a real one.
    QCOMPARE(m_api->get(QStringLiteral("/api/auth/me"), m_window->session()->rest().token()).status, 200);
}

ApiClient::Account ConsoleFlowsTest::requestedSenderId(const QString &name, qint64 *senderIdId)
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    const ApiReply reply =
        m_api->post(QStringLiteral("/api/client/sender-id/request"), {{QStringLiteral("sender_name"), name}}, client.token);
    *senderIdId = reply.data().value(QStringLiteral("id")).toInteger();
    return client;
}

QJsonObject ConsoleFlowsTest::clientSenderId(const ApiClient::Account &client, qint64 id)
{
    for (const QJsonValue &entry : m_api->get(QStringLiteral("/api/client/sender-id"), client.token).list()) {
        if (entry.toObject().value(QStringLiteral("id")).toInteger() == id)
            return entry.toObject();
    }
    return {};
}

void ConsoleFlowsTest::approvesASenderId()
{
    qint64 id = 0;
    const ApiClient::Account client = requestedSenderId(QStringLiteral("Approveme"), &id);
    QVERIFY(id > 0);
    SenderIdsView *view = m_window->senderIdsView();
    m_window->tabs()->setCurrentWidget(view);
    QCOMPARE(view->statusFilter()->currentData().toString(), QStringLiteral("pending")); // the queue first
    view->refresh();
    QTRY_VERIFY(view->select(id));
    view->approveSelected();
    QTRY_COMPARE(clientSenderId(client, id).value(QStringLiteral("status")).toString(), QStringLiteral("approved"));
    QTRY_VERIFY(view->list()->table()->item(view->list()->rowOf(id), 3)->text() != QStringLiteral("Pending"));
}

void ConsoleFlowsTest::rejectingNeedsAReasonShownBesideItsField()
{
    qint64 id = 0;
    const ApiClient::Account client = requestedSenderId(QStringLiteral("Rejectme"), &id);
    SenderIdsView *view = m_window->senderIdsView();
    view->refresh();
    QTRY_VERIFY(view->select(id));
    view->rejectSelected();
    QPointer<RejectDialog> dialog = view->findChild<RejectDialog *>();
    QVERIFY(dialog);
    click(dialog->buttons()); // no reason: the appliance's 422 is shown beside the field
    QTRY_VERIFY(!dialog->errors().fieldText(QStringLiteral("reason")).isEmpty());
    QVERIFY(dialog->isVisible());
    QCOMPARE(clientSenderId(client, id).value(QStringLiteral("status")).toString(), QStringLiteral("pending"));

    dialog->reasonField()->setPlainText(QStringLiteral("This name belongs to a bank."));
    click(dialog->buttons());
    QTRY_VERIFY(!dialog);
    const QJsonObject rejected = clientSenderId(client, id);
    QCOMPARE(rejected.value(QStringLiteral("status")).toString(), QStringLiteral("rejected"));
    QCOMPARE(rejected.value(QStringLiteral("rejection_reason")).toString(), QStringLiteral("This name belongs to a bank."));
}

bool ConsoleFlowsTest::selectAccount(qint64 id)
{
    AccountsView *view = m_window->accountsView();
    m_window->tabs()->setCurrentWidget(view);
    view->refresh();
    return QTest::qWaitFor([&] { return view->select(id); }, 5000);
}

void ConsoleFlowsTest::creditsAWalletOnlyAfterTheConfirmation()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    QVERIFY(selectAccount(client.id));
    AccountsView *view = m_window->accountsView();
    const auto balance = [&] { return m_api->get(QStringLiteral("/api/client/balance"), client.token).json.value(QStringLiteral("balance")).toDouble(-1); };

    view->creditSelected();
    QPointer<CreditDialog> dialog = view->findChild<CreditDialog *>();
    QVERIFY(dialog);
    dialog->amountField()->setText(QStringLiteral("12.505"));
    click(dialog->buttons());
    QVERIFY(!dialog->errors().fieldText(QStringLiteral("amount")).isEmpty());
    QVERIFY(!dialog->isConfirming());

    dialog->amountField()->setText(QStringLiteral("12.5"));
    click(dialog->buttons());
    QVERIFY(dialog->isConfirming());
    QVERIFY(dialog->confirmation()->text().contains(QStringLiteral("12.50")));
    QVERIFY(dialog->confirmation()->text().contains(QStringLiteral("NGN")));
    QVERIFY(dialog->confirmation()->text().contains(client.email));
    QTest::qWait(200);
    QCOMPARE(balance(), 0.0); // nothing moves before the confirmation

    click(dialog->buttons());
    QTRY_VERIFY(!dialog);
    QCOMPARE(balance(), 12.5);
    QCOMPARE(view->list()->table()->item(view->list()->rowOf(client.id), 5)->text(), QStringLiteral("12.50 NGN"));
    // One ledger entry: credited once.
    const ApiReply history = m_api->get(QStringLiteral("/api/client/wallet/transactions"), client.token);
    QCOMPARE(history.list().size(), 1);
}

void ConsoleFlowsTest::suspendsAndReactivatesAnAccount()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    QVERIFY(selectAccount(client.id));
    AccountsView *view = m_window->accountsView();
    view->setSelectedSuspended(true);
    QTRY_COMPARE(m_api->get(QStringLiteral("/api/admin/users/%1").arg(client.id), m_adminToken).data().value(QStringLiteral("status")).toString(),
                 QStringLiteral("suspended"));
    QCOMPARE(m_api->get(QStringLiteral("/api/auth/me"), client.token).status, 403);
    QTRY_COMPARE(view->list()->table()->item(view->list()->rowOf(client.id), 4)->text(), QStringLiteral("Suspended"));

    view->setSelectedSuspended(false);
    QTRY_COMPARE(m_api->get(QStringLiteral("/api/auth/me"), client.token).status, 200);
}

void ConsoleFlowsTest::theAuditViewShowsWhatAnAdminDid()
{
    // An admin action taken in the console, then read back in the Audit view.
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    QVERIFY(selectAccount(client.id));
    m_window->accountsView()->setSelectedSuspended(true);
    QTRY_COMPARE(m_api->get(QStringLiteral("/api/auth/me"), client.token).status, 403);
    m_window->accountsView()->setSelectedSuspended(false);
    QTRY_COMPARE(m_api->get(QStringLiteral("/api/auth/me"), client.token).status, 200);

    AuditView *view = m_window->auditView();
    m_window->tabs()->setCurrentWidget(view);
    view->refresh();
    QTRY_VERIFY(view->list()->table()->rowCount() >= 3);
    QTableWidget *table = view->list()->table();
    // Newest first: the reactivation, then the suspension, both of this account, by the admin.
    QCOMPARE(table->item(0, 3)->text(), QStringLiteral("user.reactivate"));
    QCOMPARE(table->item(1, 3)->text(), QStringLiteral("user.suspend"));
    QCOMPARE(table->item(1, 4)->text(), QStringLiteral("user %1").arg(client.id));
    QVERIFY(table->item(1, 2)->text().startsWith(QLatin1String(ApplianceProcess::AdminEmail)));
    QCOMPARE(table->item(1, 6)->text(), QStringLiteral("127.0.0.1"));

    // Filtered by action: only suspensions.
    view->actionFilter()->setCurrentIndex(view->actionFilter()->findData(QStringLiteral("user.suspend")));
    QTRY_VERIFY(view->list()->table()->rowCount() >= 1 && view->list()->table()->item(0, 3)->text() == QStringLiteral("user.suspend"));
    for (int row = 0; row < view->list()->table()->rowCount(); ++row)
        QCOMPARE(view->list()->table()->item(row, 3)->text(), QStringLiteral("user.suspend"));

    // Paged on demand: one page, then the next when asked.
    view->actionFilter()->setCurrentIndex(0);
    m_window->session()->api().setPageSize(2);
    view->refresh();
    QTRY_COMPARE(view->list()->table()->rowCount(), 2);
    QTest::qWait(100);
    QCOMPARE(view->list()->table()->rowCount(), 2);
    Q_EMIT view->list()->pageWanted(2);
    QTRY_COMPARE(view->list()->table()->rowCount(), 4);
    m_window->session()->api().setPageSize(50);
    view->refresh();
    QTRY_VERIFY(view->list()->table()->rowCount() > 4);
}

void ConsoleFlowsTest::accountFormShowsTheAppliancesFieldErrors()
{
    AccountsView *view = m_window->accountsView();
    view->newAccount();
    QPointer<AccountDialog> dialog = view->findChild<AccountDialog *>();
    QVERIFY(dialog);
    dialog->nameField()->setText(QStringLiteral("New Client Ltd"));
    dialog->emailField()->setText(QStringLiteral("not-an-email"));
    dialog->passwordField()->setText(QStringLiteral("short"));
    click(dialog->buttons());
    QTRY_VERIFY(!dialog->errors().fieldText(QStringLiteral("email")).isEmpty());
    QVERIFY(!dialog->errors().fieldText(QStringLiteral("password")).isEmpty());
    QVERIFY(!dialog->errors().bannerText().isEmpty());

    dialog->emailField()->setText(QStringLiteral("newclient@example.com"));
    dialog->passwordField()->setText(QStringLiteral("long-enough-password"));
    click(dialog->buttons());
    QTRY_VERIFY(!dialog);
    const ApiReply found = m_api->get(QStringLiteral("/api/admin/users?q=newclient@example.com"), m_adminToken);
    QCOMPARE(found.list().size(), 1);
    const qint64 id = found.list().first().toObject().value(QStringLiteral("id")).toInteger();
    QVERIFY(view->select(id));

    // The rate limit, through the edit form.
    view->editSelected();
    dialog = view->findChild<AccountDialog *>();
    QVERIFY(dialog);
    dialog->rateLimitField()->setValue(42);
    click(dialog->buttons());
    QTRY_VERIFY(!dialog);
    QCOMPARE(m_api->get(QStringLiteral("/api/admin/users/%1").arg(id), m_adminToken).data().value(QStringLiteral("rate_limit_per_minute")).toInt(), 42);
}

void ConsoleFlowsTest::grantsSmppAccess()
{
    const ApiClient::Account client = m_api->createClient(m_adminToken);
    const auto generate = [&] { return m_api->post(QStringLiteral("/api/client/credentials/smpp/generate"), {}, client.token).status; };
    QCOMPARE(generate(), 403);
    QVERIFY(selectAccount(client.id));
    AccountsView *view = m_window->accountsView();
    view->smppAccessSelected();
    QPointer<SmppAccessDialog> dialog = view->findChild<SmppAccessDialog *>();
    QVERIFY(dialog);
    dialog->approvedBox()->setChecked(true);
    dialog->rateField()->setValue(50);
    click(dialog->buttons());
    QTRY_VERIFY(!dialog);
    QCOMPARE(generate(), 201);
    QCOMPARE(view->list()->table()->item(view->list()->rowOf(client.id), 7)->text(), QStringLiteral("Approved"));
    // Opened again, the dialog shows what is set.
    view->smppAccessSelected();
    dialog = view->findChild<SmppAccessDialog *>();
    QVERIFY(dialog->approvedBox()->isChecked());
    QCOMPARE(dialog->rateField()->value(), 50);
    QCOMPARE(m_api->get(QStringLiteral("/api/admin/users/%1").arg(client.id), m_adminToken).data().value(QStringLiteral("smpp_submit_per_second")).toInt(), 50);
    // Back to the appliance's default rate.
    dialog->rateField()->setValue(0);
    click(dialog->buttons());
    QTRY_VERIFY(!dialog);
    QVERIFY(m_api->get(QStringLiteral("/api/admin/users/%1").arg(client.id), m_adminToken).data().value(QStringLiteral("smpp_submit_per_second")).isNull());
}

void ConsoleFlowsTest::messagesAreFilteredAndShownInFull()
{
    const ApiClient::Account client = m_api->readyClient(m_adminToken, QStringLiteral("50.00"), QStringLiteral("ShowMe"));
    for (const QString &recipient : {QStringLiteral("+2348035550001"), QStringLiteral("+2348035550002")})
        QCOMPARE(m_api->post(QStringLiteral("/api/client/sms/send"),
                             {{QStringLiteral("recipient"), recipient},
                              {QStringLiteral("sender_id"), QStringLiteral("ShowMe")},
                              {QStringLiteral("message"), QStringLiteral("Your code is 4711")}},
                             client.token)
                     .status,
                 201);
    MessagesView *view = m_window->messagesView();
    m_window->tabs()->setCurrentWidget(view);
    view->accountField()->setText(QString::number(client.id));
    view->recipientField()->setText(QStringLiteral("08035550002"));
    view->refresh();
    QTRY_COMPARE(view->list()->table()->rowCount(), 1);
    view->list()->table()->selectRow(0);
    QVERIFY(view->detail()->toPlainText().contains(QStringLiteral("Your code is 4711")));
    QVERIFY(view->detail()->toPlainText().contains(QStringLiteral("+2348035550002")));

    // A bad filter shows the appliance's message and its field.
    view->recipientField()->clear();
    view->dateFromField()->setText(QStringLiteral("yesterday"));
    view->refresh();
    QTRY_VERIFY(view->banner()->text().contains(QStringLiteral("date_from")));
    view->dateFromField()->clear();
    view->accountField()->clear();
    view->refresh();
    QTRY_VERIFY(view->list()->table()->rowCount() >= 2);
}

void ConsoleFlowsTest::paymentsAndDashboardShowTheirFigures()
{
    PaymentsView *payments = m_window->paymentsView();
    QSignalSpy paymentsLoaded(payments, &PaymentsView::updated);
    payments->refresh();
    QTRY_COMPARE(paymentsLoaded.count(), 1);

    DashboardView *dashboard = m_window->dashboardView();
    QSignalSpy loaded(dashboard, &DashboardView::updated);
    dashboard->refresh();
    QTRY_COMPARE(loaded.count(), 1);
    const QJsonObject figures = m_api->get(QStringLiteral("/api/admin/dashboard"), m_adminToken).data();
    QCOMPARE(dashboard->figure(QStringLiteral("total"))->text(),
             QLocale().toString(figures.value(QStringLiteral("messages_today")).toObject().value(QStringLiteral("total")).toInteger()));
    QVERIFY(dashboard->figure(QStringLiteral("wallets"))->text().contains(QStringLiteral("NGN")));
    QCOMPARE(dashboard->figure(QStringLiteral("pending_sender_ids"))->text(),
             QLocale().toString(figures.value(QStringLiteral("pending_sender_ids")).toInteger()));
    // Each gateway's state as GET /api/admin/gateways reports it (the simulator is up).
    const QJsonArray gateways = m_api->get(QStringLiteral("/api/admin/gateways"), m_adminToken).list();
    QVERIFY(!gateways.isEmpty());
    QCOMPARE(gateways.at(0).toObject().value(QStringLiteral("state")).toString(), QStringLiteral("up"));
    const QString simulator = gateways.at(0).toObject().value(QStringLiteral("name")).toString();
    QTRY_VERIFY(dashboard->figure(QStringLiteral("gateways"))->text().contains(simulator + QStringLiteral(": Up")));
}

void ConsoleFlowsTest::cancelsACampaignOnlyAfterTheConfirmation()
{
    // A client's campaign of 3 recipients scheduled an hour ahead: charged, queued, cancellable.
    const ApiClient::Account client = m_api->readyClient(m_adminToken, QStringLiteral("100"));
    const QJsonObject body{{QStringLiteral("name"), QStringLiteral("Weekend sale")},
                           {QStringLiteral("sender_id"), QStringLiteral("Ogene")},
                           {QStringLiteral("message_text"), QStringLiteral("Everything half price")},
                           {QStringLiteral("recipient_type"), QStringLiteral("manual")},
                           {QStringLiteral("phone_numbers"),
                            QJsonArray{QStringLiteral("+2348031110001"), QStringLiteral("+2348031110002"), QStringLiteral("+2348031110003")}},
                           {QStringLiteral("scheduled_at"), QDateTime::currentDateTimeUtc().addSecs(3600).toString(Qt::ISODate)}};
    const ApiReply created = m_api->post(QStringLiteral("/api/client/bulk-sms"), body, client.token);
    QVERIFY2(created.status == 201, qPrintable(created.describe()));
    const qint64 id = created.data().value(QStringLiteral("id")).toInteger();
    const auto status = [&] {
        return m_api->get(QStringLiteral("/api/client/bulk-sms/%1").arg(id), client.token).data().value(QStringLiteral("status")).toString();
    };
    const qint64 charged = m_api->balance(client.token);
    QVERIFY(charged < 10000);

    CampaignsView *view = m_window->campaignsView();
    m_window->tabs()->setCurrentWidget(view);
    view->refresh();
    QTRY_VERIFY(view->select(id));
    QCOMPARE(view->list()->table()->item(view->list()->rowOf(id), 1)->text(), QString::number(client.id));
    QProgressBar *progress = view->progressOf(id);
    QVERIFY(progress);
    QCOMPARE(progress->maximum(), 3);
    QCOMPARE(progress->value(), 0);
    QVERIFY(view->cancelButton()->isEnabled());

    // "No" leaves it running.
    view->cancelSelected();
    QPointer<QMessageBox> question = view->confirmation();
    QVERIFY(question);
    QVERIFY(question->text().contains(QStringLiteral("Weekend sale")));
    QTest::mouseClick(question->button(QMessageBox::No), Qt::LeftButton);
    QTRY_VERIFY(!question);
    QTest::qWait(200);
    QCOMPARE(status(), QStringLiteral("queued"));

    // "Yes" cancels it; the account sees it cancelled and its money back.
    view->cancelSelected();
    question = view->confirmation();
    QVERIFY(question);
    QTest::mouseClick(question->button(QMessageBox::Yes), Qt::LeftButton);
    QTRY_COMPARE(status(), QStringLiteral("cancelled"));
    QTRY_COMPARE(m_api->balance(client.token), qint64(10000));
    QTRY_COMPARE(view->list()->table()->item(view->list()->rowOf(id), 4)->text(), QStringLiteral("Cancelled"));
    QVERIFY(!view->cancelButton()->isEnabled());

    // The status filter asks the appliance, not the rows already shown.
    QSignalSpy arrived(view->list(), &PagedTable::pageArrived);
    view->statusFilter()->setCurrentIndex(view->statusFilter()->findData(QStringLiteral("queued")));
    QTRY_VERIFY(arrived.count() > 0);
    QCOMPARE(view->list()->rowOf(id), -1);
    view->statusFilter()->setCurrentIndex(0);
}

void ConsoleFlowsTest::editsTheRouteTableAndShowsTheGateways()
{
    RoutesView *view = m_window->routesView();
    m_window->tabs()->setCurrentWidget(view);
    QSignalSpy loaded(view, &RoutesView::updated);
    view->refresh();
    QTRY_VERIFY(loaded.count() > 0);
    const auto routes = [&] { return m_api->get(QStringLiteral("/api/admin/routes"), m_adminToken).data(); };
    QStringList inForce;
    for (const QJsonValue &name : routes().value(QStringLiteral("default")).toArray())
        inForce.append(name.toString());
    QCOMPARE(view->defaultField()->text(), inForce.join(QStringLiteral(", ")));
    QTRY_VERIFY(view->gatewayTable()->rowCount() > 0);
    QCOMPARE(view->gatewayTable()->item(0, 0)->text(), QStringLiteral("simulator"));
    QCOMPARE(view->gatewayTable()->item(0, 2)->text(), QStringLiteral("Up"));

    // A default and a prefix route typed into the table are in force once saved.
    view->defaultField()->setText(QStringLiteral("simulator"));
    view->addRoute();
    const int row = view->routeTable()->rowCount() - 1;
    view->routeTable()->item(row, 0)->setText(QStringLiteral("+234809"));
    view->routeTable()->item(row, 1)->setText(QStringLiteral("simulator"));
    view->save();
    QTRY_COMPARE(routes().value(QStringLiteral("routes")).toArray().size(), 1);
    const QJsonObject route = routes().value(QStringLiteral("routes")).toArray().at(0).toObject();
    QCOMPARE(route.value(QStringLiteral("prefix")).toString(), QStringLiteral("+234809"));
    QCOMPARE(route.value(QStringLiteral("gateways")).toArray(), QJsonArray{QStringLiteral("simulator")});

    // An unknown gateway is the appliance's field error beside the field; nothing changes.
    view->defaultField()->setText(QStringLiteral("nowhere"));
    view->save();
    QTRY_VERIFY(!view->errors().fieldText(QStringLiteral("default")).isEmpty());
    QVERIFY(view->errors().fieldText(QStringLiteral("default")).contains(QStringLiteral("nowhere")));
    QCOMPARE(routes().value(QStringLiteral("default")).toArray(), QJsonArray{QStringLiteral("simulator")});

    // Removing the route and saving takes it out of force again.
    view->refresh();
    QTRY_COMPARE(view->defaultField()->text(), QStringLiteral("simulator"));
    QTRY_COMPARE(view->routeTable()->rowCount(), 1);
    view->routeTable()->setCurrentCell(0, 0);
    view->removeSelectedRoute();
    view->save();
    QTRY_COMPARE(routes().value(QStringLiteral("routes")).toArray().size(), 0);
}

void ConsoleFlowsTest::listsLoadTheNextPageOnDemand()
{
    m_window->session()->api().setPageSize(2);
    AccountsView *view = m_window->accountsView();
    m_window->tabs()->setCurrentWidget(view);
    view->searchField()->clear();
    view->refresh();
    QTRY_COMPARE(view->list()->table()->rowCount(), 2);
    QTest::qWait(100);
    QCOMPARE(view->list()->table()->rowCount(), 2); // no more until asked
    Q_EMIT view->list()->pageWanted(2);
    QTRY_COMPARE(view->list()->table()->rowCount(), 4);
    m_window->session()->api().setPageSize(50);
}

void ConsoleFlowsTest::shortcutsRefreshAndSearch()
{
    QApplication::setActiveWindow(m_window.get());
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    AccountsView *view = m_window->accountsView();
    m_window->tabs()->setCurrentWidget(view);
    QSignalSpy reloaded(view, &AccountsView::updated);
    QTest::keyClick(m_window.get(), Qt::Key_F5);
    QTRY_VERIFY(reloaded.count() >= 1);
    m_window->tabs()->setFocus();
    QTest::keyClick(m_window.get(), Qt::Key_F, Qt::ControlModifier);
    QTRY_VERIFY(view->searchField()->hasFocus());
}

void ConsoleFlowsTest::requestsShowTheBusyIndicator()
{
    QSignalSpy busy(&m_window->session()->rest(), &RestClient::busyChanged);
    m_window->senderIdsView()->refresh();
    QVERIFY(m_window->busyIndicator()->isVisible());
    QTRY_VERIFY(!m_window->busyIndicator()->isVisible());
    QVERIFY(busy.count() >= 2);
}

void ConsoleFlowsTest::screenshotsOfEveryView()
{
    const QList<QPair<QWidget *, QString>> views = {{m_window->dashboardView(), QStringLiteral("dashboard")},
                                                   {m_window->accountsView(), QStringLiteral("accounts")},
                                                   {m_window->senderIdsView(), QStringLiteral("senderids")},
                                                   {m_window->messagesView(), QStringLiteral("messages")},
                                                   {m_window->paymentsView(), QStringLiteral("payments")},
                                                   {m_window->campaignsView(), QStringLiteral("campaigns")},
                                                   {m_window->routesView(), QStringLiteral("routes")},
                                                   {m_window->auditView(), QStringLiteral("audit")}};
    m_window->senderIdsView()->statusFilter()->setCurrentIndex(3); // every request, whatever its state
    for (const auto &[view, name] : views) {
        m_window->tabs()->setCurrentWidget(view);
        m_window->refreshCurrent();
        QTRY_VERIFY(!m_window->busyIndicator()->isVisible());
        if (view == m_window->messagesView())
            m_window->messagesView()->list()->table()->selectRow(0); // with its detail pane filled
        QTest::qWait(50);
        QVERIFY2(ConsoleTestEnvironment::saveScreenshot(m_window.get(), name), qPrintable(name));
    }
}

void ConsoleFlowsTest::signOutRevokesTheTokenAndRemembersTheLayout()
{
    m_window->resize(1234, 777);
    m_window->tabs()->setCurrentIndex(3);
    const QString token = m_window->session()->rest().token();
    m_window->session()->signOut();
    QTRY_VERIFY(m_window->signInView()->isVisible());
    QCOMPARE(m_window->tabs()->count(), 0);
    QTRY_COMPARE(m_api->get(QStringLiteral("/api/auth/me"), token).status, 401);
    QVERIFY(ConsoleTestEnvironment::saveScreenshot(m_window.get(), QStringLiteral("signin")));
    m_window.reset();

    // The next window opens at the same size, not signed in (nothing was remembered), on the same tab.
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QCOMPARE(m_window->size(), QSize(1234, 777));
    QTest::qWait(100);
    QVERIFY(!m_window->session()->isSignedIn());
    QCOMPARE(m_window->signInView()->emailField()->text(), QLatin1String(ApplianceProcess::AdminEmail));
    ConsoleTestEnvironment::fillSignIn(*m_window, m_window->signInView()->serverField()->text(),
                                       m_window->signInView()->emailField()->text(), QLatin1String(ApplianceProcess::AdminPassword), false);
    QTRY_VERIFY(m_window->session()->isSignedIn());
    QCOMPARE(m_window->tabs()->currentIndex(), 3);
}

QTEST_MAIN(ConsoleFlowsTest)
#include "tst_consoleflows.moc"
