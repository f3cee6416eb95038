#include "mainwindow.h"

#include "accountsview.h"
#include "auditview.h"
#include "campaignsview.h"
#include "consolelanguage.h"
#include "dashboardview.h"
#include "messagesview.h"
#include "paymentsview.h"
#include "routesview.h"
#include "senderidsview.h"
#include "signinview.h"

#include <QActionGroup>
#include <QCloseEvent>
#include <QMenuBar>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QVBoxLayout>

namespace ogene {
namespace {

const QString GeometryKey = QStringLiteral("window/geometry");
const QString StateKey = QStringLiteral("window/state");
const QString TabKey = QStringLiteral("window/tab");
const QString SplitterKey = QStringLiteral("window/messagesSplitter");

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_stack(new QStackedWidget(this))
    , m_signIn(new SignInView(&m_session, this))
    , m_workspace(new QWidget(this))
    , m_keychainNotice(new QLabel(this))
    , m_tabs(new QTabWidget(this))
    , m_busy(new QProgressBar(this))
    , m_who(new QLabel(this))
{
    setWindowTitle(tr("Ogene Console"));
    setObjectName(QStringLiteral("ogeneConsole"));

    m_keychainNotice->setWordWrap(true);
    m_keychainNotice->setStyleSheet(QStringLiteral("background: #fff4ce; color: #4a3c00; padding: 6px;"));
    m_keychainNotice->hide();
    auto *workspaceLayout = new QVBoxLayout(m_workspace);
    workspaceLayout->setContentsMargins(0, 0, 0, 0);
    workspaceLayout->addWidget(m_keychainNotice);
    workspaceLayout->addWidget(m_tabs, 1);
    m_stack->addWidget(m_signIn);
    m_stack->addWidget(m_workspace);
    setCentralWidget(m_stack);

    // An indeterminate bar while any request is under way.
    m_busy->setRange(0, 0);
    m_busy->setMaximumWidth(120);
    m_busy->setAccessibleName(tr("Working"));
    m_busy->hide();
    statusBar()->addPermanentWidget(m_who);
    statusBar()->addPermanentWidget(m_busy);
    statusBar()->showMessage(tr("Not signed in."));
    connect(&m_session.rest(), &RestClient::busyChanged, m_busy, &QWidget::setVisible);

    buildMenus();
    connect(&m_session, &ConsoleSession::signedIn, this, &MainWindow::openWorkspace);
    connect(&m_session, &ConsoleSession::signedOut, this, &MainWindow::closeWorkspace);
    connect(&m_session, &ConsoleSession::keychainProblemChanged, this, &MainWindow::showKeychainProblem);
    connect(&m_session, &ConsoleSession::restoreFinished, this, [this](bool signedIn) {
        if (!signedIn)
            m_signIn->prepare();
    });

    resize(1100, 720);
    QSettings settings;
    restoreGeometry(settings.value(GeometryKey).toByteArray());
    restoreState(settings.value(StateKey).toByteArray());
    m_signIn->prepare();
    // After the constructor, so that whoever made the window hears how the restore ends.
    QMetaObject::invokeMethod(&m_session, &ConsoleSession::restore, Qt::QueuedConnection);
}

MainWindow::~MainWindow()
{
    saveLayout();
}

void MainWindow::buildMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    m_signOut = file->addAction(tr("Sign &out"), &m_session, &ConsoleSession::signOut);
    m_signOut->setEnabled(false);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    QAction *refresh = view->addAction(tr("&Refresh"), this, &MainWindow::refreshCurrent);
    refresh->setShortcuts({QKeySequence::Refresh, QKeySequence(Qt::CTRL | Qt::Key_R)});
    QAction *search = view->addAction(tr("&Search"), this, &MainWindow::searchCurrent);
    search->setShortcut(QKeySequence::Find);

