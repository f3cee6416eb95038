#include "smppaccessdialog.h"

#include "consolesession.h"

namespace ogene {

SmppAccessDialog::SmppAccessDialog(ConsoleSession *session, const AccountRecord &account, QWidget *parent)
    : ApiDialog(session, tr("SMPP access of %1").arg(account.email), parent)
    , m_account(account)
    , m_approved(new QCheckBox(tr("May bind over SMPP"), this))
    , m_rate(new QSpinBox(this))
{
    m_rate->setRange(0, 100000);
    m_rate->setSpecialValueText(tr("Appliance default"));
    m_rate->setSuffix(tr(" submit_sm per second"));
    m_approved->setChecked(account.smppAccess);
    m_rate->setValue(int(account.smppSubmitPerSecond.value_or(0)));
    addField(tr("Access"), m_approved, QStringLiteral("approved"));
    addField(tr("Rate per connection"), m_rate, QStringLiteral("submit_per_second"));
}

void SmppAccessDialog::submit()
{
    AdminClient::SmppAccess access;
    access.approved = m_approved->isChecked();
    if (m_rate->value() > 0)
        access.submitPerSecond = m_rate->value();
    session()->api().setSmppAccess(m_account.id, access, this, [this](const ApiResult<AdminClient::SmppAccess> &result) {
        if (result.ok())
            Q_EMIT changed(*result.value);
        finished(result.ok() ? nullptr : &result.failure);
    });
}

} // namespace ogene
