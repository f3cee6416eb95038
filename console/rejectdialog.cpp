#include "rejectdialog.h"

#include "consolesession.h"

namespace ogene {

RejectDialog::RejectDialog(ConsoleSession *session, const SenderIdRecord &senderId, QWidget *parent)
    : ApiDialog(session, tr("Reject sender ID %1").arg(senderId.senderName), parent)
    , m_senderId(senderId)
    , m_reason(new QPlainTextEdit(this))
{
    m_reason->setPlaceholderText(tr("Why the sender ID cannot be approved; the client reads this."));
    m_reason->setTabChangesFocus(true);
    addField(tr("Reason"), m_reason, QStringLiteral("reason"));
}

void RejectDialog::submit()
{
    const QString reason = m_reason->toPlainText().trimmed();
    if (reason.size() > MaxReasonLength) {
        ApiFailure invalid;
        invalid.message = tr("Please shorten the reason.");
        invalid.fieldErrors.insert(QStringLiteral("reason"), tr("At most %1 characters.").arg(MaxReasonLength));
        showFailure(invalid);
        waitForInput();
        return;
    }
    // An empty reason goes to the appliance, whose field error is shown beside the field.
    session()->api().rejectSenderId(m_senderId.id, reason, this, [this](const ApiResult<SenderIdRecord> &result) {
        if (result.ok())
            Q_EMIT rejected(*result.value);
        finished(result.ok() ? nullptr : &result.failure);
    });
}

} // namespace ogene
