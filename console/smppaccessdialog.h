#pragma once

#include "apidialog.h"

#include <ogene/accountrecord.h>
#include <ogene/adminclient.h>

#include <QCheckBox>
#include <QSpinBox>

namespace ogene {

// Grants or withdraws an account's SMPP access and sets its submit_sm rate per connection.
class SmppAccessDialog : public ApiDialog
{
    Q_OBJECT
public:
    SmppAccessDialog(ConsoleSession *session, const AccountRecord &account, QWidget *parent);

    QCheckBox *approvedBox() const { return m_approved; }
    QSpinBox *rateField() const { return m_rate; }

Q_SIGNALS:
    void changed(const ogene::AdminClient::SmppAccess &access);

protected:
    void submit() override;

private:
    AccountRecord m_account;
    QCheckBox *m_approved;
    QSpinBox *m_rate;
};

} // namespace ogene
