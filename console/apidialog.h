#pragma once

#include "formerrors.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>

namespace ogene {

class ConsoleSession;

// A dialog whose OK sends one API request: while it is under way the buttons wait; a failure
// stays in the dialog (message on top, field errors beside their fields); success closes it.
// Shown with open(), never exec(), so the window keeps working.
class ApiDialog : public QDialog
{
    Q_OBJECT
public:
    ApiDialog(ConsoleSession *session, const QString &title, QWidget *parent);

    QDialogButtonBox *buttons() const { return m_buttons; }
    const FormErrors &errors() const { return m_errors; }

protected:
    // Adds a labelled field with its error label under it.
    void addField(const QString &label, QWidget *field, const QString &name);
    QFormLayout *form() const { return m_form; }
    ConsoleSession *session() const { return m_session; }
    // Sends the request; call finished() with its outcome.
    virtual void submit() = 0;
    void finished(const ApiFailure *failure);
    // Gives the buttons back without closing: the dialog asks something more first.
    void waitForInput();
    void showFailure(const ApiFailure &failure) { m_errors.show(failure); }

private:
    ConsoleSession *m_session;
    QFormLayout *m_form;
    QDialogButtonBox *m_buttons;
    FormErrors m_errors;
};

} // namespace ogene
