#pragma once

#include "consoleview.h"
#include "pagedtable.h"

#include <ogene/campaignrecord.h>

#include <QComboBox>
#include <QHash>
#include <QLineEdit>
#include <QMessageBox>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>

namespace ogene {

// Bulk campaigns across accounts, newest first, each with a progress bar from its live counts
// (sent out of every recipient, delivered and failed beside it); a queued or processing campaign
// can be cancelled after a confirmation that names it.
class CampaignsView : public ConsoleView
{
    Q_OBJECT
public:
    explicit CampaignsView(ConsoleSession *session, QWidget *parent = nullptr);

    QString title() const override { return tr("Campaigns"); }
    void refresh() override;
    void focusSearch() override { m_account->setFocus(); }

    PagedTable *list() const { return m_list; }
    QComboBox *statusFilter() const { return m_status; }
    QLineEdit *accountField() const { return m_account; }
    QPushButton *cancelButton() const { return m_cancel; }
    // The open "cancel this campaign?" question, if any.
    QMessageBox *confirmation() const { return m_confirmation; }
    QProgressBar *progressOf(qint64 id) const;
    bool select(qint64 id);
    void cancelSelected();

Q_SIGNALS:
    void updated();

private:
    enum Column { ProgressColumn = 5 };

    void load(qint64 page);
    void showCampaign(const CampaignRecord &campaign, bool added);
    void confirmedCancel(qint64 id);
    void updateButtons();
    QStringList cells(const CampaignRecord &campaign) const;

    PagedTable *m_list;
    QComboBox *m_status;
    QLineEdit *m_account;
    QPushButton *m_cancel;
    QPointer<QMessageBox> m_confirmation;
    QHash<qint64, CampaignRecord> m_campaigns;
};

} // namespace ogene
