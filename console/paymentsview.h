#pragma once

#include "consoleview.h"
#include "pagedtable.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>

namespace ogene {

// Wallet funding payments across accounts, newest first; "mismatch" lists those waiting for an
// operator.
class PaymentsView : public ConsoleView
{
    Q_OBJECT
public:
    explicit PaymentsView(ConsoleSession *session, QWidget *parent = nullptr);

    QString title() const override { return tr("Payments"); }
    void refresh() override;
    void focusSearch() override { m_account->setFocus(); }

    PagedTable *list() const { return m_list; }
    QComboBox *statusFilter() const { return m_status; }

Q_SIGNALS:
    void updated();

private:
    void load(qint64 page);

    PagedTable *m_list;
    QComboBox *m_status;
    QLineEdit *m_account;
};

} // namespace ogene
