#include "apidialog.h"

#include <QPushButton>
#include <QVBoxLayout>

namespace ogene {

ApiDialog::ApiDialog(ConsoleSession *session, const QString &title, QWidget *parent)
    : QDialog(parent)
    , m_session(session)
    , m_form(new QFormLayout)
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(title);
    setAttribute(Qt::WA_DeleteOnClose);
    auto *banner = FormErrors::makeLabel(this);
    m_errors.setBanner(banner);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(banner);
    layout->addLayout(m_form);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        m_errors.clear();
        m_buttons->setEnabled(false);
        submit();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

void ApiDialog::addField(const QString &label, QWidget *field, const QString &name)
{
    auto *error = FormErrors::makeLabel(this);
    auto *column = new QVBoxLayout;
    column->setSpacing(2);
    column->addWidget(field);
    column->addWidget(error);
    m_form->addRow(label, column);
    m_errors.addField(name, error);
}

void ApiDialog::waitForInput()
{
    m_buttons->setEnabled(true);
}

void ApiDialog::finished(const ApiFailure *failure)
{
    m_buttons->setEnabled(true);
    if (failure)
        m_errors.show(*failure);
    else
        accept();
}

} // namespace ogene
