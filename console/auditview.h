#pragma once

#include "consoleview.h"
#include "pagedtable.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>

namespace ogene {

// The audit log, read-only: what each admin changed, when and from where, newest first, with the
// API's filters (admin, action, target, dates), loaded a page at a time as the list is scrolled.
class AuditView : public ConsoleView
{
    Q_OBJECT
public:
    explicit AuditView(ConsoleSession *session, QWidget *parent = nullptr);

    QString title() const override { return tr("Audit"); }
    void refresh() override;
    void focusSearch() override;

    PagedTable *list() const { return m_list; }
    QComboBox *actionFilter() const { return m_action; }
    QLineEdit *adminField() const { return m_admin; }
    QLineEdit *targetIdField() const { return m_targetId; }
    QLabel *banner() const { return m_list->banner(); }

Q_SIGNALS:
    void updated();

private:
    void load(qint64 page);

    PagedTable *m_list;
    QLineEdit *m_admin;
    QComboBox *m_action;
    QComboBox *m_targetType;
    QLineEdit *m_targetId;
    QLineEdit *m_dateFrom;
    QLineEdit *m_dateTo;
};

} // namespace ogene
