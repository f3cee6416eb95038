#pragma once

#include "apidialog.h"

#include <ogene/accountrecord.h>
#include <ogene/adminclient.h>

#include <QLabel>
#include <QLineEdit>

namespace ogene {

// Credits an account's wallet. Money moves only after a second step that repeats the amount, the
// currency and the account, so a slip of the keyboard is caught before it is paid out.
class CreditDialog : public ApiDialog
{
    Q_OBJECT
public:
    CreditDialog(ConsoleSession *session, const AccountRecord &account, QWidget *parent);

    QLineEdit *amountField() const { return m_amount; }
    QLineEdit *descriptionField() const { return m_description; }
    QLabel *confirmation() const { return m_confirmation; }
    bool isConfirming() const { return m_confirming; }

Q_SIGNALS:
    void credited(const ogene::AdminClient::WalletBalance &wallet);

protected:
    void submit() override;

private:
    void setConfirming(bool confirming);

    AccountRecord m_account;
    QLineEdit *m_amount;
    QLineEdit *m_description;
    QLabel *m_confirmation;
    bool m_confirming = false;
};

} // namespace ogene
