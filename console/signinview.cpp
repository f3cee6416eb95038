#include "signinview.h"

#include "consolesession.h"

#include <QFormLayout>
#include <QVBoxLayout>

namespace ogene {

SignInView::SignInView(ConsoleSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_server(new QLineEdit(this))
    , m_email(new QLineEdit(this))
    , m_password(new QLineEdit(this))
    , m_remember(new QCheckBox(tr("Remember me on this computer"), this))
    , m_signIn(new QPushButton(tr("Sign in"), this))
{
    m_server->setPlaceholderText(tr("https://sms.example.com:8080"));
    m_server->setMaxLength(255);
    m_email->setMaxLength(255);
    m_password->setMaxLength(255);
    m_password->setEchoMode(QLineEdit::Password);
    m_signIn->setDefault(true);

    auto *title = new QLabel(tr("Sign in to an Ogene appliance"), this);
    QFont big = title->font();
    big.setPointSize(big.pointSize() + 4);
    title->setFont(big);
    auto *banner = FormErrors::makeLabel(this);
    m_errors.setBanner(banner);

    auto *form = new QFormLayout;
    const auto addField = [&](const QString &label, QLineEdit *field, const QString &name) {
        auto *error = FormErrors::makeLabel(this);
        auto *column = new QVBoxLayout;
        column->setSpacing(2);
        column->addWidget(field);
        column->addWidget(error);
        form->addRow(label, column);
        m_errors.addField(name, error);
    };
    addField(tr("Appliance address"), m_server, QStringLiteral("server"));
    addField(tr("Email"), m_email, QStringLiteral("email"));
    addField(tr("Password"), m_password, QStringLiteral("password"));
    form->addRow(QString(), m_remember);

    auto *box = new QWidget(this);
    box->setMaximumWidth(520);
    auto *boxLayout = new QVBoxLayout(box);
    boxLayout->addWidget(title);
    boxLayout->addWidget(banner);
    boxLayout->addLayout(form);
    boxLayout->addWidget(m_signIn, 0, Qt::AlignRight);

    auto *layout = new QVBoxLayout(this);
    layout->addStretch();
    layout->addWidget(box, 0, Qt::AlignHCenter);
    layout->addStretch(2);

    connect(m_signIn, &QPushButton::clicked, this, &SignInView::submit);
    connect(m_password, &QLineEdit::returnPressed, this, &SignInView::submit);
    connect(session, &ConsoleSession::signInFailed, this, [this](const ApiFailure &failure) {
        m_errors.show(failure);
        m_signIn->setEnabled(true);
    });
    connect(session, &ConsoleSession::signedIn, this, [this] {
        m_password->clear();
        m_signIn->setEnabled(true);
        m_errors.clear();
    });
}

void SignInView::prepare()
{
    if (m_server->text().isEmpty())
        m_server->setText(m_session->rememberedServer());
    if (m_email->text().isEmpty())
        m_email->setText(m_session->rememberedEmail());
    m_password->clear();
    (m_email->text().isEmpty() ? m_email : m_password)->setFocus();
}

void SignInView::submit()
{
    if (!m_signIn->isEnabled())
        return;
    m_errors.clear();
    m_signIn->setEnabled(false);
    m_session->signIn(m_server->text(), m_email->text(), m_password->text(), m_remember->isChecked());
}

} // namespace ogene