    QMenu *language = menuBar()->addMenu(tr("&Settings"))->addMenu(tr("&Language"));
    auto *languages = new QActionGroup(this);
    for (const ConsoleLanguage::Choice &choice : ConsoleLanguage::choices()) {
        QAction *action = language->addAction(choice.name);
        action->setCheckable(true);
        action->setChecked(choice.code == ConsoleLanguage::chosen());
        action->setData(choice.code);
        languages->addAction(action);
    }
    connect(languages, &QActionGroup::triggered, this, [this](QAction *action) {
        ConsoleLanguage::choose(action->data().toString());
        statusBar()->showMessage(tr("The new language applies the next time the console starts."));
    });
}

ConsoleView *MainWindow::currentView() const
{
    return m_stack->currentWidget() == m_workspace ? qobject_cast<ConsoleView *>(m_tabs->currentWidget()) : nullptr;
}

void MainWindow::refreshCurrent()
{
    if (ConsoleView *view = currentView())
        view->refresh();
}

void MainWindow::searchCurrent()
{
    if (ConsoleView *view = currentView())
        view->focusSearch();
}

void MainWindow::openWorkspace()
{
    closeWorkspace();
    m_dashboard = new DashboardView(&m_session, m_tabs);
    m_accounts = new AccountsView(&m_session, m_tabs);
    m_senderIds = new SenderIdsView(&m_session, m_tabs);
    m_messages = new MessagesView(&m_session, m_tabs);
    m_payments = new PaymentsView(&m_session, m_tabs);
    m_campaigns = new CampaignsView(&m_session, m_tabs);
    m_routes = new RoutesView(&m_session, m_tabs);
    m_audit = new AuditView(&m_session, m_tabs);
    for (ConsoleView *view : std::initializer_list<ConsoleView *>{m_dashboard, m_accounts, m_senderIds, m_messages, m_payments,
                                                                  m_campaigns, m_routes, m_audit}) {
        m_tabs->addTab(view, view->title());
        connect(view, &ConsoleView::statusMessage, this, [this](const QString &text) { statusBar()->showMessage(text, 10000); });
        view->refresh();
    }
    QSettings settings;
    m_tabs->setCurrentIndex(settings.value(TabKey, 0).toInt());
    if (auto *splitter = m_messages->findChild<QSplitter *>(QStringLiteral("messagesSplitter")))
        splitter->restoreState(settings.value(SplitterKey).toByteArray());
    m_stack->setCurrentWidget(m_workspace);
    m_signOut->setEnabled(true);
    m_who->setText(tr("%1 at %2").arg(m_session.user().email, m_session.server().toString()));
    statusBar()->showMessage(tr("Signed in."), 5000);
}

void MainWindow::closeWorkspace()
{
    if (m_tabs->count() > 0)
        saveLayout();
    // A signed-out console keeps nothing of what the previous operator saw.
    while (m_tabs->count() > 0) {
        QWidget *view = m_tabs->widget(0);
        m_tabs->removeTab(0);
        delete view;
    }
    m_dashboard = nullptr;
    m_accounts = nullptr;
    m_senderIds = nullptr;
    m_messages = nullptr;
    m_payments = nullptr;
    m_campaigns = nullptr;
    m_routes = nullptr;
    m_audit = nullptr;
    m_keychainNotice->hide();
    m_signOut->setEnabled(false);
    m_who->clear();
    m_stack->setCurrentWidget(m_signIn);
    m_signIn->prepare();
    statusBar()->showMessage(tr("Not signed in."));
}

void MainWindow::showKeychainProblem(const QString &problem)
{
    m_keychainNotice->setText(problem);
    m_keychainNotice->setVisible(!problem.isEmpty());
}

void MainWindow::saveLayout()
{
    QSettings settings;
    settings.setValue(GeometryKey, saveGeometry());
    settings.setValue(StateKey, saveState());
    if (m_tabs->count() > 0)
        settings.setValue(TabKey, m_tabs->currentIndex());
    if (m_messages) {
        if (auto *splitter = m_messages->findChild<QSplitter *>(QStringLiteral("messagesSplitter")))
            settings.setValue(SplitterKey, splitter->saveState());
    }
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveLayout();
    event->accept();
}

} // namespace ogene
