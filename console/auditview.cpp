#include "auditview.h"

#include "consolesession.h"

#include <QDateTime>
#include <QGridLayout>
#include <QIntValidator>
#include <QJsonDocument>
#include <QPushButton>
#include <QVBoxLayout>

namespace ogene {

AuditView::AuditView(ConsoleSession *session, QWidget *parent)
    : ConsoleView(session, parent)
    , m_list(new PagedTable({tr("ID"), tr("Time"), tr("Admin"), tr("Action"), tr("Target"), tr("Details"), tr("Address")}, this))
    , m_admin(new QLineEdit(this))
    , m_action(new QComboBox(this))
    , m_targetType(new QComboBox(this))
    , m_targetId(new QLineEdit(this))
    , m_dateFrom(new QLineEdit(this))
    , m_dateTo(new QLineEdit(this))
{
    m_admin->setValidator(new QIntValidator(1, INT_MAX, m_admin));
    m_admin->setPlaceholderText(tr("Any admin"));
    // The actions are the API's own names, shown as they are stored; the list names those known today.
    m_action->addItem(tr("Any action"), QString());
    for (const char *action : {"auth.sign_in", "user.create", "user.update", "user.suspend", "user.reactivate", "user.smpp_access",
                               "wallet.credit", "sender_id.approve", "sender_id.reject", "route.update", "pricing.update",
                               "campaign.cancel"})
        m_action->addItem(QString::fromLatin1(action), QString::fromLatin1(action));
    m_targetType->addItem(tr("Any target"), QString());
    m_targetType->addItem(tr("Account"), QStringLiteral("user"));
    m_targetType->addItem(tr("Sender ID"), QStringLiteral("sender_id"));
    m_targetType->addItem(tr("Campaign"), QStringLiteral("campaign"));
    m_targetType->addItem(tr("Routes"), QStringLiteral("route"));
    m_targetType->addItem(tr("Pricing"), QStringLiteral("pricing"));
    m_targetId->setValidator(new QIntValidator(1, INT_MAX, m_targetId));
    m_targetId->setPlaceholderText(tr("Any ID"));
    for (QLineEdit *date : {m_dateFrom, m_dateTo}) {
        date->setMaxLength(30);
        date->setPlaceholderText(tr("YYYY-MM-DD"));
    }
    auto *search = new QPushButton(tr("Search"), this);

    auto *filters = new QGridLayout;
    filters->addWidget(new QLabel(tr("Admin ID"), this), 0, 0);
    filters->addWidget(m_admin, 0, 1);
    filters->addWidget(new QLabel(tr("Action"), this), 0, 2);
    filters->addWidget(m_action, 0, 3);
    filters->addWidget(new QLabel(tr("Target"), this), 0, 4);
    filters->addWidget(m_targetType, 0, 5);
    filters->addWidget(m_targetId, 0, 6);
    filters->addWidget(new QLabel(tr("From"), this), 1, 0);
    filters->addWidget(m_dateFrom, 1, 1);
    filters->addWidget(new QLabel(tr("To"), this), 1, 2);
    filters->addWidget(m_dateTo, 1, 3);
    filters->addWidget(search, 1, 6);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(filters);
    layout->addWidget(m_list, 1);

    for (QLineEdit *field : {m_admin, m_targetId, m_dateFrom, m_dateTo})
        connect(field, &QLineEdit::returnPressed, this, &AuditView::refresh);
    connect(search, &QPushButton::clicked, this, &AuditView::refresh);
    connect(m_action, &QComboBox::currentIndexChanged, this, &AuditView::refresh);
    connect(m_targetType, &QComboBox::currentIndexChanged, this, &AuditView::refresh);
    connect(m_list, &PagedTable::pageWanted, this, &AuditView::load);
    connect(m_list, &PagedTable::pageArrived, this, &AuditView::updated);
}

void AuditView::refresh()
{
    m_list->restart();
    load(1);
}

void AuditView::focusSearch()
{
    m_admin->setFocus();
    m_admin->selectAll();
}

void AuditView::load(qint64 page)
{
    AdminClient::AuditFilter filter;
    filter.actorId = m_admin->text().toLongLong();
    filter.action = m_action->currentData().toString();
    filter.targetType = m_targetType->currentData().toString();
    filter.targetId = m_targetId->text().toLongLong();
    filter.dateFrom = m_dateFrom->text();
    filter.dateTo = m_dateTo->text();
    session()->api().audit(filter, page, this, m_list->pageHandler<AuditRecord>([this](const AuditRecord &entry) {
        const QString target = entry.targetId ? QStringLiteral("%1 %2").arg(entry.targetType).arg(*entry.targetId) : entry.targetType;
        m_list->appendRow(entry.id, {QString::number(entry.id),
                                     QDateTime::fromString(entry.createdAt, Qt::ISODate).toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")),
                                     QStringLiteral("%1 (%2)").arg(entry.actorEmail).arg(entry.actorId), entry.action, target,
                                     QString::fromUtf8(QJsonDocument(entry.details).toJson(QJsonDocument::Compact)),
                                     entry.clientAddress});
    }));
}

} // namespace ogene
