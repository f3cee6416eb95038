#include "senderidsview.h"

#include "consolesession.h"
#include "rejectdialog.h"
#include "statuslabels.h"

#include <QHBoxLayout>
#include <QVBoxLayout>

namespace ogene {

SenderIdsView::SenderIdsView(ConsoleSession *session, QWidget *parent)
    : ConsoleView(session, parent)
    , m_list(new PagedTable({tr("ID"), tr("Account"), tr("Sender ID"), tr("Status"), tr("Requested"), tr("Reason")}, this))
    , m_status(new QComboBox(this))
    , m_approve(new QPushButton(tr("Approve"), this))
    , m_reject(new QPushButton(tr("Reject…"), this))
{
    m_status->addItem(tr("Pending"), QStringLiteral("pending"));
    m_status->addItem(tr("Approved"), QStringLiteral("approved"));
    m_status->addItem(tr("Rejected"), QStringLiteral("rejected"));
    m_status->addItem(tr("All"), QString());

    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Show"), this));
    bar->addWidget(m_status);
    bar->addStretch();
    bar->addWidget(m_approve);
    bar->addWidget(m_reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_list, 1);

    connect(m_status, &QComboBox::currentIndexChanged, this, &SenderIdsView::refresh);
    connect(m_list, &PagedTable::pageWanted, this, &SenderIdsView::load);
    connect(m_list, &PagedTable::selectionChanged, this, &SenderIdsView::updateButtons);
    connect(m_list, &PagedTable::pageArrived, this, [this] {
        updateButtons();
        Q_EMIT updated();
    });
    connect(m_approve, &QPushButton::clicked, this, &SenderIdsView::approveSelected);
    connect(m_reject, &QPushButton::clicked, this, &SenderIdsView::rejectSelected);
    updateButtons();
}

QStringList SenderIdsView::cells(const SenderIdRecord &senderId) const
{
    return {QString::number(senderId.id),
            QString::number(senderId.userId),
            senderId.senderName,
            StatusLabels::senderId(senderId.status),
            QDateTime::fromString(senderId.createdAt, Qt::ISODate).toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")),
            senderId.rejectionReason};
}

void SenderIdsView::refresh()
{
    m_list->restart();
    m_senderIds.clear();
    load(1);
}

void SenderIdsView::load(qint64 page)
{
    session()->api().senderIds(m_status->currentData().toString(), page, this,
                               m_list->pageHandler<SenderIdRecord>([this](const SenderIdRecord &senderId) {
                                   m_senderIds.insert(senderId.id, senderId);
                                   m_list->appendRow(senderId.id, cells(senderId));
                               }));
}

bool SenderIdsView::select(qint64 id)
{
    const int row = m_list->rowOf(id);
    if (row >= 0)
        m_list->table()->selectRow(row);
    return row >= 0;
}

void SenderIdsView::updateButtons()
{
    const SenderIdRecord senderId = m_senderIds.value(m_list->selectedId());
    m_approve->setEnabled(senderId.id != 0 && senderId.status != QLatin1String("approved"));
    m_reject->setEnabled(senderId.id != 0 && senderId.status != QLatin1String("rejected"));
}

void SenderIdsView::showSenderId(const SenderIdRecord &senderId)
{
    m_senderIds.insert(senderId.id, senderId);
    m_list->replaceRow(senderId.id, cells(senderId));
    updateButtons();
    Q_EMIT updated();
}

void SenderIdsView::approveSelected()
{
    const SenderIdRecord senderId = m_senderIds.value(m_list->selectedId());
    if (senderId.id == 0)
        return;
    m_approve->setEnabled(false);
    session()->api().approveSenderId(senderId.id, this, [this](const ApiResult<SenderIdRecord> &result) {
        if (!result.ok()) {
            m_list->showFailure(result.failure);
            updateButtons();
            return;
        }
        m_list->banner()->hide();
        showSenderId(*result.value);
        Q_EMIT statusMessage(tr("Sender ID %1 approved.").arg(result.value->senderName));
    });
}

void SenderIdsView::rejectSelected()
{
    const SenderIdRecord senderId = m_senderIds.value(m_list->selectedId());
    if (senderId.id == 0)
        return;
    auto *dialog = new RejectDialog(session(), senderId, this);
    connect(dialog, &RejectDialog::rejected, this, [this](const SenderIdRecord &record) {
        showSenderId(record);
        Q_EMIT statusMessage(tr("Sender ID %1 rejected.").arg(record.senderName));
    });
    dialog->open();
}

} // namespace ogene
