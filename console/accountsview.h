#pragma once

#include "consoleview.h"
#include "pagedtable.h"

#include <ogene/accountrecord.h>

#include <QHash>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace ogene {

// Accounts: search, create, edit (with the rate limit), suspend and reactivate, credit a wallet,
// and SMPP access.
class AccountsView : public ConsoleView
{
    Q_OBJECT
public:
    explicit AccountsView(ConsoleSession *session, QWidget *parent = nullptr);

    QString title() const override { return tr("Accounts"); }
    void refresh() override;
    void focusSearch() override;

    PagedTable *list() const { return m_list; }
    QLineEdit *searchField() const { return m_search; }
    QLabel *banner() const { return m_list->banner(); }
    // Selects the row of this account; false when it is not loaded.
    bool select(qint64 id);

    // The actions on the selected account; the dialogs open without blocking and stay reachable
    // as children of this view.
    void newAccount();
    void editSelected();
    void setSelectedSuspended(bool suspended);
    void creditSelected();
    void smppAccessSelected();

Q_SIGNALS:
    // The list or a change to it has arrived.
    void updated();

private:
    void load(qint64 page);
    void showAccount(const AccountRecord &account);
    void updateButtons();
    QStringList cells(const AccountRecord &account) const;
    std::optional<AccountRecord> selected() const;

    PagedTable *m_list;
    QLineEdit *m_search;
    QPushButton *m_edit;
    QPushButton *m_suspend;
    QPushButton *m_reactivate;
    QPushButton *m_credit;
    QPushButton *m_smpp;
    QHash<qint64, AccountRecord> m_accounts;
};

} // namespace ogene
