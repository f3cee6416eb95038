#include "campaignsview.h"

#include "consolesession.h"
#include "statuslabels.h"

#include <ogene/money.h>

#include <QHBoxLayout>
#include <QIntValidator>
#include <QLabel>
#include <QVBoxLayout>

namespace ogene {

CampaignsView::CampaignsView(ConsoleSession *session, QWidget *parent)
    : ConsoleView(session, parent)
    , m_list(new PagedTable({tr("ID"), tr("Account"), tr("Name"), tr("Sender ID"), tr("Status"), tr("Progress"), tr("Delivered"),
                             tr("Failed"), tr("Cost"), tr("Created")},
                            this))
    , m_status(new QComboBox(this))
    , m_account(new QLineEdit(this))
    , m_cancel(new QPushButton(tr("Cancel campaign…"), this))
{
    m_status->addItem(tr("Any status"), QString());
    for (const char *status : {"draft", "queued", "processing", "completed", "cancelled"})
        m_status->addItem(StatusLabels::campaign(QString::fromLatin1(status)), QString::fromLatin1(status));
    m_account->setValidator(new QIntValidator(1, INT_MAX, m_account));
    m_account->setPlaceholderText(tr("Any account"));

    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Status"), this));
    bar->addWidget(m_status);
    bar->addWidget(new QLabel(tr("Account ID"), this));
    bar->addWidget(m_account);
    bar->addStretch();
    bar->addWidget(m_cancel);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_list, 1);

    connect(m_status, &QComboBox::currentIndexChanged, this, &CampaignsView::refresh);
    connect(m_account, &QLineEdit::returnPressed, this, &CampaignsView::refresh);
    connect(m_list, &PagedTable::pageWanted, this, &CampaignsView::load);
    connect(m_list, &PagedTable::selectionChanged, this, &CampaignsView::updateButtons);
    connect(m_list, &PagedTable::pageArrived, this, [this] {
        updateButtons();
        Q_EMIT updated();
    });
    connect(m_cancel, &QPushButton::clicked, this, &CampaignsView::cancelSelected);
    updateButtons();
}

QStringList CampaignsView::cells(const CampaignRecord &campaign) const
{
    return {QString::number(campaign.id),
            QString::number(campaign.userId),
            campaign.name,
            campaign.senderIdValue,
            StatusLabels::campaign(campaign.status),
            QString(), // the progress bar
            QString::number(campaign.delivered),
            QString::number(campaign.failed),
            QStringLiteral("%1 %2").arg(Money::format(campaign.totalCost), campaign.currency),
            QDateTime::fromString(campaign.createdAt, Qt::ISODate).toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm"))};
}

void CampaignsView::refresh()
{
    m_list->restart();
    m_campaigns.clear();
    load(1);
}

void CampaignsView::load(qint64 page)
{
    session()->api().campaigns(m_status->currentData().toString(), m_account->text().toLongLong(), page, this,
                               m_list->pageHandler<CampaignRecord>([this](const CampaignRecord &campaign) { showCampaign(campaign, true); }));
}

void CampaignsView::showCampaign(const CampaignRecord &campaign, bool added)
{
    m_campaigns.insert(campaign.id, campaign);
    if (added)
        m_list->appendRow(campaign.id, cells(campaign));
    else
        m_list->replaceRow(campaign.id, cells(campaign));
    const int row = m_list->rowOf(campaign.id);
    if (row < 0)
        return;
    auto *bar = qobject_cast<QProgressBar *>(m_list->table()->cellWidget(row, ProgressColumn));
    if (!bar) {
        bar = new QProgressBar(m_list->table());
        m_list->table()->setCellWidget(row, ProgressColumn, bar);
    }
    // Sent out of every recipient: what has left for a carrier, whatever became of it after.
    bar->setRange(0, int(qMin<qint64>(qMax<qint64>(campaign.totalRecipients, 1), INT_MAX)));
    bar->setValue(int(qMin<qint64>(campaign.sent, bar->maximum())));
    bar->setFormat(tr("%1 of %2 sent").arg(campaign.sent).arg(campaign.totalRecipients));
}

QProgressBar *CampaignsView::progressOf(qint64 id) const
{
    const int row = m_list->rowOf(id);
    return row < 0 ? nullptr : qobject_cast<QProgressBar *>(m_list->table()->cellWidget(row, ProgressColumn));
}

bool CampaignsView::select(qint64 id)
{
    const int row = m_list->rowOf(id);
    if (row >= 0)
        m_list->table()->selectRow(row);
    return row >= 0;
}

void CampaignsView::updateButtons()
{
    m_cancel->setEnabled(m_campaigns.value(m_list->selectedId()).isCancellable());
}

void CampaignsView::cancelSelected()
{
    const CampaignRecord campaign = m_campaigns.value(m_list->selectedId());
    if (!campaign.isCancellable())
        return;
    // Window-modal and opened, not exec()'d: the window keeps painting and a test can answer it.
    m_confirmation = new QMessageBox(QMessageBox::Question, tr("Cancel campaign"),
                                     tr("Cancel campaign %1 “%2” of account %3? Recipients not yet sent are refunded to the "
                                        "account's wallet; this cannot be undone.")
                                         .arg(campaign.id)
                                         .arg(campaign.name)
                                         .arg(campaign.userId),
                                     QMessageBox::Yes | QMessageBox::No, this);
    m_confirmation->setDefaultButton(QMessageBox::No);
    m_confirmation->setAttribute(Qt::WA_DeleteOnClose);
    const qint64 id = campaign.id;
    QMessageBox *box = m_confirmation;
    connect(box, &QMessageBox::finished, this, [this, box, id] {
        if (box->clickedButton() == box->button(QMessageBox::Yes))
            confirmedCancel(id);
    });
    m_confirmation->open();
}

void CampaignsView::confirmedCancel(qint64 id)
{
    m_cancel->setEnabled(false);
    session()->api().cancelCampaign(id, this, [this](const ApiResult<CampaignRecord> &result) {
        if (!result.ok()) {
            m_list->showFailure(result.failure);
            updateButtons();
            return;
        }
        m_list->banner()->hide();
        showCampaign(*result.value, false);
        updateButtons();
        Q_EMIT updated();
        Q_EMIT statusMessage(tr("Campaign %1 cancelled.").arg(result.value->id));
    });
}

} // namespace ogene
