#include "accountsview.h"

#include "accountdialog.h"
#include "consolesession.h"
#include "creditdialog.h"
#include "smppaccessdialog.h"

#include <ogene/money.h>

#include <QHBoxLayout>
#include <QTimer>
#include <QVBoxLayout>

namespace ogene {

AccountsView::AccountsView(ConsoleSession *session, QWidget *parent)
    : ConsoleView(session, parent)
    , m_list(new PagedTable({tr("ID"), tr("Name"), tr("Email"), tr("Role"), tr("Status"), tr("Balance"), tr("Rate limit"), tr("SMPP")}, this))
    , m_search(new QLineEdit(this))
    , m_edit(new QPushButton(tr("Edit…"), this))
    , m_suspend(new QPushButton(tr("Suspend"), this))
    , m_reactivate(new QPushButton(tr("Reactivate"), this))
    , m_credit(new QPushButton(tr("Credit wallet…"), this))
    , m_smpp(new QPushButton(tr("SMPP access…"), this))
{
    m_search->setPlaceholderText(tr("Search by name or email (Ctrl+F)"));
    m_search->setMaxLength(100);
    m_search->setClearButtonEnabled(true);
    auto *create = new QPushButton(tr("New account…"), this);
    auto *rateLimit = new QPushButton(tr("Rate limit…"), this);
    m_edit->setProperty("needsSelection", true);
    rateLimit->setProperty("needsSelection", true);

    auto *actions = new QHBoxLayout;
    for (QPushButton *button : {create, m_edit, rateLimit, m_suspend, m_reactivate, m_credit, m_smpp})
        actions->addWidget(button);
    actions->addStretch();
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_search);
    layout->addLayout(actions);
    layout->addWidget(m_list, 1);

    // A pause after typing before searching, so each key press does not cost a request.
    auto *searchDelay = new QTimer(this);
    searchDelay->setSingleShot(true);
    searchDelay->setInterval(300);
    connect(m_search, &QLineEdit::textChanged, searchDelay, qOverload<>(&QTimer::start));
    connect(searchDelay, &QTimer::timeout, this, &AccountsView::refresh);
    connect(m_search, &QLineEdit::returnPressed, this, &AccountsView::refresh);
    connect(m_list, &PagedTable::pageWanted, this, &AccountsView::load);
    connect(m_list, &PagedTable::selectionChanged, this, &AccountsView::updateButtons);
    connect(m_list, &PagedTable::pageArrived, this, [this] {
        updateButtons();
        Q_EMIT updated();
    });
    connect(create, &QPushButton::clicked, this, &AccountsView::newAccount);
    connect(m_edit, &QPushButton::clicked, this, &AccountsView::editSelected);
    connect(rateLimit, &QPushButton::clicked, this, [this] {
        editSelected();
        if (auto *dialog = findChild<AccountDialog *>())
            dialog->rateLimitField()->setFocus();
    });
    connect(m_suspend, &QPushButton::clicked, this, [this] { setSelectedSuspended(true); });
    connect(m_reactivate, &QPushButton::clicked, this, [this] { setSelectedSuspended(false); });
    connect(m_credit, &QPushButton::clicked, this, &AccountsView::creditSelected);
    connect(m_smpp, &QPushButton::clicked, this, &AccountsView::smppAccessSelected);
    updateButtons();
}

QStringList AccountsView::cells(const AccountRecord &account) const
{
    return {QString::number(account.id),
            account.name,
            account.email,
            account.role == QLatin1String("admin") ? tr("Operator") : tr("Client"),
            account.isSuspended() ? tr("Suspended") : tr("Active"),
            QStringLiteral("%1 %2").arg(Money::format(account.balance), account.currency),
            account.rateLimitPerMinute ? tr("%1 per minute").arg(*account.rateLimitPerMinute) : tr("Default"),
            account.smppAccess ? tr("Approved") : tr("No")};
}

void AccountsView::refresh()
{
    m_list->restart();
    m_accounts.clear();
    load(1);
}

