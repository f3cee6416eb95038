#include "creditdialog.h"

#include "consolesession.h"

#include <ogene/money.h>

#include <QPushButton>

namespace ogene {

CreditDialog::CreditDialog(ConsoleSession *session, const AccountRecord &account, QWidget *parent)
    : ApiDialog(session, tr("Credit the wallet of %1").arg(account.email), parent)
    , m_account(account)
    , m_amount(new QLineEdit(this))
    , m_description(new QLineEdit(this))
    , m_confirmation(new QLabel(this))
{
    m_amount->setMaxLength(20);
    m_amount->setPlaceholderText(tr("100.00"));
    m_description->setMaxLength(255);
    m_description->setPlaceholderText(tr("Shown in the account's wallet history"));
    m_confirmation->setWordWrap(true);
    m_confirmation->hide();
    addField(tr("Amount (%1)").arg(account.currency), m_amount, QStringLiteral("amount"));
    addField(tr("Description"), m_description, QStringLiteral("description"));
    form()->addRow(m_confirmation);
    buttons()->button(QDialogButtonBox::Ok)->setText(tr("Continue"));
    // Any change after the confirmation was shown asks for it again.
    connect(m_amount, &QLineEdit::textEdited, this, [this] { setConfirming(false); });
}

void CreditDialog::setConfirming(bool confirming)
{
    m_confirming = confirming;
    m_confirmation->setVisible(confirming);
    buttons()->button(QDialogButtonBox::Ok)->setText(confirming ? tr("Credit the wallet") : tr("Continue"));
}

void CreditDialog::submit()
{
    const std::optional<qint64> amount = Money::parse(m_amount->text().trimmed());
    if (!amount || *amount <= 0) {
        ApiFailure invalid;
        invalid.message = tr("Please correct the amount.");
        invalid.fieldErrors.insert(QStringLiteral("amount"), tr("Enter an amount greater than 0 with at most two decimals, such as 100.00."));
        showFailure(invalid);
        waitForInput();
        return;
    }
    if (!m_confirming) {
        m_confirmation->setText(tr("Credit %1 %2 to the wallet of %3 (%4)? Press \"Credit the wallet\" to confirm.")
                                    .arg(Money::format(*amount), m_account.currency, m_account.name, m_account.email));
        setConfirming(true);
        waitForInput();
        return;
    }
    session()->api().creditWallet(m_account.id, Money::format(*amount), m_description->text(), this,
                                  [this](const ApiResult<AdminClient::WalletBalance> &result) {
                                      if (result.ok())
                                          Q_EMIT credited(*result.value);
                                      else
                                          setConfirming(false);
                                      finished(result.ok() ? nullptr : &result.failure);
                                  });
}

} // namespace ogene
