#pragma once

#include "consoleview.h"
#include "pagedtable.h"

#include <ogene/messagerecord.h>

#include <QComboBox>
#include <QHash>
#include <QLabel>
#include <QLineEdit>
#include <QTextBrowser>

namespace ogene {

// Messages across accounts with the API's filters (account, status, recipient, sender ID, dates),
// paged, and the chosen message in full beside the list.
class MessagesView : public ConsoleView
{
    Q_OBJECT
public:
    explicit MessagesView(ConsoleSession *session, QWidget *parent = nullptr);

    QString title() const override { return tr("Messages"); }
    void refresh() override;
    void focusSearch() override;

    PagedTable *list() const { return m_list; }
    QLineEdit *accountField() const { return m_account; }
    QLineEdit *recipientField() const { return m_recipient; }
    QComboBox *statusFilter() const { return m_status; }
    QLineEdit *dateFromField() const { return m_dateFrom; }
    QTextBrowser *detail() const { return m_detail; }
    QLabel *banner() const { return m_list->banner(); }

Q_SIGNALS:
    void updated();

private:
    void load(qint64 page);
    void showDetail();

    PagedTable *m_list;
    QLineEdit *m_account;
    QComboBox *m_status;
    QLineEdit *m_recipient;
    QLineEdit *m_sender;
    QLineEdit *m_dateFrom;
    QLineEdit *m_dateTo;
    QTextBrowser *m_detail;
    QHash<qint64, MessageRecord> m_messages;
};

} // namespace ogene