void AccountsView::focusSearch()
{
    m_search->setFocus();
    m_search->selectAll();
}

void AccountsView::load(qint64 page)
{
    session()->api().accounts(m_search->text(), page, this, m_list->pageHandler<AccountRecord>([this](const AccountRecord &account) {
        m_accounts.insert(account.id, account);
        m_list->appendRow(account.id, cells(account));
    }));
}

bool AccountsView::select(qint64 id)
{
    const int row = m_list->rowOf(id);
    if (row < 0)
        return false;
    m_list->table()->selectRow(row);
    return true;
}

std::optional<AccountRecord> AccountsView::selected() const
{
    const qint64 id = m_list->selectedId();
    if (!m_accounts.contains(id))
        return std::nullopt;
    return m_accounts.value(id);
}

void AccountsView::updateButtons()
{
    const std::optional<AccountRecord> account = selected();
    for (QPushButton *button : findChildren<QPushButton *>()) {
        if (button->property("needsSelection").toBool())
            button->setEnabled(account.has_value());
    }
    m_suspend->setEnabled(account && !account->isSuspended() && account->id != session()->user().id);
    m_reactivate->setEnabled(account && account->isSuspended());
    m_credit->setEnabled(account && account->role == QLatin1String("client"));
    m_smpp->setEnabled(account && account->role == QLatin1String("client"));
}

void AccountsView::showAccount(const AccountRecord &account)
{
    m_accounts.insert(account.id, account);
    if (m_list->rowOf(account.id) >= 0)
        m_list->replaceRow(account.id, cells(account));
    else
        m_list->appendRow(account.id, cells(account));
    select(account.id);
    updateButtons();
    Q_EMIT updated();
}

void AccountsView::newAccount()
{
    auto *dialog = new AccountDialog(session(), AccountRecord(), this);
    connect(dialog, &AccountDialog::saved, this, &AccountsView::showAccount);
    dialog->open();
}

void AccountsView::editSelected()
{
    const std::optional<AccountRecord> account = selected();
    if (!account)
        return;
    auto *dialog = new AccountDialog(session(), *account, this);
    connect(dialog, &AccountDialog::saved, this, &AccountsView::showAccount);
    dialog->open();
}

void AccountsView::setSelectedSuspended(bool suspended)
{
    const std::optional<AccountRecord> account = selected();
    if (!account)
        return;
    m_suspend->setEnabled(false);
    m_reactivate->setEnabled(false);
    session()->api().setSuspended(account->id, suspended, this, [this](const ApiResult<AccountRecord> &result) {
        if (!result.ok()) {
            m_list->showFailure(result.failure);
            updateButtons();
            return;
        }
        m_list->banner()->hide();
        showAccount(*result.value);
    });
}

void AccountsView::creditSelected()
{
    const std::optional<AccountRecord> account = selected();
    if (!account)
        return;
    auto *dialog = new CreditDialog(session(), *account, this);
    connect(dialog, &CreditDialog::credited, this, [this, account](const AdminClient::WalletBalance &wallet) {
        AccountRecord credited = *account;
        credited.balance = wallet.balance;
        showAccount(credited);
        Q_EMIT statusMessage(tr("Wallet of %1 credited; balance now %2 %3.")
                                    .arg(account->email, Money::format(wallet.balance), wallet.currency));
    });
    dialog->open();
}

void AccountsView::smppAccessSelected()
{
    const std::optional<AccountRecord> account = selected();
    if (!account)
        return;
    auto *dialog = new SmppAccessDialog(session(), *account, this);
    connect(dialog, &SmppAccessDialog::changed, this, [this, account](const AdminClient::SmppAccess &access) {
        AccountRecord changed = *account;
        changed.smppAccess = access.approved;
        changed.smppSubmitPerSecond = access.submitPerSecond;
        showAccount(changed);
        Q_EMIT statusMessage(access.approved ? tr("SMPP access of %1 approved.").arg(account->email)
                                             : tr("SMPP access of %1 withdrawn.").arg(account->email));
    });
    dialog->open();
}

} // namespace ogene
