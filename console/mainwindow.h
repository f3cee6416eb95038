#pragma once

#include "consolesession.h"

#include <QLabel>
#include <QMainWindow>
#include <QProgressBar>
#include <QStackedWidget>
#include <QTabWidget>

namespace ogene {

class AccountsView;
class AuditView;
class CampaignsView;
class ConsoleView;
class DashboardView;
class MessagesView;
class PaymentsView;
class RoutesView;
class SenderIdsView;
class SignInView;

// The console's window: the sign-in form until someone is signed in, then one tab per view. It
// shows a busy indicator while any request is under way, keeps its layout between runs, and
// gives Refresh (F5) and Search (Ctrl+F) to the view in front.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    ConsoleSession *session() { return &m_session; }
    SignInView *signInView() const { return m_signIn; }
    QTabWidget *tabs() const { return m_tabs; }
    DashboardView *dashboardView() const { return m_dashboard; }
    AccountsView *accountsView() const { return m_accounts; }
    SenderIdsView *senderIdsView() const { return m_senderIds; }
    MessagesView *messagesView() const { return m_messages; }
    PaymentsView *paymentsView() const { return m_payments; }
    CampaignsView *campaignsView() const { return m_campaigns; }
    RoutesView *routesView() const { return m_routes; }
    AuditView *auditView() const { return m_audit; }
    QProgressBar *busyIndicator() const { return m_busy; }
    QLabel *keychainNotice() const { return m_keychainNotice; }
    ConsoleView *currentView() const;

    void refreshCurrent();
    void searchCurrent();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void buildMenus();
    void openWorkspace();
    void closeWorkspace();
    void saveLayout();
    void showKeychainProblem(const QString &problem);

    ConsoleSession m_session;
    QStackedWidget *m_stack;
    SignInView *m_signIn;
    QWidget *m_workspace;
    QLabel *m_keychainNotice;
    QTabWidget *m_tabs;
    QProgressBar *m_busy;
    QLabel *m_who;
    QAction *m_signOut = nullptr;
    DashboardView *m_dashboard = nullptr;
    AccountsView *m_accounts = nullptr;
    SenderIdsView *m_senderIds = nullptr;
    MessagesView *m_messages = nullptr;
    PaymentsView *m_payments = nullptr;
    CampaignsView *m_campaigns = nullptr;
    RoutesView *m_routes = nullptr;
    AuditView *m_audit = nullptr;
};

} // namespace ogene
