#pragma once

#include "apidialog.h"

#include <ogene/senderidrecord.h>

#include <QPlainTextEdit>

namespace ogene {

// Rejects a sender ID request with the reason the client will read.
class RejectDialog : public ApiDialog
{
    Q_OBJECT
public:
    static constexpr int MaxReasonLength = 500;

    RejectDialog(ConsoleSession *session, const SenderIdRecord &senderId, QWidget *parent);

    QPlainTextEdit *reasonField() const { return m_reason; }

Q_SIGNALS:
    void rejected(const ogene::SenderIdRecord &senderId);

protected:
    void submit() override;

private:
    SenderIdRecord m_senderId;
    QPlainTextEdit *m_reason;
};

} // namespace ogene
