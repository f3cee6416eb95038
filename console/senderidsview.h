#pragma once

#include "consoleview.h"
#include "pagedtable.h"

#include <ogene/senderidrecord.h>

#include <QComboBox>
#include <QHash>
#include <QLabel>
#include <QPushButton>

namespace ogene {

// Sender IDs: the pending queue first (oldest request on top); approve, or reject with a reason.
class SenderIdsView : public ConsoleView
{
    Q_OBJECT
public:
    explicit SenderIdsView(ConsoleSession *session, QWidget *parent = nullptr);

    QString title() const override { return tr("Sender IDs"); }
    void refresh() override;
    void focusSearch() override { m_status->setFocus(); }

    PagedTable *list() const { return m_list; }
    QComboBox *statusFilter() const { return m_status; }
    QLabel *banner() const { return m_list->banner(); }
    bool select(qint64 id);
    void approveSelected();
    void rejectSelected();

Q_SIGNALS:
    void updated();

private:
    void load(qint64 page);
    void showSenderId(const SenderIdRecord &senderId);
    void updateButtons();
    QStringList cells(const SenderIdRecord &senderId) const;

    PagedTable *m_list;
    QComboBox *m_status;
    QPushButton *m_approve;
    QPushButton *m_reject;
    QHash<qint64, SenderIdRecord> m_senderIds;
};

} // namespace ogene
