#pragma once

#include "apidialog.h"

#include <ogene/accountrecord.h>

#include <QComboBox>
#include <QLineEdit>
#include <QSpinBox>

namespace ogene {

// Creates an account, or edits one: name, email, a new password, and the rate limit (0 keeps the
// appliance's default). Currency and role are chosen once, at creation.
class AccountDialog : public ApiDialog
{
    Q_OBJECT
public:
    // An account with id 0 is a new one.
    AccountDialog(ConsoleSession *session, const AccountRecord &account, QWidget *parent);

    QLineEdit *nameField() const { return m_name; }
    QLineEdit *emailField() const { return m_email; }
    QLineEdit *passwordField() const { return m_password; }
    QComboBox *currencyField() const { return m_currency; }
    QSpinBox *rateLimitField() const { return m_rateLimit; }

Q_SIGNALS:
    void saved(const ogene::AccountRecord &account);

protected:
    void submit() override;

private:
    AccountRecord m_account;
    QLineEdit *m_name;
    QLineEdit *m_email;
    QLineEdit *m_password;
    QComboBox *m_currency;
    QComboBox *m_role;
    QSpinBox *m_rateLimit;
};

} // namespace ogene
