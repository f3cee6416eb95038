#include "formerrors.h"

namespace ogene {

QLabel *FormErrors::makeLabel(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setObjectName(QStringLiteral("errorLabel"));
    label->setStyleSheet(QStringLiteral("color: #b00020;"));
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->hide();
    return label;
}

void FormErrors::show(const ApiFailure &failure)
{
    clear();
    QString banner = failure.message;
    for (auto it = failure.fieldErrors.begin(); it != failure.fieldErrors.end(); ++it) {
        QLabel *label = m_fields.value(it.key());
        if (label) {
            label->setText(it.value());
            label->show();
        } else {
            banner += QStringLiteral("\n• %1: %2").arg(it.key(), it.value());
        }
    }
    if (m_banner) {
        m_banner->setText(banner);
        m_banner->show();
    }
}

void FormErrors::clear()
{
    for (const QPointer<QLabel> &label : std::as_const(m_fields)) {
        if (label) {
            label->clear();
            label->hide();
        }
    }
    if (m_banner) {
        m_banner->clear();
        m_banner->hide();
    }
}

QString FormErrors::fieldText(const QString &field) const
{
    const QPointer<QLabel> label = m_fields.value(field);
    return label ? label->text() : QString();
}

} // namespace ogene
