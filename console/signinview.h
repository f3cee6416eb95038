#pragma once

#include "formerrors.h"

#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QWidget>

namespace ogene {

class ConsoleSession;

// The sign-in form: the appliance's address, email, password and "remember me". Errors from the
// appliance (or the network, TLS included) show in plain words above the form and beside fields.
class SignInView : public QWidget
{
    Q_OBJECT
public:
    explicit SignInView(ConsoleSession *session, QWidget *parent = nullptr);

    QLineEdit *serverField() const { return m_server; }
    QLineEdit *emailField() const { return m_email; }
    QLineEdit *passwordField() const { return m_password; }
    QCheckBox *rememberBox() const { return m_remember; }
    QPushButton *signInButton() const { return m_signIn; }
    const FormErrors &errors() const { return m_errors; }

    // Fills the form with the last address and email, and empties the password.
    void prepare();

private:
    void submit();

    ConsoleSession *m_session;
    QLineEdit *m_server;
    QLineEdit *m_email;
    QLineEdit *m_password;
    QCheckBox *m_remember;
    QPushButton *m_signIn;
    FormErrors m_errors;
};

} // namespace ogene
