#include "accountdialog.h"

#include "consolesession.h"

#include <ogene/currency.h>

namespace ogene {

AccountDialog::AccountDialog(ConsoleSession *session, const AccountRecord &account, QWidget *parent)
    : ApiDialog(session, account.id == 0 ? tr("New account") : tr("Edit account %1").arg(account.email), parent)
    , m_account(account)
    , m_name(new QLineEdit(account.name, this))
    , m_email(new QLineEdit(account.email, this))
    , m_password(new QLineEdit(this))
    , m_currency(new QComboBox(this))
    , m_role(new QComboBox(this))
    , m_rateLimit(new QSpinBox(this))
{
    m_name->setMaxLength(255);
    m_email->setMaxLength(255);
    m_password->setMaxLength(128);
    m_password->setEchoMode(QLineEdit::Password);
    m_currency->addItems(currencyCodes());
    m_role->addItem(tr("Client"), QStringLiteral("client"));
    m_role->addItem(tr("Operator (admin)"), QStringLiteral("admin"));
    m_rateLimit->setRange(0, 100000000);
    m_rateLimit->setSpecialValueText(tr("Appliance default"));
    m_rateLimit->setSuffix(tr(" per minute"));
    m_rateLimit->setValue(int(account.rateLimitPerMinute.value_or(0)));

    addField(tr("Name"), m_name, QStringLiteral("name"));
    addField(tr("Email"), m_email, QStringLiteral("email"));
    if (account.id == 0) {
        m_password->setPlaceholderText(tr("At least 8 characters"));
        addField(tr("Password"), m_password, QStringLiteral("password"));
        addField(tr("Currency"), m_currency, QStringLiteral("currency"));
        addField(tr("Role"), m_role, QStringLiteral("role"));
    } else {
        m_password->setPlaceholderText(tr("Leave empty to keep the password"));
        addField(tr("New password"), m_password, QStringLiteral("password"));
        addField(tr("Rate limit"), m_rateLimit, QStringLiteral("rate_limit_per_minute"));
        m_currency->hide();
        m_role->hide();
    }
}

void AccountDialog::submit()
{
    const auto done = [this](const ApiResult<AccountRecord> &result) {
        if (result.ok())
            Q_EMIT saved(*result.value);
        finished(result.ok() ? nullptr : &result.failure);
    };
    if (m_account.id == 0) {
        AdminClient::NewAccount account{m_name->text().trimmed(), m_email->text().trimmed(), m_password->text(),
                                        m_currency->currentText(), m_role->currentData().toString()};
        session()->api().createAccount(account, this, done);
        return;
    }
    QJsonObject changes{{QStringLiteral("name"), m_name->text().trimmed()}, {QStringLiteral("email"), m_email->text().trimmed()}};
    if (!m_password->text().isEmpty())
        changes.insert(QStringLiteral("password"), m_password->text());
    changes.insert(QStringLiteral("rate_limit_per_minute"),
                   m_rateLimit->value() == 0 ? QJsonValue(QJsonValue::Null) : QJsonValue(m_rateLimit->value()));
    session()->api().updateAccount(m_account.id, changes, this, done);
}

} // namespace ogene
