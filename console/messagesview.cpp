#include "messagesview.h"

#include "consolesession.h"
#include "statuslabels.h"

#include <QFormLayout>
#include <QGridLayout>
#include <QIntValidator>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>

namespace ogene {
namespace {

QString localTime(const QString &iso)
{
    const QDateTime time = QDateTime::fromString(iso, Qt::ISODate);
    return time.isValid() ? time.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) : QString();
}

} // namespace

MessagesView::MessagesView(ConsoleSession *session, QWidget *parent)
    : ConsoleView(session, parent)
    , m_list(new PagedTable({tr("ID"), tr("Account"), tr("Recipient"), tr("Sender ID"), tr("Status"), tr("Cost"), tr("Created")}, this))
    , m_account(new QLineEdit(this))
    , m_status(new QComboBox(this))
    , m_recipient(new QLineEdit(this))
    , m_sender(new QLineEdit(this))
    , m_dateFrom(new QLineEdit(this))
    , m_dateTo(new QLineEdit(this))
    , m_detail(new QTextBrowser(this))
{
    m_account->setValidator(new QIntValidator(1, INT_MAX, m_account));
    m_account->setPlaceholderText(tr("Any account"));
    m_status->addItem(tr("Any status"), QString());
    m_status->addItem(tr("Queued"), QStringLiteral("queued"));
    m_status->addItem(tr("Sent"), QStringLiteral("sent"));
    m_status->addItem(tr("Delivered"), QStringLiteral("delivered"));
    m_status->addItem(tr("Failed"), QStringLiteral("failed"));
    m_recipient->setMaxLength(32);
    m_recipient->setPlaceholderText(tr("+2348031234567"));
    m_sender->setMaxLength(11);
    for (QLineEdit *date : {m_dateFrom, m_dateTo}) {
        date->setMaxLength(30);
        date->setPlaceholderText(tr("YYYY-MM-DD"));
    }
    auto *search = new QPushButton(tr("Search"), this);

    auto *filters = new QGridLayout;
    filters->addWidget(new QLabel(tr("Account ID"), this), 0, 0);
    filters->addWidget(m_account, 0, 1);
    filters->addWidget(new QLabel(tr("Status"), this), 0, 2);
    filters->addWidget(m_status, 0, 3);
    filters->addWidget(new QLabel(tr("Recipient"), this), 0, 4);
    filters->addWidget(m_recipient, 0, 5);
    filters->addWidget(new QLabel(tr("Sender ID"), this), 1, 0);
    filters->addWidget(m_sender, 1, 1);
    filters->addWidget(new QLabel(tr("From"), this), 1, 2);
    filters->addWidget(m_dateFrom, 1, 3);
    filters->addWidget(new QLabel(tr("To"), this), 1, 4);
    filters->addWidget(m_dateTo, 1, 5);
    filters->addWidget(search, 1, 6);

    m_detail->setPlaceholderText(tr("Choose a message to see it in full."));
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("messagesSplitter"));
    splitter->addWidget(m_list);
    splitter->addWidget(m_detail);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(filters);
    layout->addWidget(splitter, 1);

    for (QLineEdit *field : {m_account, m_recipient, m_sender, m_dateFrom, m_dateTo})
        connect(field, &QLineEdit::returnPressed, this, &MessagesView::refresh);
    connect(search, &QPushButton::clicked, this, &MessagesView::refresh);
    connect(m_status, &QComboBox::currentIndexChanged, this, &MessagesView::refresh);
    connect(m_list, &PagedTable::pageWanted, this, &MessagesView::load);
    connect(m_list, &PagedTable::selectionChanged, this, &MessagesView::showDetail);
    connect(m_list, &PagedTable::pageArrived, this, &MessagesView::updated);
}

void MessagesView::refresh()
{
    m_list->restart();
    m_messages.clear();
    m_detail->clear();
    load(1);
}

void MessagesView::focusSearch()
{
    m_recipient->setFocus();
    m_recipient->selectAll();
}

void MessagesView::load(qint64 page)
{
    AdminClient::MessageFilter filter;
    filter.userId = m_account->text().toLongLong();
    filter.status = m_status->currentData().toString();
    filter.recipient = m_recipient->text();
    filter.senderId = m_sender->text();
    filter.dateFrom = m_dateFrom->text();
    filter.dateTo = m_dateTo->text();
    session()->api().messages(filter, page, this, m_list->pageHandler<MessageRecord>([this](const MessageRecord &message) {
        m_messages.insert(message.id, message);
        m_list->appendRow(message.id, {QString::number(message.id), QString::number(message.userId), message.recipientPhone,
                                       message.senderIdValue, StatusLabels::message(message.status),
                                       message.cost + QLatin1Char(' ') + message.currency, localTime(message.createdAt)});
    }));
}

void MessagesView::showDetail()
{
    const MessageRecord message = m_messages.value(m_list->selectedId());
    if (message.id == 0) {
        m_detail->clear();
        return;
    }
    const auto row = [](const QString &label, const QString &value) {
        return QStringLiteral("<tr><th align=left>%1</th><td>%2</td></tr>").arg(label.toHtmlEscaped(), value.toHtmlEscaped());
    };
    QString html = QStringLiteral("<h3>%1</h3><table cellspacing=4>").arg(tr("Message %1").arg(message.id));
    html += row(tr("Account"), QString::number(message.userId));
    html += row(tr("Recipient"), message.recipientPhone);
    html += row(tr("Sender ID"), message.senderIdValue);
    html += row(tr("Status"), StatusLabels::message(message.status));
    if (!message.failureReason.isEmpty())
        html += row(tr("Failure reason"), message.failureReason);
    html += row(tr("Segments"), tr("%1 (%2)").arg(message.segmentsCount).arg(message.encoding));
    html += row(tr("Cost"), message.cost + QLatin1Char(' ') + message.currency);
    html += row(tr("Sandbox"), message.sandbox ? tr("Yes") : tr("No"));
    html += row(tr("Created"), localTime(message.createdAt));
    html += row(tr("Sent"), localTime(message.sentAt));
    html += row(tr("Completed"), localTime(message.completedAt));
    html += QStringLiteral("</table><h4>%1</h4><p style='white-space: pre-wrap'>%2</p>")
                .arg(tr("Text").toHtmlEscaped(), message.messageText.toHtmlEscaped());
    m_detail->setHtml(html);
}

} // namespace ogene
